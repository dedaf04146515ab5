/**
 * The quiz flow of spec §4 and §5 as a reducer, plus the end of the quiz:
 * choose an option → Submit Answer (only with a choice) → feedback for 3 s with the selection locked →
 * the next question; Previous only from the second question on and never during feedback; after the last
 * question's feedback the quiz completes (attempts one per question, then the module quiz completion) and
 * shows the result. Retake resets everything.
 */

/** How long the feedback of an answer stays before the quiz moves on (spec §9). */
export const QUIZ_FEEDBACK_MS = 3000;

export type QuizPhase = 'answering' | 'feedback' | 'completing' | 'done';

export interface QuizState {
  readonly total: number;
  readonly index: number;
  /** The option chosen on the current question (0-based), not yet submitted or being shown. */
  readonly selected: number | null;
  /** The submitted answer of each question (0-based option), null while unanswered. */
  readonly answers: readonly (number | null)[];
  readonly phase: QuizPhase;
}

export type QuizAction =
  | { readonly type: 'choose'; readonly option: number }
  | { readonly type: 'submit' }
  | { readonly type: 'advance' }
  | { readonly type: 'previous' }
  | { readonly type: 'completed' }
  | { readonly type: 'reset'; readonly total: number };

export function initialQuizState(total: number): QuizState {
  return { total, index: 0, selected: null, answers: Array(total).fill(null), phase: 'answering' };
}

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case 'choose':
      return state.phase === 'answering' ? { ...state, selected: action.option } : state;
    case 'submit': {
      if (state.phase !== 'answering' || state.selected === null) return state;
      const answers = state.answers.map((a, i) => (i === state.index ? state.selected : a));
      return { ...state, answers, phase: 'feedback' };
    }
    case 'advance': {
      if (state.phase !== 'feedback') return state;
      if (state.index >= state.total - 1) return { ...state, phase: 'completing' };
      const index = state.index + 1;
      return { ...state, index, selected: state.answers[index] ?? null, phase: 'answering' };
    }
    case 'previous': {
      if (state.phase !== 'answering' || state.index === 0) return state;
      const index = state.index - 1;
      return { ...state, index, selected: state.answers[index] ?? null };
    }
    case 'completed':
      return state.phase === 'completing' ? { ...state, phase: 'done' } : state;
    case 'reset':
      return initialQuizState(action.total);
  }
}

/** The parts of a quiz question the flow needs. */
export interface GradedQuestion {
  readonly id: number;
  /** 1-based, as the API sends it. */
  readonly correctAnswer: number;
}

/** Whether a 0-based answer is right for a question whose correctAnswer is 1-based. */
export const isCorrectAnswer = (question: GradedQuestion, answer: number | null): boolean =>
  answer !== null && answer + 1 === question.correctAnswer;

export interface CompletionDeps {
  /** POST /api/quiz/attempt; resolves with the server's grading. */
  postAttempt(body: { questionId: number; selectedAnswer: number; isCorrect: boolean }): Promise<{
    isCorrect: boolean;
  }>;
  /** POST /api/progress with lessonId null: the module quiz is completed (the server scores it). */
  postCompletion(moduleId: number): Promise<unknown>;
  /** GET /api/quiz-results, newest first. */
  fetchResults(): Promise<readonly { moduleId: number; score: number }[]>;
  /** Where attempt errors go (spec §7: errors only logged). */
  log(message: string, error: unknown): void;
}

export interface QuizOutcome {
  /** Per question: right or wrong, as the server graded it (or as graded here when its call failed). */
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
 * The end of the quiz: one attempt per question, in order (a failed one is logged and graded here), then
 * the module quiz completion, then the server's score from the quiz results (newest first).
 */
export async function completeQuiz(
  deps: CompletionDeps,
  moduleId: number,
  questions: readonly GradedQuestion[],
  answers: readonly (number | null)[],
): Promise<QuizOutcome> {
  const correct: boolean[] = [];
  for (const [i, question] of questions.entries()) {
    const answer = answers[i] ?? null;
    const local = isCorrectAnswer(question, answer);
    if (answer === null) {
      correct.push(false);
      continue;
    }
    try {
      const graded = await deps.postAttempt({
        questionId: question.id,
        selectedAnswer: answer,
        isCorrect: local,
      });
      correct.push(typeof graded.isCorrect === 'boolean' ? graded.isCorrect : local);
    } catch (error) {
      deps.log(`Failed to record the answer to question ${question.id}`, error);
      correct.push(local);
    }
  }
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
