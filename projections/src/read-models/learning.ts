import type { EventData, EventType, ProgressRecord, QuizResult } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { handler, type Projection } from '../runtime/projection';

/** One document per learner: progress records (lessons, first quiz completion per module) and quiz results. */
export interface LearningDoc {
  id: string;
  /** Lesson completions (lessonId set) and module quiz completions (lessonId null), oldest first. */
  records: ProgressRecord[];
  /** Every module quiz result, oldest first. */
  quizzes: QuizResult[];
  answers: number;
  [key: string]: unknown;
}

const data = <K extends EventType>(_type: K, event: RecordedEvent) => event.data as EventData<K>;
const learnerOf = (event: RecordedEvent) => [event.stream.slice('learning-'.length)];
const empty = (id: string): LearningDoc => ({ id, records: [], quizzes: [], answers: 0 });
const current = (doc: LearningDoc | undefined, event: RecordedEvent) =>
  doc ?? empty(learnerOf(event)[0] ?? '');

export const learningProjection: Projection = {
  name: 'learning',
  version: 2,
  collections: [{ name: 'learners' }],
  handlers: {
    LessonCompleted: [
      handler<LearningDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const { moduleId, lessonId, completedAt } = data('LessonCompleted', event);
          const learner = current(doc, event);
          if (learner.records.some((r) => r.lessonId === lessonId)) return learner;
          const record = { id: event.eventId, moduleId, lessonId, completed: true, createdAt: completedAt };
          return { ...learner, records: [...learner.records, record] };
        },
      }),
    ],
    QuizQuestionAnswered: [
      handler<LearningDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const learner = current(doc, event);
          return { ...learner, answers: learner.answers + 1 };
        },
      }),
    ],
    ModuleQuizCompleted: [
      handler<LearningDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const { moduleId, score, completedAt } = data('ModuleQuizCompleted', event);
          const learner = current(doc, event);
          const done = learner.records.some((r) => r.lessonId === null && r.moduleId === moduleId);
          const records = done
            ? learner.records
            : [
                ...learner.records,
                { id: event.eventId, moduleId, lessonId: null, completed: true, createdAt: completedAt },
              ];
          return { ...learner, records, quizzes: [...learner.quizzes, { moduleId, score, completedAt }] };
        },
      }),
    ],
  },
};
