/**
 * The selected module on the course screen: its title, level, description and progress, the
 * 'Start Lesson' card for its first lesson and the grid of its lessons with durations and status icons.
 */
import { Box, Button, chakra, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Lesson, Module, ProgressRecord } from '@tickwise/contracts';
import { useNavigate } from 'react-router-dom';
import { ModuleMasteryLine } from '../review/ModuleMasteryLine';
import { useCourseLessonsQuery, useCourseQuizResultsQuery } from './course-api';
import { lessonHref } from './course-routes';
import { completedLessonIds, isQuizDone, lessonStatus, moduleProgress } from './progress';
import { scoreColour, scoreColourTokens } from './score';
import { ErrorState, LevelBadge, Loading, minutes, ProgressBar, StatusIcon, StatusLegend } from './ui';

export interface ModuleDetailProps {
  readonly module: Module;
  readonly records: readonly ProgressRecord[];
}

export function ModuleDetail({ module, records }: ModuleDetailProps) {
  const navigate = useNavigate();
  const lessons = useCourseLessonsQuery(module.id);
  const list: readonly Lesson[] = lessons.data ?? [];
  const first = list[0];
  const open = (lesson: Lesson) => navigate(lessonHref(module.id, lesson.id));

  return (
    <Box
      as="section"
      id="module-detail"
      aria-labelledby="module-title"
      scrollMarginTop={{ base: '36', md: '24' }}
      layerStyle="panel"
      p={{ base: '5', md: '7' }}
      position={{ lg: 'sticky' }}
      top={{ lg: '24' }}
      data-testid="module-detail"
    >
      <ModuleSummary module={module} records={records} lessonCount={list.length} />
      {lessons.isLoading ? (
        <Loading label="Loading the lessons…" />
      ) : lessons.isError ? (
        <Box mt="6">
          <ErrorState
            title="The lessons could not be loaded"
            error={lessons.error}
            onRetry={() => void lessons.refetch()}
          />
        </Box>
      ) : first === undefined ? (
        <Text mt="6" color="fg.muted">
          The lessons of this module are being written.
        </Text>
      ) : (
        <>
          <StartLessonCard lesson={first} onStart={() => open(first)} />
          <Flex justify="space-between" align="center" mt="8" mb="3" gap="3" wrap="wrap">
            <Heading as="h3" fontSize="lg" textStyle="subtitle">
              Lessons
            </Heading>
            <StatusLegend />
          </Flex>
          <LessonCards lessons={list} completed={completedLessonIds(records, module.id)} onOpen={open} />
        </>
      )}
    </Box>
  );
}

/** Level, number, duration, title, description and progress (lessons, quiz, latest score). */
function ModuleSummary({
  module,
  records,
  lessonCount,
}: ModuleDetailProps & { readonly lessonCount: number }) {
  const results = useCourseQuizResultsQuery();
  const percent = moduleProgress(records, module.id);
  const completed = completedLessonIds(records, module.id);
  const latest = (results.data ?? []).find((r) => r.moduleId === module.id);
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <LevelBadge level={module.level} />
        <Text fontSize="sm" color="fg.muted">
          Module {module.id} · {minutes(module.duration)}
        </Text>
      </HStack>
      <Heading as="h2" id="module-title" fontSize={{ base: '2xl', md: '3xl' }} textStyle="subtitle">
        {module.title}
      </Heading>
      <Text color="fg.muted">{module.description}</Text>
      <Box>
        <Flex justify="space-between" fontSize="sm" mb="1.5" gap="3" wrap="wrap">
          <Text as="span" color="fg">
            Progress
          </Text>
          <Text as="span" color="fg" fontWeight="semibold" data-testid="selected-module-progress">
            {percent}%
          </Text>
        </Flex>
        <ProgressBar value={percent} label={`${module.title} progress`} />
        <Text fontSize="sm" color="fg.muted" mt="2">
          {completed.size} of {lessonCount || 4} lessons completed ·{' '}
          {isQuizDone(records, module.id) ? 'quiz completed' : 'quiz not taken yet'}
          {latest ? (
            <>
              {' '}
              · latest score{' '}
              <Text as="span" fontWeight="semibold" color={scoreColourTokens[scoreColour(latest.score)]}>
                {latest.score}%
              </Text>
            </>
          ) : null}
        </Text>
      </Box>
      <ModuleMasteryLine moduleId={module.id} />
    </Stack>
  );
}

function StartLessonCard({ lesson, onStart }: { readonly lesson: Lesson; readonly onStart: () => void }) {
  return (
    <Box
      mt="6"
      p="5"
      rounded="lg"
      borderWidth="1px"
      borderColor="brand.700"
      bg="rgba(8, 51, 68, 0.55)"
      data-testid="start-lesson-card"
    >
      <Flex
        justify="space-between"
        align={{ base: 'flex-start', sm: 'center' }}
        gap="4"
        direction={{ base: 'column', sm: 'row' }}
      >
        <Box>
          <Text fontSize="sm" color="brand.fg" fontWeight="semibold">
            Lesson 1
          </Text>
          <Heading as="h3" fontSize="lg" textStyle="subtitle" mt="1">
            {lesson.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted" mt="1">
            {minutes(lesson.duration)}
          </Text>
        </Box>
        <Button onClick={onStart} flexShrink={0}>
          Start Lesson
        </Button>
      </Flex>
    </Box>
  );
}

interface LessonCardsProps {
  readonly lessons: readonly Lesson[];
  readonly completed: ReadonlySet<number>;
  readonly onOpen: (lesson: Lesson) => void;
}

function LessonCards({ lessons, completed, onOpen }: LessonCardsProps) {
  return (
    <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="3" listStyleType="none">
      {lessons.map((lesson, i) => {
        const status = lessonStatus(completed, lesson.id);
        return (
          <Box as="li" key={lesson.id}>
            <chakra.button
              type="button"
              onClick={() => onOpen(lesson)}
              data-testid="lesson-card"
              data-status={status}
              w="full"
              h="full"
              textAlign="start"
              p="4"
              rounded="lg"
              borderWidth="1px"
              borderColor="border"
              bg="bg.subtle"
              cursor="pointer"
              _hover={{ borderColor: 'border.emphasized', bg: 'bg.panel' }}
              _focusVisible={{
                outline: '2px solid',
                outlineColor: 'brand.focusRing',
                outlineOffset: '2px',
              }}
            >
              <Flex gap="3" align="flex-start">
                <StatusIcon status={status} />
                <Box>
                  <Text fontWeight="semibold" color="fg">
                    {i + 1}. {lesson.title}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" mt="1">
                    {minutes(lesson.duration)}
                  </Text>
                </Box>
              </Flex>
            </chakra.button>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
