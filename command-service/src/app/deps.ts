import type {
  DataKeys,
  EventLog,
  LoadLimits,
  Metrics,
  ReadModelStore,
  StorageHealth,
  TokenService,
  VerifierKey,
  WorkLanes,
} from '@tickwise/platform';
import type { BackgroundRebuilds, UserRecords } from '@tickwise/projections';
import type { Logger } from 'pino';
import type { LoginThrottle } from '../identity/login-throttle';
import type { PasswordHasher } from '../identity/passwords';
import type { CourseCatalog } from '../learning/course-catalog';

/** Everything the command service's features use; built once per process. */
export interface CommandServiceDeps {
  log: EventLog;
  /** Each learner's data key: erasure destroys it. */
  keys: DataKeys;
  /** Whether appends currently succeed (readiness). */
  storageHealth: StorageHealth;
  store: ReadModelStore;
  tokens: TokenService;
  users: UserRecords;
  throttle: LoginThrottle;
  metrics: Metrics;
  logger: Logger;
  now: () => Date;
  /** Seconds a document must have been open before it can be acknowledged (`MIN_READ_SECONDS`, default 10). */
  minimumReadSeconds: number;
  /** The published course as the learning rules need it. */
  catalog: CourseCatalog;
  /** Projection rebuilds started by an analyst, run in this process (wired by the composition root). */
  rebuilds: BackgroundRebuilds;
  /** Beyond these the service answers 503 "busy" at once. */
  loadLimits?: LoadLimits;
  /** Where password hashing (argon2) runs: a few at once, and 503 busy when too many wait (see `workLanes`). */
  passwordLanes: WorkLanes;
  /** The checkpoint notes' origin and the witness keys whose cosignatures are accepted (WITNESS_KEYS). */
  witnesses: { origin: string; keys: readonly VerifierKey[] };
  /** Hashes and checks passwords (argon2id at OWASP's cost in production). */
  passwords: PasswordHasher;
}
