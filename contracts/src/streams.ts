/**
 * Stream names (docs/architecture/event-log.md, "Streams"). Pure string functions: hashes are computed by
 * callers (contracts stay browser-safe), as sha256 hex of `normalizeEmail(email)`.
 */

/** Each stream category and the prefix of its names. */
export const streamPrefixes = {
  user: 'user-',
  email: 'email-',
  login: 'login-',
  learning: 'learning-',
  compliance: 'compliance-',
  psychology: 'psychology-',
  catalogModule: 'catalog-course-module-',
  catalogDocument: 'catalog-document-',
  catalogPsychology: 'catalog-psychology',
  catalogContractSpecs: 'catalog-contract-specs',
  audit: 'audit-',
  checkpoints: 'log-checkpoints',
  cosignatures: 'log-cosignatures',
  migrations: 'log-migrations',
} as const;

export type StreamCategory = keyof typeof streamPrefixes;

export const streams = {
  /** user-{userId}: registration, roles, logins, logout. */
  user: (userId: string): string => `${streamPrefixes.user}${userId}`,
  /** email-{sha256(lower(email))}: the e-mail reservation with the password hash. */
  email: (emailHash: string): string => `${streamPrefixes.email}${emailHash}`,
  /** login-{sha256(lower(email))}: failed logins for that address. */
  login: (emailHash: string): string => `${streamPrefixes.login}${emailHash}`,
  /** learning-{userId}: lessons, quiz answers, module quizzes. */
  learning: (userId: string): string => `${streamPrefixes.learning}${userId}`,
  /** compliance-{userId}: document views, acknowledgments, risk assessments, warnings. */
  compliance: (userId: string): string => `${streamPrefixes.compliance}${userId}`,
  /** psychology-{userId}: completed psychology assessments. */
  psychology: (userId: string): string => `${streamPrefixes.psychology}${userId}`,
  /** catalog-course-module-{moduleId}: a module, its lessons and its quiz as published. */
  catalogModule: (moduleId: number): string => `${streamPrefixes.catalogModule}${moduleId}`,
  /** catalog-document-{documentType}: the versions of one compliance document. */
  catalogDocument: (documentType: string): string => `${streamPrefixes.catalogDocument}${documentType}`,
  /** catalog-psychology: the psychology instrument's versions. */
  catalogPsychology: (): string => streamPrefixes.catalogPsychology,
  /** catalog-contract-specs: the versions of the contract specifications. */
  catalogContractSpecs: (): string => streamPrefixes.catalogContractSpecs,
  /** audit-{auditorId}: what an auditor looked at. */
  audit: (auditorId: string): string => `${streamPrefixes.audit}${auditorId}`,
  /** log-checkpoints: the signed checkpoints of the whole log (never covered by themselves). */
  checkpoints: (): string => streamPrefixes.checkpoints,
  /** log-cosignatures: the witnesses' cosignatures of checkpoints. */
  cosignatures: (): string => streamPrefixes.cosignatures,
  /** log-migrations: what the log was migrated from (the old file's heads), one event per migration. */
  migrations: (): string => streamPrefixes.migrations,
} as const satisfies Record<StreamCategory, (...args: never[]) => string>;

/** The categories with one stream each, named by the prefix alone. */
const singleStreams: ReadonlySet<StreamCategory> = new Set<StreamCategory>([
  'catalogPsychology',
  'catalogContractSpecs',
  'checkpoints',
  'cosignatures',
  'migrations',
]);

// Longest prefixes first, so "catalog-course-module-" is never mistaken for a shorter one.
const byLongestPrefix = (Object.keys(streamPrefixes) as StreamCategory[]).sort(
  (a, b) => streamPrefixes[b].length - streamPrefixes[a].length,
);

/** The id in a stream name of `category`: the user of `compliance-{userId}`. Throws for any other name. */
export function streamId(category: StreamCategory, name: string): string {
  const prefix = streamPrefixes[category];
  const matches = singleStreams.has(category)
    ? name === prefix
    : name.startsWith(prefix) && name.length > prefix.length;
  if (!matches) throw new Error(`${name} is not a ${category} stream`);
  return name.slice(prefix.length);
}

/** Splits a stream name into its category and id ('' for a single stream such as catalog-psychology); null if unknown. */
export function parseStream(name: string): { category: StreamCategory; id: string } | null {
  for (const category of byLongestPrefix) {
    const prefix = streamPrefixes[category];
    if (singleStreams.has(category)) {
      if (name === prefix) return { category, id: '' };
    } else if (name.startsWith(prefix) && name.length > prefix.length) {
      return { category, id: name.slice(prefix.length) };
    }
  }
  return null;
}
