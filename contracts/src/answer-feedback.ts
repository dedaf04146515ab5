/** The feedback on a graded answer, written once for the command side (on answering) and the query side (shown again). */
import type { AnswerFeedback } from './entities';

/** What of a published question the feedback needs: its 1-based key, why it is right, why each wrong option is wrong. */
export interface FeedbackSource {
  readonly correctAnswer: number;
  readonly explanation: string | null;
  readonly whyWrong?: Readonly<Record<string, string>>;
}

/** The feedback for a 0-based choice graded `isCorrect`: the right option, why, and why the choice is wrong. */
export const answerFeedbackOf = (
  question: FeedbackSource,
  selectedAnswer: number,
  isCorrect: boolean,
): AnswerFeedback => ({
  isCorrect,
  correctAnswer: question.correctAnswer,
  explanation: question.explanation,
  whyWrong: isCorrect ? null : (question.whyWrong?.[String(selectedAnswer + 1)] ?? null),
});
