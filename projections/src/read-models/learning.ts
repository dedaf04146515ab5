import type { ProgressRecord, QuizResult } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { documents, ownDocument, projection, streamOwner } from '../runtime/projection';

/** One document per learner: progress records (lessons, first quiz completion per module) and quiz results. */
export interface LearningDoc {
  id: string;
  /** Lesson completions (lessonId set) and module quiz completions (lessonId null), oldest first. */
  records: ProgressRecord[];
  /** Every module quiz result, oldest first. */
  quizzes: QuizResult[];
  /** The latest answer to each lesson check, by check id (practice: no score reads it). */
  checks: Record<string, CheckAnswerRecord>;
  [key: string]: unknown;
}

export interface CheckAnswerRecord {
  lessonId: number;
  checkId: number;
  selectedAnswer: number;
  isCorrect: boolean;
  answeredAt: string;
}

const empty = (id: string): LearningDoc => ({ id, records: [], quizzes: [], checks: {} });
const learners = documents<LearningDoc>('learners', ownDocument);
const current = (doc: LearningDoc | undefined, event: RecordedEvent) => doc ?? empty(streamOwner(event));

export const learningProjection = projection({
  name: 'learning',
  // 4: quiz answers are no longer counted here. No route read the count, and each answer rewrote the learner's
  // document.
  version: 4,
  collections: [{ name: 'learners' }],
  handlers: [
    learners.on('LessonCompleted', (doc, event) => {
      const { moduleId, lessonId, completedAt } = event.data;
      const learner = current(doc, event);
      if (learner.records.some((r) => r.lessonId === lessonId)) return learner;
      const record = { id: event.eventId, moduleId, lessonId, completed: true, createdAt: completedAt };
      return { ...learner, records: [...learner.records, record] };
    }),
    learners.on('LessonCheckAnswered', (doc, event) => {
      const { lessonId, checkId, selectedAnswer, isCorrect, answeredAt } = event.data;
      const learner = current(doc, event);
      const answer = { lessonId, checkId, selectedAnswer, isCorrect, answeredAt };
      return { ...learner, checks: { ...learner.checks, [checkId]: answer } };
    }),
    learners.on('ModuleQuizCompleted', (doc, event) => {
      const { moduleId, score, completedAt } = event.data;
      const learner = current(doc, event);
      const done = learner.records.some((r) => r.lessonId === null && r.moduleId === moduleId);
      const records = done
        ? learner.records
        : [
            ...learner.records,
            { id: event.eventId, moduleId, lessonId: null, completed: true, createdAt: completedAt },
          ];
      return { ...learner, records, quizzes: [...learner.quizzes, { moduleId, score, completedAt }] };
    }),
  ],
});
