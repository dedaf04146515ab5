// The services' real entry points as child processes, each in its own process group, with their output kept.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { root } from './compose-support';

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  /** stdout and stderr, as they came. */
  output: string[];
  exit: Promise<number | null>;
  exited: boolean;
}

/** The entry point of each service, and of the one-process app (`npm start`), relative to the repository root. */
export const ENTRY_POINTS = {
  'command-service': 'command-service/src/main.ts',
  'query-service': 'query-service/src/main.ts',
  projections: 'projections/src/main.ts',
  app: 'app/src/start.ts',
} as const;

export type ServiceName = keyof typeof ENTRY_POINTS;

/** Starts `node --import tsx <entry point>` with exactly `env`. */
export function startService(name: ServiceName, env: NodeJS.ProcessEnv): ServiceProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY_POINTS[name]], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 400) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const proc: ServiceProcess = {
    name,
    child,
    output,
    exited: false,
    exit: new Promise((done) => {
      child.once('exit', (code) => {
        proc.exited = true;
        done(code);
      });
      child.once('error', (error) => {
        output.push(String(error));
        proc.exited = true;
        done(null);
      });
    }),
  };
  return proc;
}

function signalGroup(proc: ServiceProcess, signal: NodeJS.Signals) {
  const pid = proc.child.pid;
  if (pid === undefined || proc.exited) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM to the process group, then SIGKILL after 5 s while its leader still runs. */
export async function stopService(proc: ServiceProcess): Promise<void> {
  signalGroup(proc, 'SIGTERM');
  const timer = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), 5_000).unref());
  if ((await Promise.race([proc.exit, timer])) === 'timeout') {
    signalGroup(proc, 'SIGKILL');
    await proc.exit;
  }
}

export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  const ports: number[] = [];
  for (let i = 0; i < count; i++) {
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    servers.push(server);
    ports.push(address.port);
  }
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  return ports;
}

/** The end of each process's output (its last 3,000 characters), for a failure message. */
export const outputOf = (procs: readonly ServiceProcess[]) =>
  procs.map((p) => `--- ${p.name}\n${p.output.join('').slice(-3_000)}`).join('\n');

/** Waits for `url` to answer 200; throws with every process's output when one exits or time runs out. */
export async function waitUntilHealthy(
  url: string,
  procs: readonly ServiceProcess[],
  deadline: number,
): Promise<void> {
  for (;;) {
    const dead = procs.find((p) => p.exited);
    if (dead) throw new Error(`${dead.name} exited while starting:\n${outputOf(procs)}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 in time:\n${outputOf(procs)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * The environment of a service process: this one's, less every setting the services read (a developer's
 * shell pointing at EventStoreDB, MongoDB or a data folder changes nothing), plus `settings`.
 */
export function serviceEnvironment(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATA_DIR',
    'DATABASE_DIR',
    'EVENTSTORE_URL',
    'MONGO_URL',
    'MONGO_DB',
    'MASTER_KEY',
    'JWT_SECRET',
    'CHECKPOINT_SIGNING_KEY',
    'PORT',
    'COMMAND_PORT',
    'QUERY_PORT',
    'PROJECTIONS_PORT',
    'HOST',
    'LOG_FORMAT',
  ])
    delete env[name];
  return { ...env, ...settings };
}
