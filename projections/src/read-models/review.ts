/**
 * Review and mastery, per learner: every quiz question and lesson check answered (the latest answer's
 * correctness, for mastery) and the spaced-repetition card of each one missed (for the review queue).
 *
 * The schedule is FSRS (ts-fsrs), fed only with the events' own times and without fuzz, so a rebuild from the
 * log gives the same due times as the live projection. A miss (first try or review) is rated Again, a right
 * review Good: a missed question comes back after 10 minutes, then a day, then at FSRS's growing intervals.
 */
import type { RecordedEvent } from '@tickwise/platform';

import { documents, ownDocument, projection, streamOwner } from '../runtime/projection';

/** A card as stored: ts-fsrs's fields, with dates as ISO strings. */
export interface StoredCard {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: string | null;
}

export interface ReviewEntry {
  kind: 'quiz' | 'check';
  itemId: number;
  lessonId: number | null;
  moduleId: number;
  card: StoredCard;
}

export interface ReviewDoc {
  id: string;
  /** The latest answer to each item ('quiz:101', 'check:10073'), first try or review. */
  answers: Record<string, { moduleId: number; right: boolean }>;
  /** The items missed at least once, with their schedule. */
  queue: Record<string, ReviewEntry>;
  /** How many reviews were answered (apart from first tries). */
  reviews: number;
  [key: string]: unknown;
}

// ts-fsrs is an ES module with a CommonJS build; this package is CommonJS, so it takes the CommonJS build, typed
// from the module's own declarations.
type TsFsrs = typeof import('ts-fsrs', { with: { 'resolution-mode': 'import' }});
type Card = import('ts-fsrs', { with: { 'resolution-mode': 'import' }}).Card;
type State = import('ts-fsrs', { with: { 'resolution-mode': 'import' }}).State;
const { createEmptyCard, fsrs, generatorParameters, Rating } = require('ts-fsrs') as TsFsrs;

const scheduler = fsrs(
  generatorParameters({ enable_fuzz: false, learning_steps: ['10m', '1d'], relearning_steps: ['10m'] }),
);

const stored = (card: Card): StoredCard => ({
  due: card.due.toISOString(),
  stability: card.stability,
  difficulty: card.difficulty,
  elapsed_days: card.elapsed_days,
  scheduled_days: card.scheduled_days,
  learning_steps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  last_review: card.last_review ? card.last_review.toISOString() : null,
});

const live = (card: StoredCard): Card => ({
  ...card,
  due: new Date(card.due),
  state: card.state as State,
  last_review: card.last_review === null ? undefined : new Date(card.last_review),
});

/** The item's card after an answer at `at`: a new card for a first miss, rescheduled otherwise. */
export function rescheduled(card: StoredCard | undefined, at: string, right: boolean): StoredCard {
  const when = new Date(at);
  const from = card ? live(card) : createEmptyCard(when);
  return stored(scheduler.next(from, when, right ? Rating.Good : Rating.Again).card);
}

const empty = (id: string): ReviewDoc => ({ id, answers: {}, queue: {}, reviews: 0 });
const learners = documents<ReviewDoc>('learners', ownDocument);
const current = (doc: ReviewDoc | undefined, event: RecordedEvent) => doc ?? empty(streamOwner(event));

interface Answer {
  kind: 'quiz' | 'check';
  itemId: number;
  lessonId: number | null;
  moduleId: number;
  right: boolean;
  at: string;
}

/** An answer, first try or review: the latest correctness; a miss (or an item already queued) is scheduled. */
function answered(doc: ReviewDoc, answer: Answer, isReview: boolean): ReviewDoc {
  const key = `${answer.kind}:${answer.itemId}`;
  const queued = doc.queue[key];
  const answers = { ...doc.answers, [key]: { moduleId: answer.moduleId, right: answer.right } };
  const reviews = doc.reviews + (isReview ? 1 : 0);
  if (!queued && answer.right) return { ...doc, answers, reviews };
  const entry: ReviewEntry = {
    kind: answer.kind,
    itemId: answer.itemId,
    lessonId: answer.lessonId,
    moduleId: answer.moduleId,
    card: rescheduled(queued?.card, answer.at, answer.right),
  };
  return { ...doc, answers, reviews, queue: { ...doc.queue, [key]: entry } };
}

export const reviewProjection = projection({
  name: 'review',
  version: 1,
  collections: [{ name: 'learners' }],
  handlers: [
    learners.on('QuizQuestionAnswered', (doc, event) => {
      const { questionId, moduleId, isCorrect, answeredAt } = event.data;
      return answered(
        current(doc, event),
        { kind: 'quiz', itemId: questionId, lessonId: null, moduleId, right: isCorrect, at: answeredAt },
        false,
      );
    }),
    learners.on('LessonCheckAnswered', (doc, event) => {
      const { checkId, lessonId, moduleId, isCorrect, answeredAt } = event.data;
      return answered(
        current(doc, event),
        { kind: 'check', itemId: checkId, lessonId, moduleId, right: isCorrect, at: answeredAt },
        false,
      );
    }),
    learners.on('ReviewAnswered', (doc, event) => {
      const { itemKind, itemId, lessonId, moduleId, isCorrect, answeredAt } = event.data;
      return answered(
        current(doc, event),
        { kind: itemKind, itemId, lessonId, moduleId, right: isCorrect, at: answeredAt },
        true,
      );
    }),
  ],
});
