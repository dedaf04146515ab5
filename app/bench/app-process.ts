// The app under a bench: the real one-process app (`npm start`'s entry) or a baseline server, in a child
// process with the event-loop probe (probe.ts) loaded, answering 'sample' over IPC.
import { type ChildProcess, fork } from 'node:child_process';
import { join, resolve } from 'node:path';
import { SERVER_ENV } from '../src/server-env';
import type { ProbeSample } from './probe';

export const ROOT = resolve(__dirname, '..', '..');
const TSX = require.resolve('tsx');

/** A child process with the event-loop probe, answering 'sample'. */
export class Probed {
  /** The server's address: sent over IPC by a baseline, printed by the app ("Tickwise is running at …"). */
  readonly url: Promise<string>;
  constructor(readonly child: ChildProcess) {
    this.url = new Promise((done, fail) => {
      child.once('exit', (code) => fail(new Error(`the server exited (${code}) before it listened`)));
      child.on('message', (m) => {
        if (typeof m === 'object' && m !== null && 'port' in m)
          done(`http://127.0.0.1:${(m as { port: number }).port}`);
      });
      let printed = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        printed = (printed + chunk.toString('utf8')).slice(-4096);
        const running = /running at http:\/\/[^:\s]+:(\d+)/.exec(printed);
        if (running) done(`http://127.0.0.1:${running[1]}`);
      });
    });
  }
  sample(): Promise<ProbeSample> {
    return new Promise((done) => {
      const on = (m: unknown) => {
        if (typeof m === 'object' && m !== null && 'rssMb' in m) {
          this.child.off('message', on);
          done(m as ProbeSample);
        }
      };
      this.child.on('message', on);
      this.child.send('sample');
    });
  }
  stop(): Promise<void> {
    return new Promise((done) => {
      if (this.child.exitCode !== null) return done();
      this.child.once('exit', () => done());
      this.child.kill('SIGTERM');
    });
  }
}

export function spawnProbed(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  nodeOptions: readonly string[] = [],
): Probed {
  return new Probed(
    fork(script, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      execArgv: [...nodeOptions, '--import', TSX, '--import', join(__dirname, 'probe.ts')],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    }),
  );
}

export async function waitFor(check: () => Promise<boolean>, what: string, seconds = 120) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Whether every projection has caught up with the head of the log (/readyz). */
export async function caughtUp(url: string): Promise<boolean> {
  const ready = (await (await fetch(`${url}/readyz`)).json()) as { projectionLag?: Record<string, number> };
  return Object.values(ready.projectionLag ?? { unknown: 1 }).every((lag) => lag === 0);
}

/**
 * The real one-process app (`npm start`'s entry) on `dir`, on a free port, signing
 * tokens with `secret` and trusting X-Forwarded-For (as behind the gateway), with the probe loaded.
 */
export function startBenchApp(dir: string, secret: string, nodeOptions: readonly string[] = []): Probed {
  return spawnProbed(
    join(ROOT, 'app', 'src', 'start.ts'),
    [],
    {
      ...SERVER_ENV,
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: secret,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    },
    nodeOptions,
  );
}
