import {
  documentKey,
  type EventOf,
  type EventType,
  type PsychologyCategory,
  psychologyCategories,
} from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { aggregate, documents, ownDocument, projection } from '../runtime/projection';

/**
 * Analytics: aggregates only, never a learner's identity in what the routes return. Per-learner working
 * documents hold just what the aggregates need; aggregates fold every change of them exactly once.
 */
/** Score bands of the psychology distributions: [0,20), [20,40), [40,60), [60,80), [80,100]. */
export const BANDS = [0, 20, 40, 60, 80] as const;
export const bandOf = (score: number) => Math.min(BANDS.length - 1, Math.floor(score / 20));

/** Item analysis groups: a learner's first score on the module quiz puts them in the upper or lower group. */
export const UPPER_GROUP_MIN = 75;
export const LOWER_GROUP_MAX = 50;

/** A learner's first answer to a quiz question or a lesson check. */
export interface FirstAnswer {
  /** The quiz question's id, or the lesson check's `checkItemKey`. */
  qid: string;
  moduleId: number;
  correct: boolean;
}

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
  /** The first answer to each question and lesson check, in the order given. */
  firstAnswers: FirstAnswer[];
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
  /** By quiz question id, or by `checkItemKey` for a lesson check. */
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
const empty = (id: string): AnalyticsLearnerDoc => ({
  id,
  registered: false,
  acknowledged: [],
  riskExpiresAt: null,
  compliant: false,
  startedModules: [],
  completedModules: [],
  firstAnswers: [],
  firstScores: {},
  assessments: 0,
  psychology: null,
});
/** A copy of a learner document for a handler to change. */
const copyOf = (doc: AnalyticsLearnerDoc): AnalyticsLearnerDoc => ({ ...doc });
/** Sets `compliant` on a handler's own copy once the learner has passed the gate. */
const gate = (doc: AnalyticsLearnerDoc): AnalyticsLearnerDoc => {
  doc.compliant =
    doc.compliant ||
    (doc.riskExpiresAt !== null &&
      new Set(doc.acknowledged.map((a) => a.split('@')[0])).size >= DOCUMENT_TYPES);
  return doc;
};

const learners = documents<AnalyticsLearnerDoc>('learners', ownDocument);
/** A handler of learner documents that starts from an empty document for a learner not seen yet. */
const onLearner = <K extends EventType>(
  type: K,
  apply: (doc: AnalyticsLearnerDoc, event: RecordedEvent<EventOf<K>>) => AnalyticsLearnerDoc,
  ids: (event: RecordedEvent<EventOf<K>>) => readonly string[] = ownDocument,
) => learners.on(type, (doc, event) => apply(doc ?? empty(ids(event)[0] ?? ''), event), ids);
const documentVersions = documents<DocumentVersionsDoc, EventOf<'ComplianceDocumentPublished'>>(
  'documents',
  (event) => [event.data.documentType],
);

/**
 * The item key of a lesson check: quiz questions are keyed by their id, and the prefix keeps a check's key
 * apart from every quiz question's whatever ids the authors choose.
 */
export const checkItemKey = (checkId: number) => `c${checkId}`;
const isCheckItem = (qid: string) => qid.startsWith('c');

const increment = (counts: Record<string, number>, key: string, by: number) => {
  counts[key] = (counts[key] ?? 0) + by;
};
/** Counts each element `after` has beyond `before` (both only ever grow by appending). */
const countAdded = <T>(
  counts: Record<string, number>,
  before: readonly T[] | undefined,
  after: readonly T[] | undefined,
) => {
  if (before === after || before?.length === after?.length || !after) return;
  for (const x of after) if (!(before ?? []).includes(x)) increment(counts, String(x), 1);
};

const emptyItem = (moduleId: number) => ({
  moduleId,
  firstAttempts: 0,
  firstCorrect: 0,
  upper: 0,
  upperCorrect: 0,
  lower: 0,
  lowerCorrect: 0,
});
const itemOf = (items: ItemsDoc, qid: string, moduleId: number) => {
  let item = items.questions[qid];
  if (!item) {
    item = emptyItem(moduleId);
    items.questions[qid] = item;
  }
  return item;
};
/** Counts a first answer in the upper or lower group of a learner whose first module quiz score is `score`. */
const joinGroup = (item: ReturnType<typeof emptyItem>, score: number, correct: boolean) => {
  if (score >= UPPER_GROUP_MIN) {
    item.upper += 1;
    if (correct) item.upperCorrect += 1;
  } else if (score <= LOWER_GROUP_MAX) {
    item.lower += 1;
    if (correct) item.lowerCorrect += 1;
  }
};

/** A learner document with this first answer appended, or the same document when it is not the first. */
const withFirstAnswer = (doc: AnalyticsLearnerDoc, qid: string, moduleId: number, correct: boolean) => {
  if (doc.firstAnswers.some((answer) => answer.qid === qid)) return doc;
  const next = copyOf(doc);
  next.firstAnswers = [...doc.firstAnswers, { qid, moduleId, correct }];
  return next;
};

const changePsychology = (
  agg: PsychologyAggregateDoc,
  result: AnalyticsLearnerDoc['psychology'],
  sign: 1 | -1,
) => {
  if (!result) return;
  for (const c of psychologyCategories) {
    const counts = agg.bands[c] ?? BANDS.map(() => 0);
    const band = bandOf(result.scores[c]);
    counts[band] = (counts[band] ?? 0) + sign;
    agg.bands[c] = counts;
    increment(agg.sums, c, sign * result.scores[c]);
  }
  agg.learners += sign;
  increment(agg.archetypes, result.archetype, sign);
};

export const analyticsProjection = projection({
  name: 'analytics',
  // 2: lesson checks join the item analysis.
  // 3: first answers as a list of plain entries, not one encoded string.
  version: 3,
  collections: [{ name: 'learners' }, { name: 'aggregates' }, { name: 'documents' }],
  handlers: [
    onLearner(
      'UserRegistered',
      (doc) => {
        const next = copyOf(doc);
        next.registered = true;
        return next;
      },
      (e) => [e.data.userId],
    ),
    onLearner('DocumentAcknowledged', (doc, { data }) => {
      const key = documentKey(data);
      if (doc.acknowledged.includes(key)) return doc;
      const next = copyOf(doc);
      next.acknowledged = [...doc.acknowledged, key];
      return gate(next);
    }),
    onLearner('RiskAssessed', (doc, { data }) => {
      const next = copyOf(doc);
      next.riskExpiresAt = data.expiresAt;
      return gate(next);
    }),
    onLearner('LessonCompleted', (doc, { data: { moduleId } }) => {
      if (doc.startedModules.includes(moduleId)) return doc;
      const next = copyOf(doc);
      next.startedModules = [...doc.startedModules, moduleId];
      return next;
    }),
    onLearner('QuizQuestionAnswered', (doc, { data: { questionId, moduleId, isCorrect } }) =>
      withFirstAnswer(doc, String(questionId), moduleId, isCorrect),
    ),
    onLearner('LessonCheckAnswered', (doc, { data: { checkId, moduleId, isCorrect } }) =>
      withFirstAnswer(doc, checkItemKey(checkId), moduleId, isCorrect),
    ),
    onLearner('ModuleQuizCompleted', (doc, { data: { moduleId, score } }) => {
      if (doc.completedModules.includes(moduleId)) return doc;
      const next = copyOf(doc);
      next.completedModules = [...doc.completedModules, moduleId];
      next.firstScores = { ...doc.firstScores, [moduleId]: score };
      return next;
    }),
    onLearner('PsychologyAssessmentCompleted', (doc, { data: d }) => {
      const scores = Object.fromEntries(psychologyCategories.map((c) => [c, d[c]])) as Record<
        PsychologyCategory,
        number
      >;
      const next = copyOf(doc);
      next.assessments = doc.assessments + 1;
      next.psychology = { scores, archetype: d.traderArchetype };
      return next;
    }),
    documentVersions.on('ComplianceDocumentPublished', (doc, { data: { documentType, version } }) => {
      const versions = doc?.versions ?? [];
      return versions.includes(version)
        ? (doc ?? { id: documentType, versions })
        : { id: documentType, versions: [...versions, version] };
    }),
  ],
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
          countAdded(next.started, before?.startedModules, after?.startedModules);
          countAdded(next.completed, before?.completedModules, after?.completedModules);
          return next;
        },
      }),
      aggregate<AnalyticsLearnerDoc, ItemsDoc>({
        collection: 'aggregates',
        id: 'items',
        apply: (items, before, after) => {
          const next = items ?? { id: 'items', questions: {} };
          const afterAnswers = after?.firstAnswers ?? [];
          // First answers are only ever added at the end: the new ones are those after the earlier count.
          for (const { qid, moduleId, correct } of afterAnswers.slice(before?.firstAnswers.length ?? 0)) {
            const item = itemOf(next, qid, moduleId);
            item.firstAttempts += 1;
            if (correct) item.firstCorrect += 1;
            // A check is practice, answered before or after the quiz: answered after the learner's first
            // score on its module, it joins their group at once (before, it joins with the quiz's questions).
            const score = isCheckItem(qid) ? after?.firstScores[moduleId] : undefined;
            if (score !== undefined) joinGroup(item, score, correct);
          }
          // At a learner's first completion of a module quiz, their first answers to its questions join the
          // upper or lower group by that first score. (A handler that adds a first score gives the document a new
          // `firstScores` object: the same object means no new first score, the case of nearly every change.)
          const afterScores = after?.firstScores;
          if (afterScores === undefined || afterScores === before?.firstScores) return next;
          for (const moduleId in afterScores) {
            if (before?.firstScores[moduleId] !== undefined) continue;
            const score = afterScores[moduleId] as number;
            if (score < UPPER_GROUP_MIN && score > LOWER_GROUP_MAX) continue;
            for (const answer of afterAnswers)
              if (answer.moduleId === Number(moduleId))
                joinGroup(itemOf(next, answer.qid, answer.moduleId), score, answer.correct);
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
          changePsychology(next, before?.psychology ?? null, -1);
          changePsychology(next, after?.psychology ?? null, 1);
          next.assessments += delta;
          return next;
        },
      }),
      aggregate<AnalyticsLearnerDoc, ComplianceAggregateDoc>({
        collection: 'aggregates',
        id: 'compliance',
        apply: (agg, before, after) => {
          const next = agg ?? { id: 'compliance', acknowledged: {}, expiries: {} };
          countAdded(next.acknowledged, before?.acknowledged, after?.acknowledged);
          if (before?.riskExpiresAt !== after?.riskExpiresAt) {
            if (before?.riskExpiresAt) increment(next.expiries, before.riskExpiresAt.slice(0, 10), -1);
            if (after?.riskExpiresAt) increment(next.expiries, after.riskExpiresAt.slice(0, 10), 1);
          }
          return next;
        },
      }),
    ],
  },
});
