import type { EventData, EventType, PsychologyCategory } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { aggregate, handler, type Projection } from '../runtime/projection';

/**
 * Analytics: aggregates only, never a learner's identity in what the routes return. Per-learner working
 * documents hold just what the aggregates need; aggregates fold every change of them exactly once.
 */
export const PSYCHOLOGY_CATEGORIES: readonly PsychologyCategory[] = [
  'emotionalIntelligence',
  'cognitiveControl',
  'stressResilience',
  'behavioralDiscipline',
  'riskManagement',
  'performanceOptimization',
];
/** Score bands of the psychology distributions: [0,20), [20,40), [40,60), [60,80), [80,100]. */
export const BANDS = [0, 20, 40, 60, 80] as const;
export const bandOf = (score: number) => Math.min(BANDS.length - 1, Math.floor(score / 20));

/** Item analysis groups: a learner's first score on the module quiz puts them in the upper or lower group. */
export const UPPER_GROUP_MIN = 75;
export const LOWER_GROUP_MAX = 50;

export interface AnalyticsLearnerDoc {
  id: string;
  registered: boolean;
  /** Versions acknowledged, as "type@version". */
  acknowledged: string[];
  riskExpiresAt: string | null;
  /** Passed the compliance gate at least once: one version of each of the 4 documents and a risk assessment. */
  compliant: boolean;
  startedModules: number[];
  completedModules: number[];
  /**
   * First answers, as ",question:module:correct" entries (e.g. ",101:1:1"): a string because it grows with
   * every question, and appending to a string costs far less than copying a map on every answer.
   */
  firstAnswers: string;
  firstScores: Record<string, number>;
  assessments: number;
  psychology: { scores: Record<PsychologyCategory, number>; archetype: string } | null;
  [key: string]: unknown;
}

export interface FunnelDoc {
  id: 'funnel';
  registered: number;
  compliant: number;
  started: Record<string, number>;
  completed: Record<string, number>;
  [key: string]: unknown;
}

export interface ItemsDoc {
  id: 'items';
  questions: Record<
    string,
    {
      moduleId: number;
      firstAttempts: number;
      firstCorrect: number;
      upper: number;
      upperCorrect: number;
      lower: number;
      lowerCorrect: number;
    }
  >;
  [key: string]: unknown;
}

export interface PsychologyAggregateDoc {
  id: 'psychology';
  assessments: number;
  learners: number;
  sums: Record<string, number>;
  bands: Record<string, number[]>;
  archetypes: Record<string, number>;
  [key: string]: unknown;
}

export interface ComplianceAggregateDoc {
  id: 'compliance';
  acknowledged: Record<string, number>;
  /** Risk assessments in force by expiry day (YYYY-MM-DD): each learner's latest only. */
  expiries: Record<string, number>;
  [key: string]: unknown;
}

export interface DocumentVersionsDoc {
  id: string;
  versions: string[];
  [key: string]: unknown;
}

const DOCUMENT_TYPES = 4;
const data = <K extends EventType>(_type: K, event: RecordedEvent) => event.data as EventData<K>;
const ownerOf = (event: RecordedEvent) => [event.stream.slice(event.stream.indexOf('-') + 1)];
const empty = (id: string): AnalyticsLearnerDoc => ({
  id,
  registered: false,
  acknowledged: [],
  riskExpiresAt: null,
  compliant: false,
  startedModules: [],
  completedModules: [],
  firstAnswers: '',
  firstScores: {},
  assessments: 0,
  psychology: null,
});
const gate = (doc: AnalyticsLearnerDoc): AnalyticsLearnerDoc => ({
  ...doc,
  compliant:
    doc.compliant ||
    (doc.riskExpiresAt !== null &&
      new Set(doc.acknowledged.map((a) => a.split('@')[0])).size >= DOCUMENT_TYPES),
});

const learnerHandler = (
  apply: (doc: AnalyticsLearnerDoc, event: RecordedEvent) => AnalyticsLearnerDoc,
  ids = ownerOf,
) =>
  handler<AnalyticsLearnerDoc>({
    collection: 'learners',
    ids,
    apply: (doc, event) => apply(doc ?? empty(ids(event)[0] ?? ''), event),
  });

/** Reads ",question:module:correct" entries. */
export function parseAnswers(entries: string): Array<{ qid: string; moduleId: number; correct: boolean }> {
  return entries
    .split(',')
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [qid = '', moduleId = '0', correct = '0'] = entry.split(':');
      return { qid, moduleId: Number(moduleId), correct: correct === '1' };
    });
}

const increment = (counts: Record<string, number>, key: string, by: number) => {
  counts[key] = (counts[key] ?? 0) + by;
};
const added = <T>(before: readonly T[] | undefined, after: readonly T[] | undefined) =>
  before?.length === after?.length ? [] : (after ?? []).filter((x) => !(before ?? []).includes(x));

export const analyticsProjection: Projection = {
  name: 'analytics',
  version: 1,
  collections: [{ name: 'learners' }, { name: 'aggregates' }, { name: 'documents' }],
  handlers: {
    UserRegistered: [
      learnerHandler(
        (doc) => ({ ...doc, registered: true }),
        (e) => [data('UserRegistered', e).userId],
      ),
    ],
    DocumentAcknowledged: [
      learnerHandler((doc, e) => {
        const { documentType, version } = data('DocumentAcknowledged', e);
        const key = `${documentType}@${version}`;
        return doc.acknowledged.includes(key)
          ? doc
          : gate({ ...doc, acknowledged: [...doc.acknowledged, key] });
      }),
    ],
    RiskAssessed: [
      learnerHandler((doc, e) => gate({ ...doc, riskExpiresAt: data('RiskAssessed', e).expiresAt })),
    ],
    LessonCompleted: [
      learnerHandler((doc, e) => {
        const { moduleId } = data('LessonCompleted', e);
        return doc.startedModules.includes(moduleId)
          ? doc
          : { ...doc, startedModules: [...doc.startedModules, moduleId] };
      }),
    ],
    QuizQuestionAnswered: [
      learnerHandler((doc, e) => {
        const { questionId, moduleId, isCorrect } = data('QuizQuestionAnswered', e);
        if (doc.firstAnswers.includes(`,${questionId}:`)) return doc;
        return {
          ...doc,
          firstAnswers: `${doc.firstAnswers},${questionId}:${moduleId}:${isCorrect ? 1 : 0}`,
        };
      }),
    ],
    ModuleQuizCompleted: [
      learnerHandler((doc, e) => {
        const { moduleId, score } = data('ModuleQuizCompleted', e);
        if (doc.completedModules.includes(moduleId)) return doc;
        return {
          ...doc,
          completedModules: [...doc.completedModules, moduleId],
          firstScores: { ...doc.firstScores, [moduleId]: score },
        };
      }),
    ],
    PsychologyAssessmentCompleted: [
      learnerHandler((doc, e) => {
        const d = data('PsychologyAssessmentCompleted', e);
        const scores = Object.fromEntries(PSYCHOLOGY_CATEGORIES.map((c) => [c, d[c]])) as Record<
          PsychologyCategory,
          number
        >;
        return {
          ...doc,
          assessments: doc.assessments + 1,
          psychology: { scores, archetype: d.traderArchetype },
        };
      }),
    ],
    ComplianceDocumentPublished: [
      handler<DocumentVersionsDoc>({
        collection: 'documents',
        ids: (e) => [data('ComplianceDocumentPublished', e).documentType],
        apply: (doc, e) => {
          const { documentType, version } = data('ComplianceDocumentPublished', e);
          const versions = doc?.versions ?? [];
          return versions.includes(version)
            ? (doc ?? { id: documentType, versions })
            : { id: documentType, versions: [...versions, version] };
        },
      }),
    ],
  },
  aggregates: {
    // Each apply updates the batch's own copy of the aggregate in place (see `Aggregate`).
    learners: [
      aggregate<AnalyticsLearnerDoc, FunnelDoc>({
        collection: 'aggregates',
        id: 'funnel',
        apply: (funnel, before, after) => {
          const next = funnel ?? { id: 'funnel', registered: 0, compliant: 0, started: {}, completed: {} };
          if (after?.registered && !before?.registered) next.registered += 1;
          if (after?.compliant && !before?.compliant) next.compliant += 1;
          for (const m of added(before?.startedModules, after?.startedModules))
            increment(next.started, String(m), 1);
          for (const m of added(before?.completedModules, after?.completedModules))
            increment(next.completed, String(m), 1);
          return next;
        },
      }),
      aggregate<AnalyticsLearnerDoc, ItemsDoc>({
        collection: 'aggregates',
        id: 'items',
        apply: (items, before, after) => {
          const next = items ?? { id: 'items', questions: {} };
          const entry = (qid: string, moduleId: number) => {
            const existing = next.questions[qid];
            if (existing) return existing;
            const created = {
              moduleId,
              firstAttempts: 0,
              firstCorrect: 0,
              upper: 0,
              upperCorrect: 0,
              lower: 0,
              lowerCorrect: 0,
            };
            next.questions[qid] = created;
            return created;
          };
          const afterAnswers = after?.firstAnswers ?? '';
          const beforeAnswers = before?.firstAnswers ?? '';
          // New first answers are what was appended to the string.
          for (const answer of parseAnswers(afterAnswers.slice(beforeAnswers.length))) {
            const e = entry(answer.qid, answer.moduleId);
            e.firstAttempts += 1;
            if (answer.correct) e.firstCorrect += 1;
          }
          // At a learner's first completion of a module quiz, their first answers to its questions join the
          // upper or lower group by that first score.
          for (const [moduleId, score] of Object.entries(after?.firstScores ?? {})) {
            if (before?.firstScores[moduleId] !== undefined) continue;
            const group = score >= UPPER_GROUP_MIN ? 'upper' : score <= LOWER_GROUP_MAX ? 'lower' : null;
            if (!group) continue;
            for (const answer of parseAnswers(afterAnswers)) {
              if (String(answer.moduleId) !== moduleId) continue;
              const e = entry(answer.qid, answer.moduleId);
              if (group === 'upper') {
                e.upper += 1;
                if (answer.correct) e.upperCorrect += 1;
              } else {
                e.lower += 1;
                if (answer.correct) e.lowerCorrect += 1;
              }
            }
          }
          return next;
        },
      }),
      aggregate<AnalyticsLearnerDoc, PsychologyAggregateDoc>({
        collection: 'aggregates',
        id: 'psychology',
        apply: (agg, before, after) => {
          const next = agg ?? {
            id: 'psychology',
            assessments: 0,
            learners: 0,
            sums: {},
            bands: {},
            archetypes: {},
          };
          const delta = (after?.assessments ?? 0) - (before?.assessments ?? 0);
          if (delta === 0) return next;
          const change = (result: AnalyticsLearnerDoc['psychology'], sign: 1 | -1) => {
            if (!result) return;
            for (const c of PSYCHOLOGY_CATEGORIES) {
              const counts = next.bands[c] ?? BANDS.map(() => 0);
              const band = bandOf(result.scores[c]);
              counts[band] = (counts[band] ?? 0) + sign;
              next.bands[c] = counts;
              increment(next.sums, c, sign * result.scores[c]);
            }
            next.learners += sign;
            increment(next.archetypes, result.archetype, sign);
          };
          change(before?.psychology ?? null, -1);
          change(after?.psychology ?? null, 1);
          next.assessments += delta;
          return next;
        },
      }),
      aggregate<AnalyticsLearnerDoc, ComplianceAggregateDoc>({
        collection: 'aggregates',
        id: 'compliance',
        apply: (agg, before, after) => {
          const next = agg ?? { id: 'compliance', acknowledged: {}, expiries: {} };
          for (const key of added(before?.acknowledged, after?.acknowledged))
            increment(next.acknowledged, key, 1);
          if (before?.riskExpiresAt !== after?.riskExpiresAt) {
            if (before?.riskExpiresAt) increment(next.expiries, before.riskExpiresAt.slice(0, 10), -1);
            if (after?.riskExpiresAt) increment(next.expiries, after.riskExpiresAt.slice(0, 10), 1);
          }
          return next;
        },
      }),
    ],
  },
};
