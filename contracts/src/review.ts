/**
 * Review and mastery: the quiz questions and lesson checks a learner missed come back on a spaced-repetition
 * schedule, and each module shows how well its questions are known.
 */
import * as t from 'io-ts';
import { nonNegativeInt, nullable, oneOf, positiveInt, struct } from './codecs';
import { answerFeedback } from './entities';

export const ReviewItemKind = oneOf(['quiz', 'check']);
export type ReviewItemKind = t.TypeOf<typeof ReviewItemKind>;

/** A review item as a learner sees it before answering: the question and its options, never the key. */
export const ReviewItem = struct(
  {
    kind: ReviewItemKind,
    itemId: positiveInt,
    lessonId: nullable(positiveInt),
    moduleId: positiveInt,
    question: t.string,
    options: t.array(t.string),
    /** When the schedule brought it back. */
    due: t.string,
  },
  'ReviewItem',
);
export type ReviewItem = t.TypeOf<typeof ReviewItem>;

export const ReviewAnswerBody = struct(
  {
    kind: ReviewItemKind,
    itemId: positiveInt,
    lessonId: nullable(positiveInt),
    selectedAnswer: nonNegativeInt,
  },
  'ReviewAnswerBody',
);

export const ReviewAnswer = struct(
  { kind: ReviewItemKind, itemId: positiveInt, selectedAnswer: nonNegativeInt, ...answerFeedback },
  'ReviewAnswer',
);
export type ReviewAnswer = t.TypeOf<typeof ReviewAnswer>;

export const MasteryLevel = oneOf(['Not started', 'Attempted', 'Familiar', 'Proficient', 'Mastered']);
export type MasteryLevel = t.TypeOf<typeof MasteryLevel>;

/** One module's mastery: its level and the counts it comes from. */
export const ModuleMastery = struct(
  {
    moduleId: positiveInt,
    level: MasteryLevel,
    /** The module's quiz questions and lesson checks. */
    items: nonNegativeInt,
    /** Items answered at least once. */
    answered: nonNegativeInt,
    /** Items whose latest answer (first try or review) is right. */
    right: nonNegativeInt,
    /** Items due for review now. */
    due: nonNegativeInt,
  },
  'ModuleMastery',
);
export type ModuleMastery = t.TypeOf<typeof ModuleMastery>;

/**
 * The mastery rule: Not started with nothing answered; Attempted once anything is; Familiar when at least half
 * of the module's items are right; Proficient at 80% right with nothing due; Mastered when every item is
 * answered and right with nothing due.
 */
export function masteryLevel(counts: {
  items: number;
  answered: number;
  right: number;
  due: number;
}): MasteryLevel {
  const { items, answered, right, due } = counts;
  if (answered === 0) return 'Not started';
  if (items > 0 && right === items && due === 0) return 'Mastered';
  if (items > 0 && right >= 0.8 * items && due === 0) return 'Proficient';
  if (items > 0 && right >= 0.5 * items) return 'Familiar';
  return 'Attempted';
}
