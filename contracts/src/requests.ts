/**
 * Request bodies, query strings and path parameters. Decode them with `decode`/`decodeOrThrow`:
 * unknown keys are dropped and the first wrong or missing field is named in the message.
 */
import * as t from 'io-ts';
import {
  email,
  entityId,
  intRange,
  isoDateTime,
  listOf,
  nonEmptyString,
  nonNegativeInt,
  nullable,
  oneOf,
  personName,
  positiveInt,
  refine,
  stringLength,
  struct,
  withDefault,
} from './codecs';
import { limits } from './limits';
import { DocumentType } from './vocabulary';

const version = nonEmptyString(limits.version);

/** POST /api/auth/register. Names are optional and default to ''. confirmPassword stays in the browser. */
export const RegisterBody = struct(
  {
    email,
    password: stringLength(limits.password.min, limits.password.max),
    firstName: withDefault(personName(limits.name), ''),
    lastName: withDefault(personName(limits.name), ''),
  },
  'RegisterBody',
);
export type RegisterBody = t.TypeOf<typeof RegisterBody>;

/** POST /api/auth/login. */
export const LoginBody = struct(
  {
    email,
    password: stringLength(1, limits.password.max),
  },
  'LoginBody',
);
export type LoginBody = t.TypeOf<typeof LoginBody>;

/** POST /api/progress: a lesson (lessonId) or the module quiz (lessonId null) completed. */
export const ProgressBody = struct(
  {
    moduleId: intRange(1, limits.modules),
    lessonId: nullable(positiveInt),
    completed: t.literal(true),
  },
  'ProgressBody',
);
export type ProgressBody = t.TypeOf<typeof ProgressBody>;

/** POST /api/quiz/attempt. selectedAnswer is 0-based; the client's isCorrect is accepted and ignored. */
export const QuizAttemptBody = struct(
  {
    questionId: positiveInt,
    selectedAnswer: nonNegativeInt,
  },
  { isCorrect: t.boolean },
  'QuizAttemptBody',
);
export type QuizAttemptBody = t.TypeOf<typeof QuizAttemptBody>;

/** POST /api/lessons/:lessonId/checks/:checkId/answer. selectedAnswer is 0-based. */
export const CheckAnswerBody = struct({ selectedAnswer: nonNegativeInt }, 'CheckAnswerBody');
export type CheckAnswerBody = t.TypeOf<typeof CheckAnswerBody>;

/** One answer of the psychology instrument. */
export const PsychologyResponse = struct(
  {
    questionId: positiveInt,
    value: intRange(limits.psychologyAnswer.min, limits.psychologyAnswer.max),
  },
  'PsychologyResponse',
);
export type PsychologyResponse = t.TypeOf<typeof PsychologyResponse>;

/** POST /api/trading-psychology/assessment. Completeness (every item once) is checked by the server. */
export const PsychologyAssessmentBody = struct(
  { responses: listOf(PsychologyResponse, 1, limits.psychologyResponses, 'responses') },
  'PsychologyAssessmentBody',
);
export type PsychologyAssessmentBody = t.TypeOf<typeof PsychologyAssessmentBody>;

/** An empty body (routes that take none; unknown keys are dropped). */
export const EmptyBody = struct({}, 'EmptyBody');
export type EmptyBody = t.TypeOf<typeof EmptyBody>;

// ---- query strings (values arrive as strings) ----

/** ?asOf=<ISO time> for audit replays and coverage; absent means now. */
export const AsOfQuery = struct({}, { asOf: isoDateTime }, 'AsOfQuery');
export type AsOfQuery = t.TypeOf<typeof AsOfQuery>;

/** GET /api/audit/learners/:id/history?asOf= */
export const AuditHistoryQuery = AsOfQuery;
export type AuditHistoryQuery = AsOfQuery;

/** GET …/export?format=json|csv&asOf= (JSON by default). */
export const ExportQuery = struct({}, { asOf: isoDateTime, format: oneOf(['json', 'csv']) }, 'ExportQuery');
export type ExportQuery = t.TypeOf<typeof ExportQuery>;

/** GET /api/audit/learners?query= : e-mail or name, 1-100 characters. */
export const LearnerSearchQuery = struct({ query: nonEmptyString(limits.searchQuery) }, 'LearnerSearchQuery');
export type LearnerSearchQuery = t.TypeOf<typeof LearnerSearchQuery>;

// ---- path parameters (values arrive as strings) ----

/** A positive integer written in a path segment, e.g. "3" → 3. */
export const positiveIntFromString = refine(
  new t.Type<number, string, unknown>(
    'a positive integer',
    (u): u is number => typeof u === 'number',
    (u, c) => {
      if (typeof u === 'number') return t.success(u);
      return typeof u === 'string' && /^\d{1,9}$/.test(u) ? t.success(Number(u)) : t.failure(u, c);
    },
    String,
  ),
  (n) => n >= 1,
  'a positive integer',
);

/** /api/modules/:id/… */
export const ModuleIdParams = struct({ id: positiveIntFromString }, 'ModuleIdParams');
export type ModuleIdParams = t.TypeOf<typeof ModuleIdParams>;

/** /api/lessons/:lessonId/checks/:checkId/… */
export const LessonCheckParams = struct(
  { lessonId: positiveIntFromString, checkId: positiveIntFromString },
  'LessonCheckParams',
);
export type LessonCheckParams = t.TypeOf<typeof LessonCheckParams>;

/** /api/regulatory/warning/:id/… and /api/audit/learners/:id/… */
export const IdParams = struct({ id: entityId }, 'IdParams');
export type IdParams = t.TypeOf<typeof IdParams>;

/** /api/audit/documents/:documentType/:version/… */
export const DocumentVersionParams = struct({ documentType: DocumentType, version }, 'DocumentVersionParams');
export type DocumentVersionParams = t.TypeOf<typeof DocumentVersionParams>;

/** /api/admin/projections/:name/… */
export const ProjectionNameParams = struct({ name: nonEmptyString(limits.title) }, 'ProjectionNameParams');
export type ProjectionNameParams = t.TypeOf<typeof ProjectionNameParams>;
