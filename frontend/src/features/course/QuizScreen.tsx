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
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { QuizQuestion } from '@tickwise/contracts';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAppDispatch } from '../../app/store';
import { usePageTitle } from '../../app/use-page-title';
import { AnswerFeedbackPanel, AnswerOptions } from './answer-ui';
import {
  courseApi,
  useCourseLessonsQuery,
  useCourseModulesQuery,
  useCourseProgressQuery,
  useCourseQuizQuery,
  useRecordCourseProgressMutation,
  useSubmitQuizAttemptMutation,
} from './course-api';
import { courseHref, moduleViewerHref } from './course-routes';
import { LessonsToFinish } from './LessonsToFinish';
import { completedLessonIds, lessonsToFinish } from './progress';
import {
  type CompletionDeps,
  completeQuiz,
  gradedCorrect,
  initialQuizState,
  QUIZ_FEEDBACK_MS,
  type QuizOutcome,
  quizReducer,
} from './quiz-state';
import { percentOf, scoreColour, scoreColourTokens, scoreMessage } from './score';
import { ErrorState, errorText, Loading, ProgressBar, panel } from './ui';

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
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
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
        <Box {...panel} p="6" data-testid="quiz-empty">
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
  const appDispatch = useAppDispatch();
  const [submitAttempt] = useSubmitQuizAttemptMutation();
  const [recordProgress] = useRecordCourseProgressMutation();
  const [state, dispatch] = useReducer(quizReducer, questions.length, initialQuizState);
  const [outcome, setOutcome] = useState<QuizOutcome | null>(null);
  /** Bumped by Retake, so a grading or completion still running for an earlier try is ignored. */
  const generation = useRef(0);
  const startedFor = useRef(-1);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);

  const { phase, index, selected, answers, error } = state;
  const question = questions[index];
  const isLast = index === questions.length - 1;

  // Feedback stays 3 s, then the quiz moves on; a learner who paused it moves on with Continue.
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (phase !== 'feedback') {
      setPaused(false);
      return;
    }
    if (paused) return;
    const timer = setTimeout(() => dispatch({ type: 'advance' }), QUIZ_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [phase, paused]);

  const finish = useCallback(
    (correct: readonly boolean[]) => {
      const deps: CompletionDeps = {
        postCompletion: (id) => recordProgress({ moduleId: id, lessonId: null, completed: true }).unwrap(),
        fetchResults: async () => {
          const request = appDispatch(
            courseApi.endpoints.courseQuizResults.initiate(undefined, { forceRefetch: true }),
          );
          try {
            return await request.unwrap();
          } finally {
            request.unsubscribe();
          }
        },
        log: (message, failure) => console.error(message, failure),
      };
      return completeQuiz(deps, moduleId, correct);
    },
    [appDispatch, recordProgress, moduleId],
  );

  // After the last question's feedback: complete once per try (StrictMode runs effects twice).
  useEffect(() => {
    if (phase !== 'completing' || startedFor.current === generation.current) return;
    const run = generation.current;
    startedFor.current = run;
    const correct = gradedCorrect(state);
    finish(correct).then(
      (result) => {
        if (generation.current !== run) return;
        setOutcome(result);
        dispatch({ type: 'completed' });
      },
      (failure: unknown) => {
        if (generation.current !== run) return;
        // Never left on 'Completing...': the answers as graded, and why nothing was recorded.
        setOutcome({ correct, recordedScore: null, completionError: errorText(failure) });
        dispatch({ type: 'completed' });
      },
    );
  }, [phase, state, finish]);

  // A new question takes the focus (not on the first render).
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (index >= 0) questionRef.current?.focus();
  }, [index]);

  const retake = () => {
    generation.current += 1;
    setOutcome(null);
    dispatch({ type: 'reset', total: questions.length });
  };

  if (phase === 'done' && outcome !== null) {
    return <QuizResult moduleId={moduleId} total={questions.length} outcome={outcome} onRetake={retake} />;
  }
  if (question === undefined) return null;

  const showing = phase === 'feedback' || phase === 'completing';
  const locked = phase !== 'answering';
  const feedback = showing ? (state.feedback[index] ?? null) : null;
  const answer = showing ? (answers[index] ?? null) : selected;

  /** Posts the answer; the server grades it and answers the feedback shown for 3 s. */
  const submit = async () => {
    if (selected === null || locked) return;
    const run = generation.current;
    dispatch({ type: 'submit' });
    try {
      const graded = await submitAttempt({ questionId: question.id, selectedAnswer: selected }).unwrap();
      if (generation.current !== run) return;
      dispatch({ type: 'graded', feedback: graded });
      // The verdict is announced; focus moves to it since the button it came from is now disabled.
      setTimeout(() => feedbackRef.current?.focus(), 0);
    } catch (failure) {
      if (generation.current === run) dispatch({ type: 'failed', error: errorText(failure) });
    }
  };

  return (
    <Box {...panel} p={{ base: '5', md: '8' }} data-testid="quiz" data-phase={phase}>
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
            ref={questionRef}
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

      <Box ref={feedbackRef} tabIndex={-1} outline="none" role="status" aria-live="polite" mt="5">
        {feedback !== null && answer !== null ? (
          <AnswerFeedbackPanel feedback={feedback} chosen={answer} testIdPrefix="quiz" />
        ) : null}
      </Box>
      {phase === 'feedback' ? (
        <FeedbackPause
          paused={paused}
          isLast={isLast}
          onPause={() => setPaused(true)}
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
          onClick={() => void submit()}
        >
          {isLast && showing ? 'Completing...' : 'Submit Answer'}
        </Button>
      </Flex>
    </Box>
  );
}

/**
 * WCAG 2.2.1 (timing adjustable): the spec's 3 seconds of feedback are too short to read a long
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

interface QuizResultProps {
  readonly moduleId: number;
  readonly total: number;
  readonly outcome: QuizOutcome;
  readonly onRetake: () => void;
}

function QuizResult({ moduleId, total, outcome, onRetake }: QuizResultProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const correct = outcome.correct.filter(Boolean).length;
  const incorrect = total - correct;
  const counted = percentOf(correct, total);
  // The server's score is the record; it wins where it differs from the count here.
  const score = outcome.recordedScore ?? counted;
  const colour = scoreColour(score);

  return (
    <Box {...panel} p={{ base: '6', md: '10' }} textAlign="center" data-testid="quiz-result">
      <Heading as="h2" ref={headingRef} tabIndex={-1} outline="none" fontSize={{ base: '2xl', md: '3xl' }}>
        Quiz Complete!
      </Heading>
      <Text
        fontSize={{ base: '5xl', md: '6xl' }}
        fontWeight="bold"
        lineHeight="1.1"
        mt="4"
        color={scoreColourTokens[colour]}
        data-testid="quiz-score"
        data-colour={colour}
      >
        {score}%
      </Text>
      <Text color="fg" fontWeight="semibold" mt="1" data-testid="quiz-score-line">
        Score: {correct} of {total}
      </Text>
      <SimpleGrid columns={2} gap="4" mt="6" maxW="sm" mx="auto">
        <Box rounded="lg" borderWidth="1px" borderColor="green.700" bg="rgba(22, 101, 52, 0.25)" p="4">
          <Text fontSize="3xl" fontWeight="bold" color="green.300" data-testid="quiz-correct">
            {correct}
          </Text>
          <Text fontSize="sm" color="fg">
            Correct
          </Text>
        </Box>
        <Box rounded="lg" borderWidth="1px" borderColor="red.700" bg="rgba(153, 27, 27, 0.25)" p="4">
          <Text fontSize="3xl" fontWeight="bold" color="red.300" data-testid="quiz-incorrect">
            {incorrect}
          </Text>
          <Text fontSize="sm" color="fg">
            Incorrect
          </Text>
        </Box>
      </SimpleGrid>
      <Text color="fg.muted" mt="6" data-testid="quiz-message">
        {scoreMessage(score)}
      </Text>
      {outcome.recordedScore !== null && outcome.recordedScore !== counted ? (
        <Text fontSize="sm" color="fg.muted" mt="2" data-testid="quiz-recorded-note">
          Tickwise recorded {outcome.recordedScore}% for this attempt (this screen counted {counted}%).
        </Text>
      ) : null}
      {outcome.completionError !== null ? (
        <Alert.Root status="warning" variant="subtle" rounded="md" mt="6" textAlign="start" role="alert">
          <Alert.Indicator />
          <Alert.Title fontWeight="medium">
            Your result could not be recorded: {outcome.completionError}
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <Flex justify="center" gap="3" mt="8" wrap="wrap">
        <Button variant="outline" onClick={onRetake}>
          Retake Quiz
        </Button>
        <Button asChild>
          <RouterLink to={courseHref(moduleId)}>Back to Course</RouterLink>
        </Button>
      </Flex>
    </Box>
  );
}
