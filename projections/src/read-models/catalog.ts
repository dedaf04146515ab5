import type { EventData, EventType, Lesson, Module, QuizQuestion } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { handler, type Projection } from '../runtime/projection';

export interface ModuleDoc {
  id: string;
  moduleId: number;
  title: string;
  description: string;
  level: Module['level'];
  lessonIds: number[];
  [key: string]: unknown;
}

export interface LessonDoc extends Lesson {
  id: number;
  moduleId: number;
  position: number;
  [key: string]: unknown;
}

export interface QuizDoc {
  id: string;
  moduleId: number;
  questions: QuizQuestion[];
  [key: string]: unknown;
}

const data = <K extends EventType>(_type: K, event: RecordedEvent) => event.data as EventData<K>;

/** The published course: modules, lessons (by id, indexed by module) and module quizzes. */
export const catalogProjection: Projection = {
  name: 'catalog',
  version: 1,
  collections: [{ name: 'modules' }, { name: 'lessons', indexes: ['moduleId'] }, { name: 'quizzes' }],
  handlers: {
    ModulePublished: [
      handler<ModuleDoc>({
        collection: 'modules',
        ids: (event) => [String(data('ModulePublished', event).moduleId)],
        apply: (_doc, event) => {
          const { moduleId, title, description, level, lessonIds } = data('ModulePublished', event);
          return { id: String(moduleId), moduleId, title, description, level, lessonIds };
        },
      }),
    ],
    LessonPublished: [
      handler({
        collection: 'lessons',
        ids: (event) => [String(data('LessonPublished', event).lessonId)],
        apply: (_doc, event) => {
          const { lessonId, moduleId, position, title, description, duration, videoUrl, content } = data(
            'LessonPublished',
            event,
          );
          return {
            id: String(lessonId),
            lessonId,
            moduleId,
            position,
            title,
            description,
            duration,
            videoUrl,
            content,
          };
        },
      }),
    ],
    QuizPublished: [
      handler<QuizDoc>({
        collection: 'quizzes',
        ids: (event) => [String(data('QuizPublished', event).moduleId)],
        apply: (_doc, event) => {
          const { moduleId, questions } = data('QuizPublished', event);
          return { id: String(moduleId), moduleId, questions };
        },
      }),
    ],
  },
};

/** A stored lesson document as the API's Lesson (id is the lesson's integer id). */
export interface StoredLesson {
  id: string;
  lessonId: number;
  moduleId: number;
  position: number;
  title: string;
  description: string;
  duration: number;
  videoUrl: string | null;
  content: string;
  [key: string]: unknown;
}
