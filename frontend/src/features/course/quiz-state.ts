/**
 * The quiz flow as a reducer, plus the end of the quiz:
 * choose an option → Submit Answer (only with a choice) posts the answer and the server grades it (the
 * key never reaches the browser before an answer) → its feedback for 3 s with the selection locked → the
 * next question; Previous only from the second question on and never while an answer is checked or shown;
 * after the last question's feedback the module quiz is completed (the server scores it) and the result
 * shows. A failed submission keeps the choice and says why, so it can be sent again. Retake resets everything.
 */
import type { AnswerFeedback } from '@tickwise/contracts';

/** How long the feedback of an answer stays before the quiz moves on. */
export const QUIZ_FEEDBACK_MS = 3000;

export type QuizPhase = 'answering' | 'checking' | 'feedback' | 'completing' | 'done';

export interface QuizState {
  readonly total: number;
  readonly index: number;
  /** The option chosen on the current question (0-based), not yet graded or being shown. */
  readonly selected: number | null;
  /** The graded answer of each question (0-based option), null while unanswered. */
  readonly answers: readonly (number | null)[];
  /** The server's feedback on each graded answer, null while unanswered. */
  readonly feedback: readonly (AnswerFeedback | null)[];
  /** Why the last submission could not be graded (shown until the next one), or null. */
  readonly error: string | null;
  readonly phase: QuizPhase;
}

export type QuizAction =
  | { readonly type: 'choose'; readonly option: number }
  | { readonly type: 'submit' }
  | { readonly type: 'graded'; readonly feedback: AnswerFeedback }
  | { readonly type: 'failed'; readonly error: string }
  | { readonly type: 'advance' }
  | { readonly type: 'previous' }
  | { readonly type: 'completed' }
  | { readonly type: 'reset'; readonly total: number };

export function initialQuizState(total: number): QuizState {
  return {
    total,
    index: 0,
    selected: null,
    answers: Array(total).fill(null),
    feedback: Array(total).fill(null),
    error: null,
    phase: 'answering',
  };
}

const replaceAt = <T>(list: readonly T[], index: number, value: T): T[] =>
  list.map((item, i) => (i === index ? value : item));

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case 'choose':
      return state.phase === 'answering' ? { ...state, selected: action.option } : state;
    case 'submit':
      if (state.phase !== 'answering' || state.selected === null) return state;
      return { ...state, phase: 'checking', error: null };
    case 'graded':
      if (state.phase !== 'checking') return state;
      return {
        ...state,
        answers: replaceAt(state.answers, state.index, state.selected),
        feedback: replaceAt(state.feedback, state.index, action.feedback),
        phase: 'feedback',
      };
    case 'failed':
      return state.phase === 'checking' ? { ...state, phase: 'answering', error: action.error } : state;
    case 'advance': {
      if (state.phase !== 'feedback') return state;
      if (state.index >= state.total - 1) return { ...state, phase: 'completing' };
      const index = state.index + 1;
      return { ...state, index, selected: state.answers[index] ?? null, phase: 'answering' };
    }
    case 'previous': {
      if (state.phase !== 'answering' || state.index === 0) return state;
      const index = state.index - 1;
      return { ...state, index, selected: state.answers[index] ?? null, error: null };
    }
    case 'completed':
      return state.phase === 'completing' ? { ...state, phase: 'done' } : state;
    case 'reset':
      return initialQuizState(action.total);
  }
}

/** Per question: right or wrong as the server graded it (an unanswered question counts as wrong). */
export const gradedCorrect = (state: Pick<QuizState, 'feedback'>): boolean[] =>
  state.feedback.map((f) => f?.isCorrect === true);

export interface CompletionDeps {
  /** POST /api/progress with lessonId null: the module quiz is completed (the server scores it). */
  postCompletion(moduleId: number): Promise<unknown>;
  /** GET /api/quiz-results, newest first. */
  fetchResults(): Promise<readonly { moduleId: number; score: number }[]>;
  /** Where a failed read of the results goes (errors only logged). */
  log(message: string, error: unknown): void;
}

export interface QuizOutcome {
  /** Per question: right or wrong, as the server graded it. */
  readonly correct: readonly boolean[];
  /** The score the server recorded for this completion, or null when it could not be read. */
  readonly recordedScore: number | null;
  /** Why the completion was not recorded, or null when it was. */
  readonly completionError: string | null;
}

const messageOf = (error: unknown): string => {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return String(error);
};

/**
 * The end of the quiz, once every answer has been graded on submit: the module quiz completion, then the
 * server's score from the quiz results (newest first).
 */
export async function completeQuiz(
  deps: CompletionDeps,
  moduleId: number,
  correct: readonly boolean[],
): Promise<QuizOutcome> {
  try {
    await deps.postCompletion(moduleId);
  } catch (error) {
    return { correct, recordedScore: null, completionError: messageOf(error) };
  }
  let recordedScore: number | null = null;
  try {
    const results = await deps.fetchResults();
    recordedScore = results.find((r) => r.moduleId === moduleId)?.score ?? null;
  } catch (error) {
    deps.log('Failed to fetch quiz results', error);
  }
  return { correct, recordedScore, completionError: null };
}
