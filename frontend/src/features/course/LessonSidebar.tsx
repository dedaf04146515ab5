/**
 * The module viewer's sidebar: its lessons in order (a check on completed ones, the current one marked,
 * durations in min) and, once every lesson is completed and the quiz has questions, the 'Module Quiz' entry.
 */
import { Box, Link, Stack, Text } from '@chakra-ui/react';
import type { Lesson, Module } from '@tickwise/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { lessonHref, quizHref } from './course-routes';
import { errorText, minutes, StatusIcon } from './ui';

export interface LessonSidebarProps {
  readonly module: Module;
  readonly lessons: readonly Lesson[];
  readonly currentId: number | undefined;
  readonly completed: ReadonlySet<number>;
  /** The quiz entry, shown only when it can be taken. */
  readonly quiz: { readonly questions: number; readonly done: boolean } | null;
  readonly quizError: unknown;
}

export function LessonSidebar({
  module,
  lessons,
  currentId,
  completed,
  quiz,
  quizError,
}: LessonSidebarProps) {
  return (
    <Box
      as="nav"
      aria-label="Lessons in this module"
      layerStyle="panel"
      p="3"
      position={{ lg: 'sticky' }}
      top={{ lg: '24' }}
    >
      <Stack as="ol" gap="1" listStyleType="none">
        {lessons.map((l, i) => {
          const done = completed.has(l.id);
          const current = l.id === currentId;
          return (
            <Box as="li" key={l.id}>
              <Link
                asChild
                display="flex"
                gap="3"
                alignItems="flex-start"
                px="3"
                py="2.5"
                rounded="md"
                textDecoration="none"
                color="fg"
                bg={current ? 'rgba(8, 51, 68, 0.8)' : 'transparent'}
                borderStartWidth="3px"
                borderStartColor={current ? 'brand.400' : 'transparent'}
                _hover={{ bg: current ? 'rgba(8, 51, 68, 0.8)' : 'bg.muted', textDecoration: 'none' }}
                data-testid="sidebar-lesson"
                data-completed={done}
              >
                <RouterLink to={lessonHref(module.id, l.id)} aria-current={current ? 'page' : undefined}>
                  <Box as="span" w="5" pt="0.5" display="inline-flex" justifyContent="center" flexShrink={0}>
                    {done ? (
                      <StatusIcon status="completed" />
                    ) : (
                      <Text as="span" fontSize="sm" color="fg.muted">
                        {i + 1}
                      </Text>
                    )}
                  </Box>
                  <Box as="span" display="block">
                    <Text
                      as="span"
                      display="block"
                      fontSize="sm"
                      fontWeight={current ? 'semibold' : 'medium'}
                    >
                      {l.title}
                    </Text>
                    <Text as="span" display="block" fontSize="xs" color="fg.muted">
                      {minutes(l.duration)}
                    </Text>
                  </Box>
                </RouterLink>
              </Link>
            </Box>
          );
        })}
        {quiz ? (
          <Box as="li" borderTopWidth="1px" borderColor="border" mt="1" pt="1">
            <Link
              asChild
              display="flex"
              justifyContent="space-between"
              alignItems="center"
              gap="3"
              px="3"
              py="2.5"
              rounded="md"
              color="fg"
              textDecoration="none"
              _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
              data-testid="quiz-entry"
            >
              <RouterLink to={quizHref(module.id)}>
                <Text as="span" fontWeight="semibold" fontSize="sm">
                  Module Quiz
                </Text>
                <Text
                  as="span"
                  fontSize="xs"
                  color={quiz.done ? 'green.300' : 'brand.fg'}
                  fontWeight="semibold"
                >
                  {quiz.done ? 'Completed' : `${quiz.questions} questions`}
                </Text>
              </RouterLink>
            </Link>
          </Box>
        ) : null}
      </Stack>
      {quizError ? (
        <Text fontSize="xs" color="red.300" px="3" pt="2" role="alert">
          The quiz could not be loaded: {errorText(quizError)}
        </Text>
      ) : null}
    </Box>
  );
}
