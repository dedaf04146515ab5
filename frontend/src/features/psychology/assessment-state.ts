/**
 * The assessment in progress: one question at a time; Next/Complete only once the current
 * question is answered; answering again replaces the earlier answer; Previous goes back; Retake starts
 * again at question 1 with every answer cleared.
 */
import type { PsychologyResponse } from '@tickwise/contracts';

export interface AssessmentState {
  /** The 0-based index of the question shown. */
  readonly index: number;
  /** One answer (1–5) per answered question id. */
  readonly answers: Readonly<Record<number, number>>;
}

export type AssessmentAction =
  | { readonly type: 'answer'; readonly questionId: number; readonly value: number }
  | { readonly type: 'next'; readonly total: number }
  | { readonly type: 'previous' }
  | { readonly type: 'retake' };

export const initialAssessment: AssessmentState = { index: 0, answers: {} };

export function assessmentReducer(state: AssessmentState, action: AssessmentAction): AssessmentState {
  switch (action.type) {
    case 'answer':
      // Keyed by question: a second answer to the same question replaces the first.
      return { ...state, answers: { ...state.answers, [action.questionId]: action.value } };
    case 'next':
      return { ...state, index: Math.min(state.index + 1, Math.max(action.total - 1, 0)) };
    case 'previous':
      return { ...state, index: Math.max(state.index - 1, 0) };
    case 'retake':
      return initialAssessment;
  }
}

/** The answer given to `questionId`, if any. */
export const answerOf = (state: AssessmentState, questionId: number): number | undefined =>
  state.answers[questionId];

/** Whether Next (or Complete, on the last question) may be used: the question shown is answered. */
export function canAdvance(state: AssessmentState, questionIds: readonly number[]): boolean {
  const current = questionIds[state.index];
  return current !== undefined && answerOf(state, current) !== undefined;
}

/** The answer sheet in question order, or null while any question is unanswered. */
export function responsesOf(
  state: AssessmentState,
  questionIds: readonly number[],
): PsychologyResponse[] | null {
  const responses: PsychologyResponse[] = [];
  for (const questionId of questionIds) {
    const value = answerOf(state, questionId);
    if (value === undefined) return null;
    responses.push({ questionId, value });
  }
  return responses;
}
