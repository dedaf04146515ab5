/**
 * Test harness: the whole backend in-process, wired like `app/src/start.ts` — the command and query
 * Koa apps, every projection followed live, and a dispatcher that sends API writes to the command service
 * and everything else to the query service. Two kinds of stack:
 * - `startStack()` (int tier): REAL SQLite files in a fresh temporary folder, the event log's writer thread,
 *   the read cache, and an HTTP server on a loopback port that clients reach through supertest;
 * - `startStack({ storage: 'memory' })` (unit tier): the in-memory adapters (the same port semantics, checked
 *   by the same contract suites), and clients that call the dispatcher in-process, with no socket.
 *
 *   const stack = await startStack({ storage: 'memory' });
 *   const api = stack.client();                 // requests from one (made-up) client address
 *   const res = await api.post('/api/auth/register', { … });
 *   await stack.close();
 *
 * Options (all off by default): `publishContent` publishes the authored content (compliance documents, course)
 * as start-up does, `processManagers` runs the command side's process managers (regulatory warnings), and
 * `clock` (see `testClock`) is the server clock of both services, so a test can let ten seconds pass without
 * sleeping.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http, { type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CommandServiceDeps,
  commandServiceDeps,
  createCommandApp,
  publishContent,
  startProcessManagers,
} from '@tickwise/command-service';
import { type Argon2Cost, argon2Hasher, TEST_ARGON2 } from '@tickwise/command-service/testing';
import {
  comparePositions,
  DataKeys,
  type EventLog,
  loadServerConfig,
  Metrics,
  monitoredLog,
  openInMemoryStorage,
  openStorage,
  type Position,
  type RecordedEvent,
  type ServerConfig,
  SqliteEventLog,
  SqliteKeyStore,
  SqliteReadModelStore,
  START,
  type Storage,
  type StorageConfig,
  startCheckpointWriter,
} from '@tickwise/platform';
import { allProjections, createUserRecords, LiveProjectionRunner } from '@tickwise/projections';
import { createQueryApp, type QueryServiceDeps, queryServiceDeps } from '@tickwise/query-service';
import request, { type Response, type Test } from 'supertest';
import { type ApiCall, type ApiResponse, injectedCall } from './api-client';

export type { ApiCall, ApiResponse } from './api-client';

/** The JWT secret every stack signs with (JWT_SECRET must be at least 32 characters). */
export const TEST_JWT_SECRET = 'x'.repeat(40);

/** A response of status 400 or more, as the client saw it. */
export interface ErrorResponse {
  method: string;
  path: string;
  status: number;
  text: string;
  body: unknown;
}

export interface Client {
  /** The client address every request claims (X-Forwarded-For; the apps trust it, as behind the gateway). */
  readonly ip: string;
  get(path: string): ApiCall;
  post(path: string, body?: string | object): ApiCall;
  put(path: string, body?: string | object): ApiCall;
}

export interface StackOptions {
  /**
   * Where the stack keeps its data: real SQLite files in a temporary folder (the default, int tier), or the
   * in-memory adapters with in-process clients (unit tier; no data folder, so no `dataDir`, `previousRelease`
   * or `checkpoints`).
   */
  storage?: 'sqlite' | 'memory';
  /** Replaces some of the command service's dependencies (e.g. a failing one, a capturing logger). */
  commandDeps?: (deps: CommandServiceDeps) => CommandServiceDeps;
  queryDeps?: (deps: QueryServiceDeps) => QueryServiceDeps;
  /** Extra environment for `loadServerConfig` (e.g. JWT_TTL_SECONDS, MIN_READ_SECONDS). */
  env?: Record<string, string>;
  /**
   * The server clock of both services (`deps.now`: view, acknowledgment and assessment times; isCompliant
   * judged at read time). Absent: the real clock.
   */
  clock?: TestClock;
  /** The cost of the stack's password hashes: the cheapest argon2 accepts unless a test needs production's. */
  passwordCost?: Argon2Cost;
  /** Publish the authored content (compliance documents, course) before the services start, as start-up does. */
  publishContent?: boolean;
  /** Run the command side's process managers (e.g. regulatory warnings), as start-up does. */
  processManagers?: boolean;
  /**
   * Each batch the projections commit lands this much later, as when the projections process is busy: the
   * services read the same real store, so what they see lags the log as it would under load.
   */
  projectionCommitDelayMs?: number;
  /** Wraps the real event log beneath the storage-health monitor, to inject storage faults. */
  logBeneath?: (log: EventLog) => EventLog;
  /**
   * Run the checkpoint writer as start-up does, but signing only when the test calls `stack.checkpoint()`
   * (no timer), so a test knows exactly what each checkpoint covers.
   */
  checkpoints?: boolean;
  /** The data folder to use and keep (a fresh temporary one, removed on close, when absent). */
  dataDir?: string;
  /**
   * Store events as the release before personal-data encryption did: personal fields in the clear (the
   * adapter without the encryption layer) and no key store or master key in the data folder. For building
   * a data folder that the migration upgrades.
   */
  previousRelease?: boolean;
}

/**
 * Storage as the release before encryption opened it: the SQLite log and read models, no encryption layer.
 * The services still need data keys (erasure, export): theirs live in a folder of their own, outside DATA_DIR.
 */
function previousReleaseStorage(config: StorageConfig): Storage {
  const log = new SqliteEventLog({ file: join(config.dataDir, 'events.db') });
  const keysDir = mkdtempSync(join(tmpdir(), 'tickwise-unused-keys-'));
  const keys = new DataKeys(new SqliteKeyStore({ file: join(keysDir, 'keys.db') }), randomBytes(32));
  const store = new SqliteReadModelStore({ file: join(config.dataDir, 'read-models.db') });
  const { log: monitored, health } = monitoredLog(log);
  return {
    log: monitored,
    storedLog: monitored,
    keys,
    health,
    store,
    describe: { log: 'sqlite', readModels: 'sqlite' },
    close: async () => {
      await store.close();
      await keys.close();
      await log.close();
      rmSync(keysDir, { recursive: true, force: true });
    },
  };
}

/** The real store, with every projection commit held back by `delayMs` (reads are untouched). */
function lagging(store: Storage['store'], delayMs: number): Storage['store'] {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'commit' || typeof value !== 'function')
        return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return value.apply(target, args);
      };
    },
  });
}

/** A server clock that a test moves by hand. */
export interface TestClock {
  now(): Date;
  /** Moves the clock on by `ms` milliseconds. */
  advance(ms: number): void;
  /** Sets the clock to a point in time. */
  set(at: Date | string): void;
}

/** A clock standing still at `start` (default: the real time now) until advanced. */
export function testClock(start: Date | string = new Date()): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(at) {
      current = new Date(at).getTime();
    },
  };
}

/** Polls `probe` until it answers something other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? 'a condition'}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 25));
  }
}

export interface Stack {
  /** The loopback URL clients reach (SQLite stacks only: an in-memory stack has no socket). */
  readonly url: string;
  /** The data folder (SQLite stacks only). */
  readonly dir: string;
  readonly config: ServerConfig;
  readonly storage: Storage;
  readonly metrics: Metrics;
  readonly commandDeps: CommandServiceDeps;
  readonly queryDeps: QueryServiceDeps;
  /** Each app's own request listener (the dispatcher never sends a GET, e.g. /readyz, to the command app). */
  readonly commandListener: RequestListener;
  readonly queryListener: RequestListener;
  /** Every error response any client of this stack received, for the "no leak in any error body" check. */
  readonly errorResponses: ErrorResponse[];
  /** Errors the projection runners reported (a healthy run has none). */
  readonly projectionErrors: unknown[];
  /** A client with its own address, so the per-IP login limit of one test does not spill into another. */
  client(ip?: string): Client;
  head(): Promise<Position>;
  /** Every event appended after `position`, in log order. */
  eventsAfter(position: Position): Promise<RecordedEvent[]>;
  allEvents(): Promise<RecordedEvent[]>;
  /** With `checkpoints`: signs a checkpoint over every event appended so far. */
  checkpoint(): Promise<void>;
  /** Problems the checkpoint writer reported (tampering it saw, a refused start). */
  readonly checkpointErrors: Error[];
  close(): Promise<void>;
}

let nextAddress = 1;
/** A fresh client address (TEST-NET-2, never routed): 198.51.100.1, 198.51.100.2, … */
export const freshIp = (): string => {
  const n = nextAddress++;
  return `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
};

/** Runs `build` with some process environment set, then puts the environment back as it was. */
function withEnv<T>(vars: Record<string, string>, build: () => T): T {
  const saved = Object.keys(vars).map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, vars);
  try {
    return build();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const inMemory = options.storage === 'memory';
  if (inMemory && (options.dataDir || options.previousRelease || options.checkpoints))
    throw new Error(
      'an in-memory stack has no data folder: dataDir, previousRelease and checkpoints need SQLite',
    );
  const dir = inMemory ? '' : (options.dataDir ?? mkdtempSync(join(tmpdir(), 'tickwise-stack-')));
  const config = loadServerConfig({
    DATA_DIR: inMemory ? join(tmpdir(), 'tickwise-in-memory-stack-has-no-data-folder') : dir,
    JWT_SECRET: TEST_JWT_SECRET,
    // A busy test machine must not make a stack answer "busy": tests about shedding load set their own limits.
    MAX_LOOP_DELAY_MS: '60000',
    ...options.env,
  });
  const storageConfig = { dataDir: dir, eventstoreUrl: undefined, mongoUrl: undefined, mongoDb: 'x' };
  const storage = inMemory
    ? openInMemoryStorage({ beneath: options.logBeneath })
    : options.previousRelease
      ? previousReleaseStorage(storageConfig)
      : await openStorage(storageConfig, {
          beneath: options.logBeneath,
          cacheReads: true,
          writerThread: true,
        });
  const projectionErrors: unknown[] = [];
  // As in `npm start`: the services read through their read cache; the projections write over a connection
  // of their own (the worker thread's), which the cache follows through the store's change feed. In memory,
  // both use the one store.
  const projectionStore = inMemory
    ? storage.store
    : new SqliteReadModelStore({ file: join(dir, 'read-models.db') });
  const projectionStorage = {
    ...storage,
    store: options.projectionCommitDelayMs
      ? lagging(projectionStore, options.projectionCommitDelayMs)
      : projectionStore,
  };
  const runners = allProjections.map(
    (projection) =>
      new LiveProjectionRunner(projectionStorage, projection, {
        registryPollMs: 50,
        onError: (error) => projectionErrors.push(error),
      }),
  );
  for (const runner of runners) runner.start();

  // No process-wide default metrics: nothing here reads them, and they would outlive the stack.
  const metrics = new Metrics({ defaultMetrics: false });
  // The services read LOG_LEVEL and JWT_SECRET from process.env when their dependencies are built (the
  // secret is not carried by the config object), so both are set just for that moment.
  const { commandDeps, queryDeps } = withEnv(
    { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', JWT_SECRET: TEST_JWT_SECRET },
    () => {
      const clock = options.clock;
      const passwords = argon2Hasher(options.passwordCost ?? TEST_ARGON2);
      const builtCommand = commandServiceDeps(config, storage, metrics, passwords);
      const builtQuery = queryServiceDeps(config, storage, metrics);
      const users = clock ? createUserRecords(storage.store, clock.now) : undefined;
      const command = clock && users ? { ...builtCommand, now: clock.now, users } : builtCommand;
      const query = clock && users ? { ...builtQuery, now: clock.now, users } : builtQuery;
      return {
        commandDeps: options.commandDeps ? options.commandDeps(command) : command,
        queryDeps: options.queryDeps ? options.queryDeps(query) : query,
      };
    },
  );
  if (options.publishContent) await publishContent(storage.log, commandDeps.logger, commandDeps.now);
  const processes = options.processManagers ? startProcessManagers(commandDeps) : undefined;
  const checkpointErrors: Error[] = [];
  const checkpoints = options.checkpoints
    ? await startCheckpointWriter(storage.storedLog, { ...config, checkpointIntervalSeconds: 0 }, (error) =>
        checkpointErrors.push(error),
      )
    : undefined;
  // Stops the services' own timers on close, so nothing of the stack outlives it.
  const stopped = new AbortController();
  const commandListener = createCommandApp(commandDeps, { proxy: true, signal: stopped.signal }).callback();
  const queryListener = createQueryApp(queryDeps, { proxy: true, signal: stopped.signal }).callback();
  const dispatch: RequestListener = (req, res) => {
    const isApiWrite = req.url?.startsWith('/api/') && req.method !== 'GET' && req.method !== 'HEAD';
    return isApiWrite ? commandListener(req, res) : queryListener(req, res);
  };
  const server = inMemory ? undefined : http.createServer(dispatch);
  if (server) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = server ? `http://127.0.0.1:${(server.address() as AddressInfo).port}` : '';

  const errorResponses: ErrorResponse[] = [];
  const record = (method: string, path: string) => (res: Response | ApiResponse) => {
    if (res.status >= 400)
      errorResponses.push({ method, path, status: res.status, text: res.text, body: res.body });
  };
  const send = (test: Test, body: string | object | undefined) =>
    body === undefined ? test : test.send(body);
  /** A request from `ip`, in-process or through the socket. */
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    ip: string,
    body?: string | object,
  ): ApiCall => {
    if (!server) {
      const injected = injectedCall(dispatch, method, path, record(method, path)).set('X-Forwarded-For', ip);
      return body === undefined ? injected : injected.send(body);
    }
    const agent = request(url);
    const test = method === 'GET' ? agent.get(path) : method === 'POST' ? agent.post(path) : agent.put(path);
    return send(test.set('X-Forwarded-For', ip).expect(record(method, path)), body);
  };

  const eventsAfter = async (position: Position): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    for await (const batch of storage.log.readAll({ fromPosition: position })) events.push(...batch);
    return events;
  };

  let closed = false;
  return {
    url,
    dir,
    config,
    storage,
    metrics,
    commandDeps,
    queryDeps,
    commandListener,
    queryListener,
    errorResponses,
    projectionErrors,
    client(ip = freshIp()) {
      return {
        ip,
        get: (path) => call('GET', path, ip),
        post: (path, body) => call('POST', path, ip, body),
        put: (path, body) => call('PUT', path, ip, body),
      };
    },
    head: () => storage.log.headPosition(),
    eventsAfter,
    allEvents: () => eventsAfter(START),
    checkpointErrors,
    async checkpoint() {
      if (!checkpoints) throw new Error('startStack({ checkpoints: true }) signs checkpoints');
      const head = await storage.log.headPosition();
      const followed = async () => {
        const at = checkpoints.followed;
        return at !== undefined && comparePositions(at, head) >= 0 ? at : undefined;
      };
      await eventually(followed, { what: 'the checkpoint writer to follow the log' });
      await checkpoints.cut();
    },
    async close() {
      if (closed) return;
      closed = true;
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      stopped.abort();
      await commandDeps.throttle.close();
      await processes?.stop();
      await checkpoints?.stop();
      await Promise.all(runners.map((runner) => runner.stop()));
      if (projectionStore !== storage.store) await projectionStore.close();
      await storage.close();
      if (dir && !options.dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The user id inside a token (its `sub`), without verifying it. */
export function tokenSubject(token: string): string {
  const payload = token.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
  return typeof claims.sub === 'string' ? claims.sub : '';
}

/** A unique e-mail address for one test. */
let nextEmail = 1;
export const freshEmail = (label = 'user'): string =>
  `${label}-${process.pid}-${Date.now().toString(36)}-${nextEmail++}@example.com`;

/** A password that passes every rule (long enough, not a common one). */
export const GOOD_PASSWORD = 'Corr3ct-Horse-Battery';
