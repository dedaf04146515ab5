import type { EventData, EventType } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { handler, type Projection } from '../runtime/projection';

/** Per learner: everything the dashboard's formulas need, folded from the learning and psychology streams. */
export interface DashboardDoc {
  id: string;
  /** Completed lesson ids per module id. */
  lessons: Record<string, number[]>;
  /** Every quiz result, oldest first. */
  quizResults: Array<{ moduleId: number; score: number; completedAt: string }>;
  /** The first completion of each module's quiz (the module is then complete), oldest first. */
  moduleCompletions: Array<{ moduleId: number; completedAt: string }>;
  /** The latest psychology result's headline numbers, or null. */
  psychology: {
    emotionalIntelligence: number;
    stressResilience: number;
    overallScore: number;
    traderArchetype: string;
    completedAt: string;
  } | null;
  [key: string]: unknown;
}

const data = <K extends EventType>(_type: K, event: RecordedEvent) => event.data as EventData<K>;
const userOf = (event: RecordedEvent) => [event.stream.slice(event.stream.indexOf('-') + 1)];
const empty = (id: string): DashboardDoc => ({
  id,
  lessons: {},
  quizResults: [],
  moduleCompletions: [],
  psychology: null,
});
const current = (doc: DashboardDoc | undefined, event: RecordedEvent) => doc ?? empty(userOf(event)[0] ?? '');

/** The learner dashboard read model (`GET /api/dashboard` computes its figures from it). */
export const dashboardProjection: Projection = {
  name: 'dashboard',
  version: 1,
  collections: [{ name: 'learners' }],
  handlers: {
    LessonCompleted: [
      handler<DashboardDoc>({
        collection: 'learners',
        ids: userOf,
        apply: (doc, event) => {
          const { moduleId, lessonId } = data('LessonCompleted', event);
          const learner = current(doc, event);
          const done = learner.lessons[moduleId] ?? [];
          if (done.includes(lessonId)) return learner;
          return { ...learner, lessons: { ...learner.lessons, [moduleId]: [...done, lessonId] } };
        },
      }),
    ],
    ModuleQuizCompleted: [
      handler<DashboardDoc>({
        collection: 'learners',
        ids: userOf,
        apply: (doc, event) => {
          const { moduleId, score, completedAt } = data('ModuleQuizCompleted', event);
          const learner = current(doc, event);
          const first = !learner.moduleCompletions.some((m) => m.moduleId === moduleId);
          return {
            ...learner,
            quizResults: [...learner.quizResults, { moduleId, score, completedAt }],
            moduleCompletions: first
              ? [...learner.moduleCompletions, { moduleId, completedAt }]
              : learner.moduleCompletions,
          };
        },
      }),
    ],
    PsychologyAssessmentCompleted: [
      handler<DashboardDoc>({
        collection: 'learners',
        ids: userOf,
        apply: (doc, event) => {
          const d = data('PsychologyAssessmentCompleted', event);
          const learner = current(doc, event);
          return {
            ...learner,
            psychology: {
              emotionalIntelligence: d.emotionalIntelligence,
              stressResilience: d.stressResilience,
              overallScore: d.overallScore,
              traderArchetype: d.traderArchetype,
              completedAt: d.completedAt,
            },
          };
        },
      }),
    ],
  },
};
