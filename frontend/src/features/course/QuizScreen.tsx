/**
 * The module quiz: 'Module {id} Quiz', 'n of total' (read out as 'Question n of total')
 * and a progress bar; options lettered A, B, C…; Submit Answer only with a choice. Submit posts the answer
 * (the questions come without their key, so the server grades it and answers the feedback); then the
 * correct option turns green, a wrong choice red, and the Explanation box and why the chosen option was
 * wrong show, for 3 s with the selection locked, before the next question; Previous is off on the first
 * question and during feedback. After the last question ('Completing...') the module quiz is completed (the
 * server scores it) and the result shows: 'Quiz Complete!', the percent, correct and incorrect counts, the
 * score in its colour, a message, 'Retake Quiz' and 'Back to Course'. The quiz counts only once every lesson
 * of the module is completed (the server refuses it before): while lessons are still to finish, the screen
 * names them with 'Back to Module' instead of the questions, so no learner answers a quiz that cannot be
 * recorded.
 */
import {
  Alert,
  Box,
  Button,
  Container,
  chakra,
  Flex,
  Heading,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { QuizQuestion } from '@tickwise/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../app/use-page-title';
import { AnswerFeedbackPanel, AnswerOptions } from './answer-ui';
import {
  useCourseLessonsQuery,
  useCourseModulesQuery,
  useCourseProgressQuery,
  useCourseQuizQuery,
} from './course-api';
import { courseHref, moduleViewerHref } from './course-routes';
import { LessonsToFinish } from './LessonsToFinish';
import { completedLessonIds, lessonsToFinish } from './progress';
import { QuizResult } from './QuizResult';
import { percentOf } from './score';
import { ErrorState, Loading, ProgressBar } from './ui';
import { useQuizRun } from './use-quiz-run';

export function QuizScreen({ moduleId }: { readonly moduleId: number }) {
  const title = `Module ${moduleId} Quiz`;
  usePageTitle(title);
  const quiz = useCourseQuizQuery(moduleId);
  const modules = useCourseModulesQuery();
  const moduleTitle = modules.data?.find((m) => m.id === moduleId)?.title;
  const lessons = useCourseLessonsQuery(moduleId);
  const progress = useCourseProgressQuery();
  const questions = quiz.data ?? [];
  const toFinish = lessonsToFinish(lessons.data ?? [], completedLessonIds(progress.data ?? [], moduleId));
  const failed = [
    { query: quiz, title: 'The quiz could not be loaded' },
    { query: lessons, title: 'The lessons could not be loaded' },
    { query: progress, title: 'Your progress could not be loaded' },
  ].find((q) => q.query.isError);

  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Button asChild variant="ghost" size="sm" ms="-3">
        <RouterLink to={moduleViewerHref(moduleId)}>
          <span aria-hidden="true">←</span> Back to Module
        </RouterLink>
      </Button>
      <Box as="header" mt="3" mb="6">
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} textStyle="title">
          {title}
        </Heading>
        {moduleTitle ? (
          <Text color="fg.muted" mt="1">
            {moduleTitle}
          </Text>
        ) : null}
      </Box>
      {quiz.isLoading ||
      lessons.isLoading ||
      progress.isLoading ||
      // A lesson just completed may not be in the list yet: wait for the refetch before saying so.
      (toFinish.length > 0 && progress.isFetching) ? (
        <Loading label="Loading the quiz…" />
      ) : failed ? (
        <ErrorState
          title={failed.title}
          error={failed.query.error}
          onRetry={() => void failed.query.refetch()}
        />
      ) : questions.length === 0 ? (
        <Box layerStyle="panel" p="6" data-testid="quiz-empty">
          <Text>No quiz questions available for this module.</Text>
          <Button asChild variant="outline" mt="4">
            <RouterLink to={courseHref(moduleId)}>Back to Course</RouterLink>
          </Button>
        </Box>
      ) : toFinish.length > 0 ? (
        <LessonsToFinish moduleId={moduleId} toFinish={toFinish}>
          <Button asChild variant="outline" size="sm">
            <RouterLink to={moduleViewerHref(moduleId)}>Back to Module</RouterLink>
          </Button>
        </LessonsToFinish>
      ) : (
        <QuizRunner moduleId={moduleId} questions={questions} />
      )}
    </Container>
  );
}

function QuizRunner({
  moduleId,
  questions,
}: {
  readonly moduleId: number;
  readonly questions: readonly QuizQuestion[];
}) {
  const run = useQuizRun(moduleId, questions);
  const { state, dispatch } = run;
  const { phase, index, selected, answers, error } = state;
  const question = questions[index];
  const isLast = index === questions.length - 1;

  if (phase === 'done' && run.outcome !== null) {
    return (
      <QuizResult moduleId={moduleId} total={questions.length} outcome={run.outcome} onRetake={run.retake} />
    );
  }
  if (question === undefined) return null;

  const showing = phase === 'feedback' || phase === 'completing';
  const locked = phase !== 'answering';
  const feedback = showing ? (state.feedback[index] ?? null) : null;
  const answer = showing ? (answers[index] ?? null) : selected;

  return (
    <Box layerStyle="panel" p={{ base: '5', md: '8' }} data-testid="quiz" data-phase={phase}>
      <Flex justify="space-between" align="center" mb="2" fontSize="sm" color="fg.muted">
        <Text as="span" data-testid="quiz-position">
          <VisuallyHidden>Question </VisuallyHidden>
          {index + 1} of {questions.length}
        </Text>
        <Text as="span">{percentOf(index + 1, questions.length)}%</Text>
      </Flex>
      <ProgressBar value={percentOf(index + 1, questions.length)} label="Quiz progress" />

      <chakra.fieldset mt="6" mx="0" mb="0" border="0" p="0" minW="0">
        <chakra.legend p="0" w="full">
          <Heading
            as="h2"
            ref={run.questionRef}
            tabIndex={-1}
            outline="none"
            fontSize={{ base: 'lg', md: 'xl' }}
            lineHeight="1.4"
            data-testid="quiz-question"
          >
            {question.question}
          </Heading>
        </chakra.legend>
        <Stack gap="3" mt="5">
          <AnswerOptions
            name={`question-${question.id}`}
            options={question.options}
            chosen={answer}
            locked={locked}
            feedback={feedback}
            onChoose={(option) => dispatch({ type: 'choose', option })}
            testId="quiz-option"
          />
        </Stack>
      </chakra.fieldset>

      <Box ref={run.feedbackRef} tabIndex={-1} outline="none" role="status" aria-live="polite" mt="5">
        {feedback !== null && answer !== null ? (
          <AnswerFeedbackPanel feedback={feedback} chosen={answer} testIdPrefix="quiz" />
        ) : null}
      </Box>
      {phase === 'feedback' ? (
        <FeedbackPause
          paused={run.paused}
          isLast={isLast}
          onPause={run.pause}
          onContinue={() => dispatch({ type: 'advance' })}
        />
      ) : null}
      {error !== null ? (
        <Alert.Root status="error" variant="subtle" rounded="md" mt="4" role="alert" data-testid="quiz-error">
          <Alert.Indicator />
          <Alert.Title fontWeight="medium">
            Your answer could not be checked: {error} Please submit it again.
          </Alert.Title>
        </Alert.Root>
      ) : null}

      <Flex justify="space-between" gap="3" mt="6" wrap="wrap">
        <Button
          variant="outline"
          disabled={index === 0 || locked}
          onClick={() => dispatch({ type: 'previous' })}
        >
          Previous
        </Button>
        <Button
          disabled={selected === null || (locked && phase !== 'checking')}
          loading={phase === 'checking'}
          loadingText="Checking…"
          onClick={() => void run.submit()}
        >
          {isLast && showing ? 'Completing...' : 'Submit Answer'}
        </Button>
      </Flex>
    </Box>
  );
}

/**
 * WCAG 2.2.1 (timing adjustable): the answer rule's 3 seconds of feedback are too short to read a long
 * explanation, so they can be stopped. One button, so focus stays on it: 'Pause feedback' stops the
 * timer, then 'Continue' moves on when the learner is ready.
 */
function FeedbackPause({
  paused,
  isLast,
  onPause,
  onContinue,
}: {
  readonly paused: boolean;
  readonly isLast: boolean;
  readonly onPause: () => void;
  readonly onContinue: () => void;
}) {
  const next = isLast ? 'your result' : 'the next question';
  return (
    <Flex mt="4" gap="3" align="center" wrap="wrap" data-testid="quiz-feedback-timer">
      <Button size="sm" variant={paused ? 'solid' : 'outline'} onClick={paused ? onContinue : onPause}>
        {paused ? 'Continue' : 'Pause'}
      </Button>
      <Text fontSize="sm" color="fg.muted">
        {paused
          ? `Paused. Continue to ${next} when you are ready.`
          : `Moving on to ${next} in a few seconds.`}
      </Text>
    </Flex>
  );
}
