/**
 * The route table: every API route with its method, Koa-style path, the service that answers it
 * (GET → query-service, anything else → command-service, as the gateway routes them), who may call it,
 * its codecs and its success status. Every error answers `ErrorBody` (`{ "error": "<message>" }`).
 */
import * as t from 'io-ts';
import {
  ComplianceAnalytics,
  FunnelStep,
  ModuleAnalytics,
  PracticeAnalytics,
  ProjectionStatus,
  PsychologyAnalytics,
  QuizItemAnalytics,
  RebuildStarted,
} from './analytics';
import {
  AuditExport,
  AuditHistory,
  DocumentCoverage,
  DocumentVersion,
  LearnerSummary,
  ProofBundle,
  ProofQuery,
} from './audit';
import { certificateRoutes } from './certificates';
import {
  CheckpointFeed,
  CheckpointFeedQuery,
  CheckpointKey,
  CosignatureAccepted,
  CosignatureBody,
} from './checkpoints';
import { nullable } from './codecs';
import { complianceRoutes } from './compliance';
import { ContractSpec } from './contract-specs';
import {
  CheckAnswer,
  Dashboard,
  Lesson,
  Module,
  ProgressRecord,
  PsychologyQuestion,
  PsychologyResult,
  QuizAttempt,
  QuizQuestion,
  QuizResult,
  TradingProfile,
  User,
} from './entities';
import { MarginScenario, MarginSimulationBody, MarginSimulationRecorded } from './margin-simulation';
import { personalDataRoutes } from './personal-data-export';
import { privacyRoutes } from './privacy';
import {
  AsOfQuery,
  AuditHistoryQuery,
  CheckAnswerBody,
  DocumentVersionParams,
  ExportQuery,
  IdParams,
  LearnerSearchQuery,
  LessonCheckParams,
  LoginBody,
  ModuleIdParams,
  ProgressBody,
  ProjectionNameParams,
  PsychologyAssessmentBody,
  QuizAttemptBody,
  RegisterBody,
} from './requests';
import { AuthResponse, Ok } from './responses';
import { ModuleMastery, ReviewAnswer, ReviewAnswerBody, ReviewItem } from './review';
import type { RouteDefinition, Service } from './route-definition';

export type { HttpMethod, RouteDefinition, Service } from './route-definition';

export interface RouteSpec extends RouteDefinition {
  readonly name: string;
  readonly service: Service;
}

type Defined<R extends Record<string, RouteDefinition>> = {
  readonly [K in keyof R]: R[K] & { readonly name: K; readonly service: Service };
};

/** Names each route after its key and assigns the service that its method is routed to. */
function defineRoutes<const R extends Record<string, RouteDefinition>>(table: R): Defined<R> {
  const named: Record<string, RouteSpec> = {};
  for (const [name, definition] of Object.entries(table)) {
    named[name] = { ...definition, name, service: definition.method === 'GET' ? 'query' : 'command' };
  }
  return named as Defined<R>;
}

export const routes = defineRoutes({
  // ---- identity ----
  me: { method: 'GET', path: '/api/auth/me', access: 'authenticated', response: User },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    body: LoginBody,
    response: AuthResponse,
  },
  register: {
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    body: RegisterBody,
    response: AuthResponse,
    status: 201,
  },
  /** Tokens issued before now stop being valid for this user. */
  logout: { method: 'POST', path: '/api/auth/logout', access: 'authenticated', response: Ok },

  // ---- course (compliant learners) ----
  modules: { method: 'GET', path: '/api/modules', access: 'compliant', response: t.array(Module) },
  contractSpecs: {
    method: 'GET',
    path: '/api/contract-specs',
    access: 'authenticated',
    response: t.array(ContractSpec),
  },
  /** The learner's review items due now: question and options only (the key comes back with an answer). */
  reviewQueue: { method: 'GET', path: '/api/review', access: 'compliant', response: t.array(ReviewItem) },
  /** An answer to a review item: graded by the server and recorded (ReviewAnswered), with the feedback. */
  answerReview: {
    method: 'POST',
    path: '/api/review/answers',
    access: 'compliant',
    body: ReviewAnswerBody,
    response: ReviewAnswer,
    status: 201,
  },
  /** One entry per module: its mastery level and the counts it comes from. */
  mastery: { method: 'GET', path: '/api/mastery', access: 'compliant', response: t.array(ModuleMastery) },
  /** The margin simulator's hypothetical daily-settlement paths. */
  marginScenarios: {
    method: 'GET',
    path: '/api/practice/margin-scenarios',
    access: 'authenticated',
    response: t.array(MarginScenario),
  },
  /**
   * A finished simulator run: the server replays the scenario with the learner's choices, refuses a run that
   * does not follow the rules (400), and records the outcome it found (MarginSimulationCompleted).
   */
  recordMarginSimulation: {
    method: 'POST',
    path: '/api/practice/margin-simulations',
    access: 'authenticated',
    body: MarginSimulationBody,
    response: MarginSimulationRecorded,
    status: 201,
  },
  moduleLessons: {
    method: 'GET',
    path: '/api/modules/:id/lessons',
    access: 'compliant',
    params: ModuleIdParams,
    response: t.array(Lesson),
  },
  moduleQuiz: {
    method: 'GET',
    path: '/api/modules/:id/quiz',
    access: 'compliant',
    params: ModuleIdParams,
    response: t.array(QuizQuestion),
  },
  progress: { method: 'GET', path: '/api/progress', access: 'compliant', response: t.array(ProgressRecord) },
  /** Completing what is already completed appends nothing and answers the existing record. */
  recordProgress: {
    method: 'POST',
    path: '/api/progress',
    access: 'compliant',
    body: ProgressBody,
    response: ProgressRecord,
    status: 201,
  },
  /** Graded by the server; the answer says whether it was correct. */
  quizAttempt: {
    method: 'POST',
    path: '/api/quiz/attempt',
    access: 'compliant',
    body: QuizAttemptBody,
    response: QuizAttempt,
    status: 201,
  },
  /**
   * Answers a lesson's 'Check your understanding' question: graded by the server, recorded (one
   * LessonCheckAnswered per submission), answered with the feedback. Never counts toward a quiz score.
   */
  answerLessonCheck: {
    method: 'POST',
    path: '/api/lessons/:lessonId/checks/:checkId/answer',
    access: 'compliant',
    params: LessonCheckParams,
    body: CheckAnswerBody,
    response: CheckAnswer,
    status: 201,
  },
  /** Newest first. */
  quizResults: {
    method: 'GET',
    path: '/api/quiz-results',
    access: 'compliant',
    response: t.array(QuizResult),
  },

  // ---- psychology and dashboard (compliant learners) ----
  /** The user's psychology results, newest first. */
  assessments: {
    method: 'GET',
    path: '/api/assessments',
    access: 'compliant',
    response: t.array(PsychologyResult),
  },
  psychologyQuestions: {
    method: 'GET',
    path: '/api/trading-psychology/questions',
    access: 'compliant',
    response: t.array(PsychologyQuestion),
  },
  submitPsychologyAssessment: {
    method: 'POST',
    path: '/api/trading-psychology/assessment',
    access: 'compliant',
    body: PsychologyAssessmentBody,
    response: PsychologyResult,
    status: 201,
  },
  /** null when the user has none yet (an answer, not an error: a new learner's dashboard asks for it). */
  latestPsychologyResult: {
    method: 'GET',
    path: '/api/trading-psychology/latest',
    access: 'compliant',
    response: nullable(PsychologyResult),
  },
  tradingProfile: {
    method: 'GET',
    path: '/api/trading-profile',
    access: 'compliant',
    response: TradingProfile,
  },
  dashboard: { method: 'GET', path: '/api/dashboard', access: 'compliant', response: Dashboard },

  // ---- compliance gate (any signed-in user) ----
  ...complianceRoutes,
  ...privacyRoutes,
  ...personalDataRoutes,
  ...certificateRoutes,

  // ---- compliance auditors (auditor or admin); every read is recorded as AuditorViewedRecords ----
  auditLearners: {
    method: 'GET',
    path: '/api/audit/learners',
    access: 'auditor',
    query: LearnerSearchQuery,
    response: t.array(LearnerSummary),
  },
  /** Replayed from the event log itself, with each stream's hash-chain verification. */
  auditLearnerHistory: {
    method: 'GET',
    path: '/api/audit/learners/:id/history',
    access: 'auditor',
    params: IdParams,
    query: AuditHistoryQuery,
    response: AuditHistory,
  },
  auditDocuments: {
    method: 'GET',
    path: '/api/audit/documents',
    access: 'auditor',
    response: t.array(DocumentVersion),
  },
  auditDocumentCoverage: {
    method: 'GET',
    path: '/api/audit/documents/:documentType/:version/coverage',
    access: 'auditor',
    params: DocumentVersionParams,
    query: AsOfQuery,
    response: DocumentCoverage,
  },

  /** The history as a file: CSV, or JSON that `npm run audit -- verify` re-checks offline. */
  auditLearnerExport: {
    method: 'GET',
    path: '/api/audit/learners/:id/export',
    access: 'auditor',
    params: IdParams,
    query: ExportQuery,
    response: t.union([AuditExport, t.string]),
  },
  /** An offline proof of one event of a learner's compliance stream (recorded as the auditor's read). */
  auditProof: {
    method: 'GET',
    path: '/api/audit/learners/:id/proof',
    access: 'auditor',
    params: IdParams,
    query: ProofQuery,
    response: ProofBundle,
  },
  auditCoverageExport: {
    method: 'GET',
    path: '/api/audit/documents/:documentType/:version/coverage/export',
    access: 'auditor',
    params: DocumentVersionParams,
    query: ExportQuery,
    response: t.union([AuditExport, t.string]),
  },

  /** The Ed25519 public key that verifies the log's signed checkpoints (also `npm run audit -- key`). */
  checkpointKey: {
    method: 'GET',
    path: '/api/log/checkpoint-key',
    access: 'public',
    response: CheckpointKey,
  },
  /** What a witness follows: the checkpoints after its last one, and the newest as a signed note. */
  checkpointFeed: {
    method: 'GET',
    path: '/api/log/checkpoints',
    access: 'public',
    query: CheckpointFeedQuery,
    response: CheckpointFeed,
  },
  /** A witness's cosignature, accepted only from the witness keys this Tickwise is configured with. */
  submitCosignature: {
    method: 'POST',
    path: '/api/log/cosignatures',
    access: 'public',
    body: CosignatureBody,
    response: CosignatureAccepted,
    status: 201,
  },

  // ---- analysts (analyst or admin): aggregates only ----
  /** Simulator runs per path and review answers per item. */
  analyticsPractice: {
    method: 'GET',
    path: '/api/analytics/practice',
    access: 'analyst',
    response: PracticeAnalytics,
  },
  analyticsFunnel: {
    method: 'GET',
    path: '/api/analytics/funnel',
    access: 'analyst',
    response: t.array(FunnelStep),
  },
  analyticsModules: {
    method: 'GET',
    path: '/api/analytics/modules',
    access: 'analyst',
    response: t.array(ModuleAnalytics),
  },
  analyticsQuizItems: {
    method: 'GET',
    path: '/api/analytics/quiz-items',
    access: 'analyst',
    response: t.array(QuizItemAnalytics),
  },
  analyticsPsychology: {
    method: 'GET',
    path: '/api/analytics/psychology',
    access: 'analyst',
    response: PsychologyAnalytics,
  },
  analyticsCompliance: {
    method: 'GET',
    path: '/api/analytics/compliance',
    access: 'analyst',
    response: ComplianceAnalytics,
  },
  projections: {
    method: 'GET',
    path: '/api/admin/projections',
    access: 'analyst',
    response: t.array(ProjectionStatus),
  },
  /** Starts a blue/green rebuild; the current version keeps serving until the new one catches up. */
  rebuildProjection: {
    method: 'POST',
    path: '/api/admin/projections/:name/rebuild',
    access: 'analyst',
    params: ProjectionNameParams,
    response: RebuildStarted,
    status: 202,
  },
});

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** Every route, in table order. */
export const routeList: readonly RouteSpec[] = Object.values(routes);

/** The success status of a route. */
export const successStatus = (route: RouteDefinition): number => route.status ?? 200;

type Decoded<R, K extends string> = R extends { readonly [P in K]: infer C extends t.Mixed }
  ? t.TypeOf<C>
  : undefined;

/** The decoded JSON body of route N (undefined when it takes none). */
export type BodyOf<N extends RouteName> = Decoded<Routes[N], 'body'>;
/** The decoded query string of route N (undefined when it reads none). */
export type QueryOf<N extends RouteName> = Decoded<Routes[N], 'query'>;
/** The decoded path parameters of route N (undefined when its path has none). */
export type ParamsOf<N extends RouteName> = Decoded<Routes[N], 'params'>;
/** The success body of route N. */
export type ResponseOf<N extends RouteName> = t.TypeOf<Routes[N]['response']>;
