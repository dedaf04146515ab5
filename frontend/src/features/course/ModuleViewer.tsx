/**
 * The module viewer: 'Back to Course', the module's title, description, level badge and progress
 * percent; a sidebar of its lessons (a check on completed ones, durations in min) with the 'Module Quiz'
 * entry once every lesson is completed and the quiz has questions ('Completed' or the question count);
 * the lesson (title, description, duration, a video placeholder when it has a videoUrl, its sections, then
 * its 'Check your understanding' questions, practice that blocks nothing);
 * Previous, Next (marks the lesson complete if it is not, then advances) and, on the last lesson,
 * 'Take Module Quiz' (marks it complete, opens the quiz). The quiz counts only once every lesson is completed,
 * so while others are still to finish 'Take Module Quiz' shows a notice naming them instead of the quiz.
 */
import { Box, Button, Container, Flex, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { Lesson, Module, QuizQuestion } from '@tickwise/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../app/use-page-title';
import {
  useCourseLessonsQuery,
  useCourseModulesQuery,
  useCourseProgressQuery,
  useCourseQuizQuery,
  useRecordCourseProgressMutation,
} from './course-api';
import { courseHref, lessonHref, quizHref } from './course-routes';
import { LessonChecks } from './LessonChecks';
import { LessonContent } from './LessonContent';
import { LessonSidebar } from './LessonSidebar';
import { LessonsToFinish } from './LessonsToFinish';
import { allLessonsDone, completedLessonIds, isQuizDone, lessonsToFinish, moduleProgress } from './progress';
import { ErrorState, errorText, LevelBadge, Loading, minutes, ProgressBar, panel } from './ui';
import { VideoPlaceholder } from './VideoPlaceholder';

export interface ModuleViewerProps {
  readonly moduleId: number;
  /** The lesson to show; null (or an id not in the module) shows the first lesson. */
  readonly lessonId: number | null;
}

function BackToCourse({ moduleId }: { readonly moduleId: number }) {
  return (
    <Button asChild variant="ghost" size="sm" ms="-3">
      <RouterLink to={courseHref(moduleId)}>
        <span aria-hidden="true">←</span> Back to Course
      </RouterLink>
    </Button>
  );
}

export function ModuleViewer({ moduleId, lessonId }: ModuleViewerProps) {
  const modules = useCourseModulesQuery();
  const lessons = useCourseLessonsQuery(moduleId);
  const quiz = useCourseQuizQuery(moduleId);
  const progress = useCourseProgressQuery();
  const module = modules.data?.find((m) => m.id === moduleId);
  usePageTitle(module ? module.title : 'Course');

  const failed = [
    { query: modules, title: 'The modules could not be loaded' },
    { query: lessons, title: 'The lessons could not be loaded' },
    { query: progress, title: 'Your progress could not be loaded' },
  ].find((q) => q.query.isError);

  let body: ReactNode;
  if (modules.isLoading || lessons.isLoading || progress.isLoading) {
    body = <Loading label="Loading the module…" />;
  } else if (failed) {
    body = (
      <ErrorState
        title={failed.title}
        error={failed.query.error}
        onRetry={() => void failed.query.refetch()}
      />
    );
  } else if (module === undefined) {
    body = (
      <Box {...panel} p="6">
        <Heading as="h1" fontSize="2xl">
          Module not found
        </Heading>
        <Text color="fg.muted" mt="2">
          There is no module {moduleId} in the course.
        </Text>
      </Box>
    );
  } else {
    body = (
      <Viewer
        module={module}
        lessons={lessons.data ?? []}
        questions={quiz.data ?? []}
        quizError={quiz.isError ? quiz.error : null}
        records={progress.data ?? []}
        lessonId={lessonId}
      />
    );
  }

  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <BackToCourse moduleId={moduleId} />
      <Box mt="3">{body}</Box>
    </Container>
  );
}

interface ViewerProps {
  readonly module: Module;
  readonly lessons: readonly Lesson[];
  readonly questions: readonly QuizQuestion[];
  readonly quizError: unknown;
  readonly records: Parameters<typeof moduleProgress>[0];
  readonly lessonId: number | null;
}

function Viewer({ module, lessons, questions, quizError, records, lessonId }: ViewerProps) {
  const navigate = useNavigate();
  const [record, { isLoading: saving }] = useRecordCourseProgressMutation();
  const [saveError, setSaveError] = useState<string | null>(null);
  /** The lesson whose 'Take Module Quiz' found other lessons still to finish. */
  const [blockedAt, setBlockedAt] = useState<number | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const index = Math.max(
    0,
    lessons.findIndex((l) => l.id === lessonId),
  );
  const lesson = lessons[index];
  const completed = completedLessonIds(records, module.id);
  const percent = moduleProgress(records, module.id);
  const quizDone = isQuizDone(records, module.id);
  const showQuizEntry =
    allLessonsDone(
      completed,
      lessons.map((l) => l.id),
    ) && questions.length > 0;
  const isLast = index === lessons.length - 1;
  const previous = index > 0 ? lessons[index - 1] : undefined;
  const next = lessons[index + 1];

  // A new lesson: its title takes the focus, so keyboard and screen-reader users start reading there.
  const currentId = lesson?.id;
  useEffect(() => {
    if (currentId === undefined) return;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setSaveError(null);
    setBlockedAt(null);
    titleRef.current?.focus();
  }, [currentId]);

  /** Marks the lesson complete (once); false (and why, on screen) when that could not be saved. */
  const markDone = async (): Promise<boolean> => {
    if (lesson === undefined) return false;
    setSaveError(null);
    try {
      if (!completed.has(lesson.id)) {
        await record({ moduleId: module.id, lessonId: lesson.id, completed: true }).unwrap();
      }
      return true;
    } catch (error) {
      setSaveError(`Your progress could not be saved: ${errorText(error)}`);
      return false;
    }
  };

  /** Marks the lesson complete (once), then goes on. */
  const completeThen = async (to: string) => {
    if (await markDone()) navigate(to);
  };

  /** Marks the lesson complete (once), then opens the quiz, or names the lessons still to finish. */
  const takeQuiz = async () => {
    if (lesson === undefined) return;
    setBlockedAt(null);
    const othersLeft = lessonsToFinish(lessons, completed).some((l) => l.lesson.id !== lesson.id);
    if (!(await markDone())) return;
    if (othersLeft) setBlockedAt(lesson.id);
    else navigate(quizHref(module.id));
  };
  // Live, so a lesson finished elsewhere drops off; this lesson counts as done once the notice is shown.
  const toFinish =
    blockedAt !== null && blockedAt === lesson?.id
      ? lessonsToFinish(lessons, completed).filter((l) => l.lesson.id !== blockedAt)
      : [];

  return (
    <Stack gap="6">
      <Box as="header">
        <HStack gap="3" wrap="wrap" mb="2">
          <LevelBadge level={module.level} />
          <Text fontSize="sm" color="fg.muted">
            Module {module.id}
          </Text>
        </HStack>
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          {module.title}
        </Heading>
        <Text color="fg.muted" mt="2" maxW="3xl">
          {module.description}
        </Text>
        <Flex align="center" gap="3" mt="4" maxW="md">
          <Box flex="1">
            <ProgressBar value={percent} label="Module progress" />
          </Box>
          <Text
            fontSize="sm"
            fontWeight="semibold"
            color="fg"
            data-testid="viewer-progress"
            minW="fit-content"
          >
            {percent}% complete
          </Text>
        </Flex>
      </Box>

      <Grid templateColumns={{ base: '1fr', lg: '300px minmax(0, 1fr)' }} gap="6" alignItems="start">
        <LessonSidebar
          module={module}
          lessons={lessons}
          currentId={lesson?.id}
          completed={completed}
          quiz={showQuizEntry ? { questions: questions.length, done: quizDone } : null}
          quizError={quizError}
        />

        {lesson === undefined ? (
          <Box {...panel} p="6">
            <Text color="fg.muted">The lessons of this module are being written.</Text>
          </Box>
        ) : (
          <Box as="article" aria-labelledby="lesson-title" {...panel} p={{ base: '5', md: '8' }}>
            <Text fontSize="sm" color="brand.fg" fontWeight="semibold">
              Lesson {index + 1} of {lessons.length}
            </Text>
            <Heading
              as="h2"
              id="lesson-title"
              ref={titleRef}
              tabIndex={-1}
              outline="none"
              fontSize={{ base: '2xl', md: '3xl' }}
              letterSpacing="-0.01em"
              mt="1"
            >
              {lesson.title}
            </Heading>
            <Text color="fg.muted" mt="2">
              {lesson.description}
            </Text>
            <Text fontSize="sm" color="fg.muted" mt="2" data-testid="lesson-duration">
              Duration: {minutes(lesson.duration)}
            </Text>

            {lesson.videoUrl ? <VideoPlaceholder title={lesson.title} /> : null}

            <Box mt="6">
              <LessonContent content={lesson.content} />
            </Box>

            <LessonChecks key={lesson.id} moduleId={module.id} lessonId={lesson.id} checks={lesson.checks} />

            {saveError ? (
              <Box mt="6">
                <Text role="alert" color="red.300" fontSize="sm">
                  {saveError}
                </Text>
              </Box>
            ) : null}

            {toFinish.length > 0 ? (
              <Box mt="6">
                <LessonsToFinish moduleId={module.id} toFinish={toFinish} />
              </Box>
            ) : null}

            <Flex
              as="nav"
              aria-label="Lesson navigation"
              justify="space-between"
              gap="3"
              mt="8"
              pt="6"
              borderTopWidth="1px"
              borderColor="border"
              wrap="wrap"
            >
              <Button
                variant="outline"
                disabled={previous === undefined || saving}
                onClick={() => previous && navigate(lessonHref(module.id, previous.id))}
              >
                Previous
              </Button>
              {isLast || next === undefined ? (
                <Button loading={saving} loadingText="Saving…" onClick={() => void takeQuiz()}>
                  Take Module Quiz
                </Button>
              ) : (
                <Button
                  loading={saving}
                  loadingText="Saving…"
                  onClick={() => void completeThen(lessonHref(module.id, next.id))}
                >
                  Next
                </Button>
              )}
            </Flex>
          </Box>
        )}
      </Grid>
    </Stack>
  );
}
