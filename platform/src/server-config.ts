import { loadStorageConfig, type StorageConfig } from './config';
import { defaultLanes, type LoadLimits } from './http/shed-load';
import { THREAD_POOL_NICENESS } from './thread-pool-priority';

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
