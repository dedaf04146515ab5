/**
 * The real `npm start` for the tests that need the whole process (a full disk, a damaged log): started on a
 * free port over a DATA_DIR of the test's choosing, its output kept (JSON log lines), stopped as a terminal
 * would stop it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { stopProcessGroup } from './process-group';

const root = join(__dirname, '..', '..', '..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

export interface RunningApp {
  base: string;
  proc: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** The exit code, once it exited on its own (null while it runs). */
  exitCode(): number | null;
  /** SIGTERM to its process group; resolves once all of it is gone. */
  stop(): Promise<boolean>;
}

/** Runs `npm start` and resolves once it prints its URL; rejects with its output if it exits first. */
export async function startApp(dataDir: string, env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const proc = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      JWT_SECRET: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so SIGTERM reaches npm and the node process under it, as a terminal's would.
    detached: true,
  });
  let output = '';
  let exitCode: number | null = null;
  proc.on('exit', (code) => {
    exitCode = code ?? -1;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not come up:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Tickwise is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}):\n${output}`));
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    proc,
    output: () => output,
    exitCode: () => exitCode,
    stop: () => stopProcessGroup(proc),
  };
}
