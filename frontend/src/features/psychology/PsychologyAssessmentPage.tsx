/**
 * /trading-psychology-assessment: one question at a time, results with the six
 * categories, the archetype and the disclaimer, and Retake; 'Assessment Not Available' without questions.
 */
import { Alert, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { PsychologyQuestion, PsychologyResult } from '@tickwise/contracts';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../app/use-page-title';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { toast } from '../../components/toast-store';
import { errorText } from '../../session/errors';
import { answerOf, assessmentReducer, canAdvance, initialAssessment, responsesOf } from './assessment-state';
import { Panel } from './Panel';
import { PsychologyResults } from './PsychologyResults';
import { usePsychologyQuestionsQuery, useSubmitPsychologyAssessmentMutation } from './psychology-api';
import { QuestionStep } from './QuestionStep';

export const psychologyMessages = {
  successTitle: 'Assessment Complete',
  successDescription: 'Your trading psychology profile has been generated successfully.',
  errorTitle: 'Error',
  errorFallback: 'Failed to submit assessment. Please try again.',
  notAvailable: 'Assessment Not Available',
} as const;

export function PsychologyAssessmentPage() {
  usePageTitle('Trading Psychology Assessment');
  const { data: questions, error, refetch } = usePsychologyQuestionsQuery();

  return (
    <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" textStyle="pageTitle">
            Trading Psychology Assessment
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            Rate how much you agree with each statement, from 1 (Strongly Disagree) to 5 (Strongly Agree).
            There are no right or wrong answers. Each statement is about an everyday situation, so you can
            answer it whether or not you have ever traded: answer for how you act today.
          </Text>
        </Stack>
        {questions !== undefined ? (
          questions.length === 0 ? (
            <NotAvailable />
          ) : (
            <Assessment questions={questions} />
          )
        ) : error !== undefined ? (
          <Alert.Root status="error" variant="surface" rounded="xl">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The assessment could not be loaded</Alert.Title>
              <Alert.Description>{errorText(error, 'Please try again in a moment.')}</Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={() => void refetch()} alignSelf="center">
              Try again
            </Button>
          </Alert.Root>
        ) : (
          <LoadingSpinner label="Loading the assessment…" />
        )}
      </Stack>
    </Container>
  );
}

function NotAvailable() {
  return (
    <Panel textAlign="center" py="12">
      <Stack gap="3" align="center">
        <Heading as="h2" fontSize="xl" textStyle="subtitle">
          {psychologyMessages.notAvailable}
        </Heading>
        <Text color="fg.muted" maxW="md">
          The assessment questions are not published yet. Please check back later.
        </Text>
        <Button asChild variant="outline" mt="2">
          <RouterLink to="/dashboard">Back to Dashboard</RouterLink>
        </Button>
      </Stack>
    </Panel>
  );
}

/** The questions one at a time, then the results. */
export function Assessment({ questions }: { readonly questions: readonly PsychologyQuestion[] }) {
  const [state, dispatch] = useReducer(assessmentReducer, initialAssessment);
  const [result, setResult] = useState<PsychologyResult | null>(null);
  const [submit, { isLoading: submitting }] = useSubmitPsychologyAssessmentMutation();
  const ids = useMemo(() => questions.map((q) => q.id), [questions]);
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // Focus follows the learner's own moves (never on first load): the new question, or the results.
  const moved = useRef(false);

  // What has the focus after a move: the question shown, or the results.
  const focusTarget = result === null ? `question-${state.index}` : 'results';
  useEffect(() => {
    if (!moved.current) return;
    (focusTarget === 'results' ? resultsHeading : questionHeading).current?.focus();
  }, [focusTarget]);

  const question = questions[state.index];
  if (result !== null) {
    return (
      <PsychologyResults
        result={result}
        headingRef={resultsHeading}
        onRetake={() => {
          moved.current = true;
          dispatch({ type: 'retake' });
          setResult(null);
        }}
      />
    );
  }
  if (question === undefined) return null;

  const complete = async () => {
    const responses = responsesOf(state, ids);
    if (responses === null || submitting) return;
    try {
      const submitted = await submit({ responses }).unwrap();
      toast({
        title: psychologyMessages.successTitle,
        description: psychologyMessages.successDescription,
        variant: 'success',
      });
      moved.current = true;
      setResult(submitted);
    } catch (failure) {
      toast({
        title: psychologyMessages.errorTitle,
        description: errorText(failure, psychologyMessages.errorFallback),
        variant: 'destructive',
      });
    }
  };

  const last = state.index === questions.length - 1;
  return (
    <QuestionStep
      question={question}
      number={state.index + 1}
      total={questions.length}
      answer={answerOf(state, question.id)}
      onAnswer={(value) => dispatch({ type: 'answer', questionId: question.id, value })}
      canAdvance={canAdvance(state, ids)}
      submitting={submitting}
      headingRef={questionHeading}
      onPrevious={() => {
        moved.current = true;
        dispatch({ type: 'previous' });
      }}
      onNext={() => {
        if (last) {
          void complete();
          return;
        }
        moved.current = true;
        dispatch({ type: 'next', total: questions.length });
      }}
    />
  );
}
