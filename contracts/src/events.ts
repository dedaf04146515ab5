/**
 * Domain events: one exact codec per event's data. Event type names and stream names are part of
 * the contract (docs/architecture/event-log.md). `eventStreams` says which stream category each event
 * lives in.
 */
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either';
import * as t from 'io-ts';
import { CertificateIssued, CertificateNameChosen } from './certificates';
import { CheckpointCosigned, LogCheckpointSigned } from './checkpoints';
import {
  email,
  entityId,
  isoDateTime,
  nonEmptyString,
  nonNegativeInt,
  nullable,
  oneOf,
  percent,
  positiveInt,
  refine,
  sha256Hex,
  struct,
  text,
} from './codecs';
import {
  ComplianceDocumentPublished,
  ComplianceDocumentViewed,
  DocumentAcknowledged,
  RegulatoryWarningAcknowledged,
  RegulatoryWarningIssued,
  RiskAssessed,
} from './compliance';
import { ContractSpec } from './contract-specs';
import { decode } from './decode';
import { PsychologyItem, psychologyScores } from './entities';
import { limits } from './limits';
import { EventLogMigrated } from './log-migration';
import { MarginCallResponse, MarginOutcomeCodec, MarginScenario, scenarioId } from './margin-simulation';
import { EmailReleased, FailedLoginsExpired, LearnerErased, PersonalDataExported } from './privacy';
import { PsychologyResponse } from './requests';
import type { StreamCategory } from './streams';
import { GrantableRole, LoginFailureReason, ModuleLevel } from './vocabulary';

const version = nonEmptyString(limits.version);
const title = nonEmptyString(limits.title);
/** Who did something: a user id, or a label such as "cli" for the admin CLI. */
const actor = nonEmptyString(limits.title);

// ---- user-{userId} ----

export const UserRegistered = struct(
  {
    userId: entityId,
    email,
    firstName: text(limits.name),
    lastName: text(limits.name),
    registeredAt: isoDateTime,
  },
  'UserRegistered',
);
export const RoleGranted = struct({ userId: entityId, role: GrantableRole, grantedBy: actor }, 'RoleGranted');
export const RoleRevoked = struct({ userId: entityId, role: GrantableRole, revokedBy: actor }, 'RoleRevoked');
/** Tokens of this user issued before `tokensRevokedBefore` are no longer valid. */
export const UserLoggedOut = struct({ userId: entityId, tokensRevokedBefore: isoDateTime }, 'UserLoggedOut');
export const LoginSucceeded = struct(
  { userId: entityId, ip: t.string, userAgent: t.string },
  'LoginSucceeded',
);

// ---- email-{sha256(lower(email))} ----

/** Appended with expected revision "no stream": makes e-mail uniqueness atomic. passwordHash is argon2id. */
export const EmailReserved = struct(
  { email, userId: entityId, passwordHash: nonEmptyString(1_000) },
  'EmailReserved',
);

// ---- login-{sha256(lower(email))} ----

/** A failed login for the security audit; no secret in it. */
export const LoginFailed = struct(
  { emailHash: sha256Hex, reason: LoginFailureReason, ip: t.string, userAgent: t.string },
  'LoginFailed',
);

// ---- learning-{userId} ----

export const LessonCompleted = struct(
  { moduleId: positiveInt, lessonId: positiveInt, completedAt: isoDateTime },
  'LessonCompleted',
);
/**
 * A 'Check your understanding' question after a lesson answered, graded by the server from the published
 * lesson (selectedAnswer 0-based). Practice only: no quiz score or completion rule reads it.
 */
export const LessonCheckAnswered = struct(
  {
    moduleId: positiveInt,
    lessonId: positiveInt,
    checkId: positiveInt,
    selectedAnswer: nonNegativeInt,
    isCorrect: t.boolean,
    answeredAt: isoDateTime,
  },
  'LessonCheckAnswered',
);
/**
 * An answer to a review item: a quiz question or a lesson check the learner missed before, asked again when
 * its spaced-repetition schedule says so. Graded by the server like the first try; counted apart from first tries.
 */
export const ReviewAnswered = struct(
  {
    itemKind: oneOf(['quiz', 'check']),
    itemId: positiveInt,
    /** The lesson of a check; null for a quiz question. */
    lessonId: nullable(positiveInt),
    moduleId: positiveInt,
    selectedAnswer: nonNegativeInt,
    isCorrect: t.boolean,
    answeredAt: isoDateTime,
  },
  'ReviewAnswered',
);

/**
 * A finished run of the margin-call simulator: the scenario and its version, the learner's choices, and the
 * outcome the server worked out from them. No personal data.
 */
export const MarginSimulationCompleted = struct(
  {
    scenarioId,
    scenarioVersion: version,
    /** The path's title when the run was made (the dashboard's recent activity names it). */
    scenarioTitle: title,
    side: oneOf(['long', 'short']),
    contracts: positiveInt,
    startingBalance: t.number,
    responses: t.array(MarginCallResponse),
    outcome: MarginOutcomeCodec,
    completedAt: isoDateTime,
  },
  'MarginSimulationCompleted',
);
/** Graded by the server from the catalog; selectedAnswer is 0-based. */
export const QuizQuestionAnswered = struct(
  {
    moduleId: positiveInt,
    questionId: positiveInt,
    selectedAnswer: nonNegativeInt,
    isCorrect: t.boolean,
    answeredAt: isoDateTime,
  },
  'QuizQuestionAnswered',
);
/** score = round(correct / total × 100), computed by the server. */
export const ModuleQuizCompleted = struct(
  {
    moduleId: positiveInt,
    score: percent,
    correct: nonNegativeInt,
    total: nonNegativeInt,
    completedAt: isoDateTime,
  },
  'ModuleQuizCompleted',
);

// ---- psychology-{userId} ----

export const PsychologyAssessmentCompleted = struct(
  {
    assessmentId: entityId,
    instrumentVersion: version,
    responses: t.array(PsychologyResponse),
    ...psychologyScores,
    overallScore: percent,
    traderArchetype: title,
    completedAt: isoDateTime,
  },
  'PsychologyAssessmentCompleted',
);

// ---- catalog-course-module-{moduleId} ----

/** An option's 1-based number as a JSON key ("1", "2", …). */
const optionNumberKey = refine(t.string, (s) => /^[1-9]\d{0,2}$/.test(s), 'an option number');

/**
 * A question as published (module quiz question or lesson check), answer key included: it never leaves the
 * server before an answer. correctAnswer is 1-based; whyWrong explains each wrong option by its 1-based
 * number (absent in events published before it was authored).
 */
export const PublishedQuestion = struct(
  {
    id: positiveInt,
    question: nonEmptyString(limits.description),
    options: t.array(t.string),
    correctAnswer: positiveInt,
    explanation: nullable(t.string),
  },
  { whyWrong: t.record(optionNumberKey, t.string) },
  'PublishedQuestion',
);
export type PublishedQuestion = t.TypeOf<typeof PublishedQuestion>;

export const ModulePublished = struct(
  {
    moduleId: positiveInt,
    title,
    level: ModuleLevel,
    description: t.string,
    lessonIds: t.array(positiveInt),
    contentHash: sha256Hex,
  },
  'ModulePublished',
);
/** position is the lesson's 1-based place in its module; duration in minutes. */
export const LessonPublished = struct(
  {
    lessonId: positiveInt,
    moduleId: positiveInt,
    position: positiveInt,
    title,
    description: t.string,
    duration: nonNegativeInt,
    videoUrl: nullable(t.string),
    content: t.string,
    contentHash: sha256Hex,
  },
  // Lessons published before checks were authored have none.
  { checks: t.array(PublishedQuestion) },
  'LessonPublished',
);
export const QuizPublished = struct(
  { moduleId: positiveInt, questions: t.array(PublishedQuestion), contentHash: sha256Hex },
  'QuizPublished',
);

// ---- catalog-psychology ----

/** A trader archetype: a descriptive coaching label chosen by `rule` over the category scores. */
export const PsychologyArchetype = struct(
  {
    id: nonEmptyString(limits.title),
    name: title,
    rule: nonEmptyString(limits.description),
    description: t.string,
    workOn: t.string,
  },
  'PsychologyArchetype',
);

export const PsychologyInstrumentPublished = struct(
  {
    version,
    questions: t.array(PsychologyItem),
    archetypes: t.array(PsychologyArchetype),
    /** Shown with every result: a self-reflection tool, not a diagnosis or a prediction. */
    disclaimer: t.string,
    contentHash: sha256Hex,
  },
  'PsychologyInstrumentPublished',
);

// ---- catalog-contract-specs ----

/** The contract specifications (content/contract-specs.yaml) as published at start-up. */
export const ContractSpecsPublished = struct(
  { version, specs: t.array(ContractSpec), contentHash: sha256Hex },
  'ContractSpecsPublished',
);

/** The margin simulator's scenarios (content/margin-scenarios.yaml) as published at start-up. */
export const MarginScenariosPublished = struct(
  { version, scenarios: t.array(MarginScenario), contentHash: sha256Hex },
  'MarginScenariosPublished',
);

// ---- audit-{auditorId} ----

/** An auditor's read, itself recorded. learnerId null for reads not about one learner; view names the screen/route. */
/**
 * An auditor's read. For an export, exportHash anchors the file in the log: the JSON export's own
 * exportHash, or the SHA-256 of a CSV file's bytes (`npm run audit -- anchored <file>` looks it up).
 */
export const AuditorViewedRecords = struct(
  {
    auditorId: entityId,
    learnerId: nullable(entityId),
    view: title,
    asOf: nullable(isoDateTime),
    viewedAt: isoDateTime,
  },
  { exportHash: sha256Hex },
  'AuditorViewedRecords',
);

/** Every event type and the codec of its data. */
export const eventCodecs = {
  UserRegistered,
  RoleGranted,
  RoleRevoked,
  UserLoggedOut,
  LoginSucceeded,
  LearnerErased,
  PersonalDataExported,
  EmailReserved,
  EmailReleased,
  LoginFailed,
  FailedLoginsExpired,
  LessonCompleted,
  LessonCheckAnswered,
  QuizQuestionAnswered,
  ModuleQuizCompleted,
  CertificateIssued,
  CertificateNameChosen,
  ComplianceDocumentViewed,
  DocumentAcknowledged,
  RiskAssessed,
  RegulatoryWarningIssued,
  RegulatoryWarningAcknowledged,
  PsychologyAssessmentCompleted,
  ModulePublished,
  LessonPublished,
  QuizPublished,
  ComplianceDocumentPublished,
  PsychologyInstrumentPublished,
  ContractSpecsPublished,
  MarginScenariosPublished,
  MarginSimulationCompleted,
  ReviewAnswered,
  AuditorViewedRecords,
  LogCheckpointSigned,
  CheckpointCosigned,
  EventLogMigrated,
} as const;

export type EventType = keyof typeof eventCodecs;

/** The data of the event of type K. */
export type EventData<K extends EventType> = t.TypeOf<(typeof eventCodecs)[K]>;

/** A domain event: its type and its data. */
export type DomainEvent = { [K in EventType]: { type: K; data: EventData<K> } }[EventType];

/** The event of type K. */
export type EventOf<K extends EventType> = Extract<DomainEvent, { type: K }>;

/** The stream category each event type is appended to (see `streams`). */
export const eventStreams: Readonly<Record<EventType, StreamCategory>> = {
  UserRegistered: 'user',
  RoleGranted: 'user',
  RoleRevoked: 'user',
  UserLoggedOut: 'user',
  LoginSucceeded: 'user',
  LearnerErased: 'user',
  PersonalDataExported: 'user',
  EmailReserved: 'email',
  EmailReleased: 'email',
  LoginFailed: 'login',
  FailedLoginsExpired: 'login',
  LessonCompleted: 'learning',
  LessonCheckAnswered: 'learning',
  QuizQuestionAnswered: 'learning',
  ModuleQuizCompleted: 'learning',
  CertificateIssued: 'learning',
  CertificateNameChosen: 'learning',
  ComplianceDocumentViewed: 'compliance',
  DocumentAcknowledged: 'compliance',
  RiskAssessed: 'compliance',
  RegulatoryWarningIssued: 'compliance',
  RegulatoryWarningAcknowledged: 'compliance',
  PsychologyAssessmentCompleted: 'psychology',
  ModulePublished: 'catalogModule',
  LessonPublished: 'catalogModule',
  QuizPublished: 'catalogModule',
  ComplianceDocumentPublished: 'catalogDocument',
  PsychologyInstrumentPublished: 'catalogPsychology',
  ContractSpecsPublished: 'catalogContractSpecs',
  MarginScenariosPublished: 'catalogContractSpecs',
  MarginSimulationCompleted: 'learning',
  ReviewAnswered: 'learning',
  AuditorViewedRecords: 'audit',
  LogCheckpointSigned: 'checkpoints',
  CheckpointCosigned: 'cosignatures',
  EventLogMigrated: 'migrations',
};

export const eventTypes = Object.keys(eventCodecs) as EventType[];

const knownEventTypes: ReadonlySet<string> = new Set(eventTypes);

export const isEventType = (type: string): type is EventType => knownEventTypes.has(type);

/** A type guard for `find`/`filter` over events: those of type K, with their data typed. */
export const ofType =
  <K extends EventType>(type: K) =>
  <E extends { type: string }>(event: E): event is Extract<E, { type: K }> =>
    event.type === type;

/** Builds an event, checking its data against the codec at compile time. */
export const event = <K extends EventType>(type: K, data: EventData<K>): EventOf<K> =>
  ({ type, data }) as EventOf<K>;

/** Decodes stored or incoming event data by type; unknown types and bad data give one message. */
export function decodeEvent(type: string, data: unknown): Either<string, DomainEvent> {
  if (!isEventType(type)) return left(`type: must be one of ${eventTypes.join(', ')}`);
  const codec: t.Decoder<unknown, unknown> = eventCodecs[type];
  const result = decode(codec, data, 'data');
  return isLeft(result) ? result : right({ type, data: result.right } as DomainEvent);
}
