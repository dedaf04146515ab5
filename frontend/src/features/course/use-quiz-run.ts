/**
 * One try at a module quiz: the reducer's state, the submission the server grades, the 3 s of feedback
 * (pausable), completing the quiz once after the last answer, and Retake. A try's late answers are ignored
 * once Retake has started another.
 */
import type { QuizQuestion } from '@tickwise/contracts';
import { type Dispatch, type RefObject, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/store';
import { courseApi, useRecordCourseProgressMutation, useSubmitQuizAttemptMutation } from './course-api';
import {
  type CompletionDeps,
  completeQuiz,
  gradedCorrect,
  initialQuizState,
  QUIZ_FEEDBACK_MS,
  type QuizAction,
  type QuizOutcome,
  type QuizState,
  quizReducer,
} from './quiz-state';
import { errorText } from './ui';

export interface QuizRun {
  readonly state: QuizState;
  readonly dispatch: Dispatch<QuizAction>;
  /** The result, once the quiz is completed (or could not be recorded). */
  readonly outcome: QuizOutcome | null;
  /** Whether the learner stopped the feedback's timer. */
  readonly paused: boolean;
  readonly pause: () => void;
  /** Posts the chosen answer; the server grades it and answers the feedback shown for 3 s. */
  readonly submit: () => Promise<void>;
  readonly retake: () => void;
  /** The question's heading, focused when a new question shows. */
  readonly questionRef: RefObject<HTMLHeadingElement | null>;
  /** The feedback's live region, focused when the verdict arrives. */
  readonly feedbackRef: RefObject<HTMLDivElement | null>;
}

export function useQuizRun(moduleId: number, questions: readonly QuizQuestion[]): QuizRun {
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
  const { phase, index, selected } = state;

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

  const submit = async () => {
    const question = questions[index];
    if (question === undefined || selected === null || phase !== 'answering') return;
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

  return {
    state,
    dispatch,
    outcome,
    paused,
    pause: () => setPaused(true),
    submit,
    retake,
    questionRef,
    feedbackRef,
  };
}
