import type { RecordedEvent } from '@tickwise/platform';
import { documents, ownDocument, projection, streamOwner } from '../runtime/projection';

/** Per learner: everything the dashboard's formulas need, folded from the learning and psychology streams. */
export interface DashboardDoc {
  id: string;
  /** Completed lesson ids per module id. */
  lessons: Record<string, number[]>;
  /** Every quiz result, oldest first. */
  quizResults: Array<{ moduleId: number; score: number; completedAt: string }>;
  /** The first completion of each module's quiz (the module is then complete), oldest first. */
  moduleCompletions: Array<{ moduleId: number; completedAt: string }>;
  /** The margin simulator's runs, the latest two (absent in documents built before there were runs). */
  simulations?: Array<{ scenarioTitle: string; callsReceived: number; completedAt: string }>;
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

const empty = (id: string): DashboardDoc => ({
  id,
  lessons: {},
  quizResults: [],
  moduleCompletions: [],
  psychology: null,
});
const learners = documents<DashboardDoc>('learners', ownDocument);
const current = (doc: DashboardDoc | undefined, event: RecordedEvent) => doc ?? empty(streamOwner(event));

/** The learner dashboard read model (`GET /api/dashboard` computes its figures from it). */
export const dashboardProjection = projection({
  name: 'dashboard',
  version: 2,
  collections: [{ name: 'learners' }],
  handlers: [
    learners.on('LessonCompleted', (doc, event) => {
      const { moduleId, lessonId } = event.data;
      const learner = current(doc, event);
      const done = learner.lessons[moduleId] ?? [];
      if (done.includes(lessonId)) return learner;
      return { ...learner, lessons: { ...learner.lessons, [moduleId]: [...done, lessonId] } };
    }),
    learners.on('ModuleQuizCompleted', (doc, event) => {
      const { moduleId, score, completedAt } = event.data;
      const learner = current(doc, event);
      const first = !learner.moduleCompletions.some((m) => m.moduleId === moduleId);
      return {
        ...learner,
        quizResults: [...learner.quizResults, { moduleId, score, completedAt }],
        moduleCompletions: first
          ? [...learner.moduleCompletions, { moduleId, completedAt }]
          : learner.moduleCompletions,
      };
    }),
    learners.on('MarginSimulationCompleted', (doc, event) => {
      const { scenarioTitle, outcome, completedAt } = event.data;
      const learner = current(doc, event);
      const run = { scenarioTitle, callsReceived: outcome.callsReceived, completedAt };
      return { ...learner, simulations: [...(learner.simulations ?? []), run].slice(-2) };
    }),
    learners.on('PsychologyAssessmentCompleted', (doc, event) => {
      const d = event.data;
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
    }),
  ],
});
