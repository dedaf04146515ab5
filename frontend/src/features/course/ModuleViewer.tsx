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
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../app/use-page-title';
import {
  useCourseLessonsQuery,
  useCourseModulesQuery,
  useCourseProgressQuery,
  useCourseQuizQuery,
} from './course-api';
import { courseHref, lessonHref } from './course-routes';
import { LessonChecks } from './LessonChecks';
import { LessonContent } from './LessonContent';
import { LessonSidebar } from './LessonSidebar';
import { LessonsToFinish } from './LessonsToFinish';
import { allLessonsDone, completedLessonIds, isQuizDone, moduleProgress } from './progress';
import { ErrorState, LevelBadge, Loading, minutes, ProgressBar } from './ui';
import { type LessonSteps, useLessonSteps } from './use-lesson-steps';
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
      <Box layerStyle="panel" p="6">
        <Heading as="h1" fontSize="2xl" textStyle="title">
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
  const index = Math.max(
    0,
    lessons.findIndex((l) => l.id === lessonId),
  );
  const lesson = lessons[index];
  const completed = completedLessonIds(records, module.id);
  const steps = useLessonSteps(module, lessons, lesson, completed);
  const showQuizEntry =
    allLessonsDone(
      completed,
      lessons.map((l) => l.id),
    ) && questions.length > 0;

  return (
    <Stack gap="6">
      <ModuleHeader module={module} percent={moduleProgress(records, module.id)} />
      <Grid templateColumns={{ base: '1fr', lg: '300px minmax(0, 1fr)' }} gap="6" alignItems="start">
        <LessonSidebar
          module={module}
          lessons={lessons}
          currentId={lesson?.id}
          completed={completed}
          quiz={showQuizEntry ? { questions: questions.length, done: isQuizDone(records, module.id) } : null}
          quizError={quizError}
        />
        {lesson === undefined ? (
          <Box layerStyle="panel" p="6">
            <Text color="fg.muted">The lessons of this module are being written.</Text>
          </Box>
        ) : (
          <LessonArticle module={module} lessons={lessons} index={index} steps={steps} />
        )}
      </Grid>
    </Stack>
  );
}

function ModuleHeader({ module, percent }: { readonly module: Module; readonly percent: number }) {
  return (
    <Box as="header">
      <HStack gap="3" wrap="wrap" mb="2">
        <LevelBadge level={module.level} />
        <Text fontSize="sm" color="fg.muted">
          Module {module.id}
        </Text>
      </HStack>
      <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} textStyle="title">
        {module.title}
      </Heading>
      <Text color="fg.muted" mt="2" maxW="3xl">
        {module.description}
      </Text>
      <Flex align="center" gap="3" mt="4" maxW="md">
        <Box flex="1">
          <ProgressBar value={percent} label="Module progress" />
        </Box>
        <Text fontSize="sm" fontWeight="semibold" color="fg" data-testid="viewer-progress" minW="fit-content">
          {percent}% complete
        </Text>
      </Flex>
    </Box>
  );
}

interface LessonArticleProps {
  readonly module: Module;
  readonly lessons: readonly Lesson[];
  /** The shown lesson's index in `lessons`. */
  readonly index: number;
  readonly steps: LessonSteps;
}

/** The lesson: title, description, duration, video, sections, checks, then Previous and Next. */
function LessonArticle({ module, lessons, index, steps }: LessonArticleProps) {
  const lesson = lessons[index] as Lesson;
  return (
    <Box as="article" aria-labelledby="lesson-title" layerStyle="panel" p={{ base: '5', md: '8' }}>
      <Text fontSize="sm" color="brand.fg" fontWeight="semibold">
        Lesson {index + 1} of {lessons.length}
      </Text>
      <Heading
        as="h2"
        id="lesson-title"
        ref={steps.titleRef}
        tabIndex={-1}
        outline="none"
        fontSize={{ base: '2xl', md: '3xl' }}
        textStyle="subtitle"
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

      {steps.saveError ? (
        <Box mt="6">
          <Text role="alert" color="red.300" fontSize="sm">
            {steps.saveError}
          </Text>
        </Box>
      ) : null}

      {steps.toFinish.length > 0 ? (
        <Box mt="6">
          <LessonsToFinish moduleId={module.id} toFinish={steps.toFinish} />
        </Box>
      ) : null}

      <LessonNavigation
        moduleId={module.id}
        previous={lessons[index - 1]}
        next={lessons[index + 1]}
        steps={steps}
      />
    </Box>
  );
}

interface LessonNavigationProps {
  readonly moduleId: number;
  readonly previous: Lesson | undefined;
  /** The next lesson; none on the last, where 'Take Module Quiz' stands instead of Next. */
  readonly next: Lesson | undefined;
  readonly steps: LessonSteps;
}

function LessonNavigation({ moduleId, previous, next, steps }: LessonNavigationProps) {
  const navigate = useNavigate();
  return (
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
        disabled={previous === undefined || steps.saving}
        onClick={() => previous && navigate(lessonHref(moduleId, previous.id))}
      >
        Previous
      </Button>
      {next === undefined ? (
        <Button loading={steps.saving} loadingText="Saving…" onClick={() => void steps.takeQuiz()}>
          Take Module Quiz
        </Button>
      ) : (
        <Button
          loading={steps.saving}
          loadingText="Saving…"
          onClick={() => void steps.completeThen(lessonHref(moduleId, next.id))}
        >
          Next
        </Button>
      )}
    </Flex>
  );
}
