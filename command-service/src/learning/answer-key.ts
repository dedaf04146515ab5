import type { PublishedQuestion } from '@tickwise/contracts';

/** A published question's key: what grading an answer needs, and the feedback the answer gets back. */
export interface AnswerKey {
  /** 1-based, as authored. */
  correctAnswer: number;
  optionCount: number;
  explanation: string | null;
  /** Why each wrong option is wrong, by its 1-based number. */
  whyWrong: Readonly<Record<string, string>>;
}

export const answerKeyOf = (question: PublishedQuestion): AnswerKey => ({
  correctAnswer: question.correctAnswer,
  optionCount: question.options.length,
  explanation: question.explanation,
  whyWrong: question.whyWrong ?? {},
});

/** Whether a 0-based choice is the key's (1-based) correct option. */
export const isRightAnswer = (key: Pick<AnswerKey, 'correctAnswer'>, selectedAnswer: number): boolean =>
  selectedAnswer + 1 === key.correctAnswer;
