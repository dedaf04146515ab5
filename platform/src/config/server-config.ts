import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultLanes, type LoadLimits } from '../http/shed-load';
import { THREAD_POOL_NICENESS } from '../runtime/thread-pool-priority';
import { loadStorageConfig, type StorageConfig } from './storage-config';

/** The HTTP processes' settings, all from the environment (see README.md, "Configuration"). */
export interface ServerConfig extends StorageConfig {
  /** The one-process app's port (`PORT`, default 3000). */
  port: number;
  /** The command service's port when it runs alone (`COMMAND_PORT`, default 3001). */
  commandPort: number;
  /** The query service's port when it runs alone (`QUERY_PORT`, default 3002). */
  queryPort: number;
  /** The projections process's health port (`PROJECTIONS_PORT`, default 3003). */
  projectionsPort: number;
  /** Address to listen on (`HOST`, default 0.0.0.0). */
  host: string;
  /** Token lifetime in seconds (`JWT_TTL_SECONDS`, default 12 h). */
  tokenTtlSeconds: number;
  /** Trust X-Forwarded-For from a gateway (`TRUST_PROXY=1`). */
  trustProxy: boolean;
  /** `JWT_SECRET`; when unset a secret is generated into DATA_DIR (see `loadJwtSecret`). */
  jwtSecret: string | undefined;
  /** Minimum reading time before a document can be acknowledged (`MIN_READ_SECONDS`, default 10). */
  minimumReadSeconds: number;
  /** `CHECKPOINT_SIGNING_KEY`; when unset a key is generated into DATA_DIR (see `loadCheckpointKeys`). */
  checkpointSigningKey: string | undefined;
  /** `CERTIFICATE_SIGNING_KEY`; when unset a key is generated into DATA_DIR (see `loadCertificateKeys`). */
  certificateSigningKey: string | undefined;
  /**
   * Where learners and verifiers reach this Tickwise (`PUBLIC_URL`, default `http://localhost:<PORT>`): the
   * issuer profile's address and the verify links in certificates.
   */
  publicUrl: string;
  /**
   * The witnesses whose checkpoint cosignatures this Tickwise accepts (`WITNESS_KEYS`: signed-note verifier
   * keys, `<name>+<key id>+<base64 key>`, separated by commas or white space). None by default.
   */
  witnessKeys: string[];
  /** How often a signed checkpoint is made while events arrive (`CHECKPOINT_INTERVAL_SECONDS`, default 10). */
  checkpointIntervalSeconds: number;
  /**
   * When each service answers 503 "busy" at once (`MAX_IN_FLIGHT`, default 1,000; `MAX_LOOP_DELAY_MS`, default
   * 2,000), and how many password hashes run and wait (`PASSWORD_LANES`, default 4; `PASSWORD_QUEUE`,
   * default 24 a lane, and about a second of waiting).
   */
  loadLimits: LoadLimits;
  /**
   * The priority of libuv's thread pool, where passwords are hashed (`PASSWORD_NICENESS`, 0–19, default 10;
   * 0 leaves it as the event loop's): see `lowerThreadPoolPriority`.
   */
  passwordNiceness: number;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535 * 1_000_000)
    throw new Error(`${name} must be a whole number`);
  return n;
}

function niceness(value: string | undefined): number {
  const n = int(value, THREAD_POOL_NICENESS, 'PASSWORD_NICENESS');
  if (n > 19) throw new Error('PASSWORD_NICENESS must be a whole number from 0 to 19');
  return n;
}

/** An http(s) origin, with any path or trailing slash taken off. */
function publicUrl(value: string | undefined, port: number): string {
  if (value === undefined || value.trim() === '') return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error('PUBLIC_URL must be an http(s) address, such as https://tickwise.example');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('PUBLIC_URL must be an http(s) address, such as https://tickwise.example');
  return url.origin;
}

export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const passwordLanes = Math.max(1, int(env.PASSWORD_LANES, defaultLanes(env), 'PASSWORD_LANES'));
  return {
    ...loadStorageConfig(env),
    port: int(env.PORT, 3000, 'PORT'),
    commandPort: int(env.COMMAND_PORT, 3001, 'COMMAND_PORT'),
    queryPort: int(env.QUERY_PORT, 3002, 'QUERY_PORT'),
    projectionsPort: int(env.PROJECTIONS_PORT, 3003, 'PROJECTIONS_PORT'),
    host: env.HOST?.trim() || '0.0.0.0',
    tokenTtlSeconds: int(env.JWT_TTL_SECONDS, 12 * 3600, 'JWT_TTL_SECONDS'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    minimumReadSeconds: int(env.MIN_READ_SECONDS, 10, 'MIN_READ_SECONDS'),
    jwtSecret: env.JWT_SECRET === undefined || env.JWT_SECRET === '' ? undefined : env.JWT_SECRET,
    checkpointSigningKey: env.CHECKPOINT_SIGNING_KEY?.trim() || undefined,
    certificateSigningKey: env.CERTIFICATE_SIGNING_KEY?.trim() || undefined,
    publicUrl: publicUrl(env.PUBLIC_URL, int(env.PORT, 3000, 'PORT')),
    witnessKeys: (env.WITNESS_KEYS ?? '').split(/[\s,]+/).filter((key) => key !== ''),
    checkpointIntervalSeconds: int(env.CHECKPOINT_INTERVAL_SECONDS, 10, 'CHECKPOINT_INTERVAL_SECONDS'),
    loadLimits: {
      maxInFlight: int(env.MAX_IN_FLIGHT, 1000, 'MAX_IN_FLIGHT'),
      maxLoopDelayMs: int(env.MAX_LOOP_DELAY_MS, 2000, 'MAX_LOOP_DELAY_MS'),
      passwordLanes,
      // A cap on the logins waiting for a lane; their wait is also bounded in time (about a second, workLanes).
      passwordQueue: int(env.PASSWORD_QUEUE, 24 * passwordLanes, 'PASSWORD_QUEUE'),
    },
    passwordNiceness: niceness(env.PASSWORD_NICENESS),
  };
}

/** A secret that a process generates into DATA_DIR when it is not given, and what it is for. */
interface SharedSecret {
  variable: 'MASTER_KEY' | 'JWT_SECRET' | 'CHECKPOINT_SIGNING_KEY' | 'CERTIFICATE_SIGNING_KEY';
  what: string;
  /** The command that makes one (as .env.example prints it). */
  make: string;
  /** The file under DATA_DIR an earlier run generated it into. */
  file: string;
  /** Whether that file's content is a value the variable takes as is (the JWT secret's is not). */
  fileIsValue: boolean;
  given(config: ServerConfig): boolean;
}

const SHARED_SECRETS: readonly SharedSecret[] = [
  {
    variable: 'MASTER_KEY',
    what: "it wraps every learner's data key; without the one that wrapped them, personal data is lost",
    make: 'openssl rand -hex 32',
    file: 'master-key',
    fileIsValue: true,
    given: (config) => config.masterKey !== undefined && config.masterKey !== '',
  },
  {
    variable: 'JWT_SECRET',
    what: 'it signs the session tokens one service issues and the others check',
    make: 'openssl rand -hex 32',
    file: 'jwt-secret',
    fileIsValue: false,
    given: (config) => config.jwtSecret !== undefined && config.jwtSecret !== '',
  },
  {
    variable: 'CHECKPOINT_SIGNING_KEY',
    what: "it signs the log's checkpoints, which every service verifies",
    make: "openssl genpkey -algorithm ed25519 | sed '1d;$d' | tr -d '\\n'",
    file: 'checkpoint-signing-key.pem',
    fileIsValue: true,
    given: (config) => config.checkpointSigningKey !== undefined && config.checkpointSigningKey !== '',
  },
  {
    variable: 'CERTIFICATE_SIGNING_KEY',
    what: 'it signs the certificates learners show employers; with another key every certificate issued so far stops verifying',
    make: "openssl genpkey -algorithm ed25519 | sed '1d;$d' | tr -d '\\n'",
    file: 'certificate-signing-key.pem',
    fileIsValue: true,
    given: (config) => config.certificateSigningKey !== undefined && config.certificateSigningKey !== '',
  },
];

/**
 * What stops a scale-out process (EVENTSTORE_URL or MONGO_URL set) from starting: the secrets it was not given,
 * one line each, naming the variable, why every service needs the same one and how to make one. Empty for the
 * embedded default, which generates its secrets into DATA_DIR on first run. A secret generated into one
 * container's DATA_DIR would differ from the other services' and be lost with the container.
 */
export function missingScaleOutSecrets(
  config: ServerConfig,
  exists: (file: string) => boolean = existsSync,
): string[] {
  if (!config.eventstoreUrl && !config.mongoUrl) return [];
  return SHARED_SECRETS.filter((secret) => !secret.given(config)).map((secret) => {
    const file = join(config.dataDir, secret.file);
    const earlier =
      secret.fileIsValue && exists(file)
        ? ` An earlier run generated one into ${file}: give that value, not a new one.`
        : '';
    return (
      `${secret.variable} is not set. With EVENTSTORE_URL or MONGO_URL every service must be given the same ` +
      `${secret.variable} (${secret.what}). Make one with: ${secret.make}${earlier}`
    );
  });
}

/** A scale-out process started without one of its shared secrets: the message names each one missing. */
export class MissingSecretsError extends Error {
  override readonly name = 'MissingSecretsError';
}

/** Throws `MissingSecretsError` when `missingScaleOutSecrets` finds any: called before any storage is opened. */
export function requireScaleOutSecrets(config: ServerConfig, exists?: (file: string) => boolean): void {
  const missing = missingScaleOutSecrets(config, exists);
  if (missing.length > 0) throw new MissingSecretsError(missing.join('\n'));
}
