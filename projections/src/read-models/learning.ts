import type { EventData, EventType } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { handler, type Projection } from '../runtime/projection';

/** One document per learner: completed lessons and module quiz results, in the order they happened. */
export interface LearningDoc {
  id: string;
  lessons: Array<{ moduleId: number; lessonId: number; completedAt: string }>;
  quizzes: Array<{ moduleId: number; score: number; completedAt: string }>;
  answers: number;
  [key: string]: unknown;
}

const data = <K extends EventType>(_type: K, event: RecordedEvent) => event.data as EventData<K>;
const learnerOf = (event: RecordedEvent) => [event.stream.slice('learning-'.length)];
const empty = (id: string): LearningDoc => ({ id, lessons: [], quizzes: [], answers: 0 });

export const learningProjection: Projection = {
  name: 'learning',
  version: 1,
  collections: [{ name: 'learners' }],
  handlers: {
    LessonCompleted: [
      handler<LearningDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const d = data('LessonCompleted', event);
          const current = doc ?? empty(learnerOf(event)[0] ?? '');
          if (current.lessons.some((l) => l.lessonId === d.lessonId)) return current;
          return { ...current, lessons: [...current.lessons, d] };
        },
      }),
    ],
    QuizQuestionAnswered: [
      handler<LearningDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const current = doc ?? empty(learnerOf(event)[0] ?? '');
          return { ...current, answers: current.answers + 1 };
        },
      }),
    ],
    ModuleQuizCompleted: [
      handler<LearningDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const { moduleId, score, completedAt } = data('ModuleQuizCompleted', event);
          const current = doc ?? empty(learnerOf(event)[0] ?? '');
          return { ...current, quizzes: [...current.quizzes, { moduleId, score, completedAt }] };
        },
      }),
    ],
  },
};
