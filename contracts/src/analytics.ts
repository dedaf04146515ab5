/** What analysts read: aggregate analytics (never a learner's identity) and projection operations. */
import * as t from 'io-ts';
import {
  isoDateTime,
  nonEmptyString,
  nonNegativeInt,
  nullable,
  numberRange,
  oneOf,
  percent,
  positiveInt,
  ratio,
  struct,
} from './codecs';
import { limits } from './limits';
import { DocumentType, PsychologyCategory } from './vocabulary';

const title = nonEmptyString(limits.title);

/** One step of registration → compliant → module 1…12 completed (GET /api/analytics/funnel). */
export const FunnelStep = struct({ step: title, label: title, learners: nonNegativeInt }, 'FunnelStep');
export type FunnelStep = t.TypeOf<typeof FunnelStep>;

/** Per-module completion (GET /api/analytics/modules); completionRate = completed / started (0-1). */
export const ModuleAnalytics = struct(
  {
    moduleId: positiveInt,
    title,
    learnersStarted: nonNegativeInt,
    learnersCompleted: nonNegativeInt,
    completionRate: ratio,
  },
  'ModuleAnalytics',
);
export type ModuleAnalytics = t.TypeOf<typeof ModuleAnalytics>;

/** What an analysed item is: a module quiz question, or a lesson's 'Check your understanding' question. */
export const ItemKind = oneOf(['quiz', 'check']);
export type ItemKind = t.TypeOf<typeof ItemKind>;

/**
 * Item analysis of one quiz question or lesson check (GET /api/analytics/quiz-items): facility = share
 * correct on first attempts (0-1); discrimination (-1…1) = how well it separates strong from weak learners
 * (grouped by their first module quiz score). Null without data. A check names its lesson (null for a quiz
 * question); questionId is then the check's id.
 */
export const QuizItemAnalytics = struct(
  {
    kind: ItemKind,
    moduleId: positiveInt,
    lessonId: nullable(positiveInt),
    lessonTitle: nullable(title),
    questionId: positiveInt,
    question: t.string,
    firstAttempts: nonNegativeInt,
    facility: nullable(ratio),
    discrimination: nullable(numberRange(-1, 1)),
  },
  'QuizItemAnalytics',
);
export type QuizItemAnalytics = t.TypeOf<typeof QuizItemAnalytics>;

/** Score distribution of one psychology category: counts per score band [from, to]. */
export const CategoryDistribution = struct(
  {
    category: PsychologyCategory,
    mean: nullable(numberRange(0, 100)),
    bands: t.array(struct({ from: percent, to: percent, learners: nonNegativeInt })),
  },
  'CategoryDistribution',
);
export type CategoryDistribution = t.TypeOf<typeof CategoryDistribution>;

/** GET /api/analytics/psychology */
export const PsychologyAnalytics = struct(
  {
    assessments: nonNegativeInt,
    categories: t.array(CategoryDistribution),
    archetypes: t.array(struct({ archetype: title, learners: nonNegativeInt })),
  },
  'PsychologyAnalytics',
);
export type PsychologyAnalytics = t.TypeOf<typeof PsychologyAnalytics>;

/** Coverage of one document version: learners who acknowledged it, and who have not. */
export const DocumentVersionCoverage = struct(
  {
    documentType: DocumentType,
    version: nonEmptyString(limits.version),
    isActive: t.boolean,
    acknowledged: nonNegativeInt,
    notAcknowledged: nonNegativeInt,
    coverage: ratio,
  },
  'DocumentVersionCoverage',
);
export type DocumentVersionCoverage = t.TypeOf<typeof DocumentVersionCoverage>;

/** GET /api/analytics/compliance */
export const ComplianceAnalytics = struct(
  {
    documents: t.array(DocumentVersionCoverage),
    riskAssessmentsExpiringWithin30Days: nonNegativeInt,
  },
  'ComplianceAnalytics',
);
export type ComplianceAnalytics = t.TypeOf<typeof ComplianceAnalytics>;

/** `stalled`: a rebuild holds the projection's lease but its heartbeat stopped (killed or stuck). */
export const ProjectionState = oneOf(['live', 'catching_up', 'rebuilding', 'stalled', 'stopped', 'failed']);
export type ProjectionState = t.TypeOf<typeof ProjectionState>;

/** A blue/green rebuild in progress: the new version catching up while the current one serves. */
export const RebuildProgress = struct(
  {
    targetVersion: positiveInt,
    processed: nonNegativeInt,
    total: nonNegativeInt,
    eventsPerSecond: numberRange(0, Number.MAX_SAFE_INTEGER),
    etaSeconds: nullable(numberRange(0, Number.MAX_SAFE_INTEGER)),
    startedAt: isoDateTime,
  },
  {
    /** The rebuild's last heartbeat. */
    heartbeatAt: isoDateTime,
    /** Until when its lease holds the projection: a new rebuild can start after it, if it stalled. */
    leaseEndsAt: isoDateTime,
    /** Set when its heartbeat stopped: since when (its last heartbeat). */
    stalledSince: isoDateTime,
  },
  'RebuildProgress',
);
export type RebuildProgress = t.TypeOf<typeof RebuildProgress>;

/** GET /api/admin/projections: checkpoint is a log position (a bigint as a string), lag in events. */
export const ProjectionStatus = struct(
  {
    name: title,
    version: positiveInt,
    checkpoint: nullable(t.string),
    lag: nonNegativeInt,
    state: ProjectionState,
    rebuild: nullable(RebuildProgress),
  },
  'ProjectionStatus',
);
export type ProjectionStatus = t.TypeOf<typeof ProjectionStatus>;

/** POST /api/admin/projections/:name/rebuild → 202. */
export const RebuildStarted = struct(
  { name: title, targetVersion: positiveInt, startedAt: isoDateTime },
  'RebuildStarted',
);
export type RebuildStarted = t.TypeOf<typeof RebuildStarted>;

/** How simulator runs end, per path, and how review answers go, per item: aggregates, never a learner. */
export const PracticeAnalytics = struct(
  {
    scenarios: t.array(
      struct(
        {
          scenarioId: t.string,
          runs: nonNegativeInt,
          /** Runs whose position was closed in answer to a margin call. */
          closedEarly: nonNegativeInt,
          averageCalls: nullable(t.number),
          averageTradingResult: nullable(t.number),
        },
        'ScenarioRuns',
      ),
    ),
    /** Review answers (apart from first tries) per quiz question or lesson check. */
    reviews: t.array(
      struct(
        {
          kind: oneOf(['quiz', 'check']),
          itemId: positiveInt,
          moduleId: positiveInt,
          reviews: nonNegativeInt,
          right: nonNegativeInt,
        },
        'ItemReviews',
      ),
    ),
  },
  'PracticeAnalytics',
);
export type PracticeAnalytics = t.TypeOf<typeof PracticeAnalytics>;
