import type {
  EventLog,
  LoadLimits,
  Metrics,
  ReadModelStore,
  SignedCheckpoints,
  StorageHealth,
  TokenService,
} from '@tickwise/platform';
import type { UserRecords } from '@tickwise/projections';
import type { Logger } from 'pino';
import type { CertificateIssuer } from '../certificates/credential';

/** Everything the query service's features use. It reads read models only (the log just for its head). */
export interface QueryServiceDeps {
  /** The log as stored (personal fields sealed): audit replay, verification and exports read it. */
  log: EventLog;
  /** The same log with personal fields opened: only to name a learner (or say they were erased). */
  personalLog: EventLog;
  /** Whether appends currently succeed (readiness; the auditor's reads are recorded as events). */
  storageHealth: StorageHealth;
  store: ReadModelStore;
  tokens: TokenService;
  users: UserRecords;
  metrics: Metrics;
  logger: Logger;
  now: () => Date;
  /** The log's signed checkpoints, as the audit verifies histories and exports against them. */
  checkpoints: SignedCheckpoints;
  /** The origin line of checkpoint notes, and the operator's signature over a note body. */
  checkpointNotes: { origin: string; sign(body: string): string };
  /** The certificate issuer: its public address and signing key. */
  certificateIssuer: CertificateIssuer;
  /** Beyond these the service answers 503 "busy" at once. */
  loadLimits?: LoadLimits;
}
