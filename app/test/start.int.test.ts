import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventLog } from '@tickwise/platform';
import { stopProcessGroup } from '../src/testing/process-group';

const root = join(__dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-start-'));
const started: ChildProcess[] = [];
afterAll(async () => {
  // Whatever happened in the test, no server outlives it, and none still writes to the folder being removed.
  await Promise.all(started.map((proc) => stopProcessGroup(proc, 5_000)));
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** Runs the real `npm start` and resolves once it prints its URL. */
function start(port: number): Promise<{ proc: ChildProcess; output: () => string }> {
  const proc = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so SIGTERM reaches npm and the node process under it, as a terminal's would.
    detached: true,
  });
  started.push(proc);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not come up:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Tickwise is running at')) {
        clearTimeout(timer);
        resolve({ proc, output: () => output });
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
}

/**
 * SIGTERM to the group; resolves once every process of it is gone (npm exits by the signal before the server
 * under it has finished its shutdown), true if that took less than 15 s.
 */
const stop = (proc: ChildProcess) => {
  proc.removeAllListeners('exit');
  return stopProcessGroup(proc);
};

test('npm start serves the SPA and the API on one port, stops on SIGTERM and carries on with its data', async () => {
  const port = await freePort();
  const first = await start(port);
  expect(first.output()).toContain(`Tickwise is running at http://localhost:${port}`);
  const base = `http://127.0.0.1:${port}`;
  const page = await fetch(`${base}/`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<div id="root"');
  expect(html).toContain('Tickwise');
  expect((await fetch(`${base}/course`)).status).toBe(200);
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'start@example.com',
      password: 'a long enough passphrase',
      firstName: 'Sam',
    }),
  });
  expect(registered.status).toBe(201);
  expect(await stop(first.proc)).toBe(true);
  // The port is free again: the server really stopped.
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();

  const second = await start(port);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'start@example.com', password: 'a long enough passphrase' }),
  });
  expect(login.status).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { firstName: string } };
  expect(user.firstName).toBe('Sam');
  const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status).toBe(200);
  expect(await stop(second.proc)).toBe(true);
}, 180_000);

test('npm start on a data folder of the release before encryption exits with a message to migrate, not a crash', async () => {
  const oldDir = mkdtempSync(join(tmpdir(), 'tickwise-start-old-'));
  try {
    // As that release wrote it: the adapter itself, personal fields in the clear.
    const log = new SqliteEventLog({ file: join(oldDir, 'events.db') });
    const userId = '0190c0de-0000-7000-8000-00000000a1d5';
    await log.appendToStream(
      `user-${userId}`,
      [
        {
          type: 'UserRegistered',
          data: {
            userId,
            email: 'before@example.org',
            firstName: 'Old',
            lastName: 'Release',
            registeredAt: '2026-01-01T00:00:00.000Z',
          },
          metadata: {
            correlationId: 'c',
            causationId: 'c',
            actor: userId,
            occurredAt: '2026-01-01T00:00:00.000Z',
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await log.close();
    const proc = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(await freePort()),
        DATA_DIR: oldDir,
        LOG_LEVEL: 'warn',
        JWT_SECRET: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    started.push(proc);
    let output = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain('holds personal data in the clear');
    expect(output).toContain('npm run admin -- migrate-encryption');
    expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(output).not.toContain('Tickwise is running at');
    expect(existsSync(join(oldDir, 'keys.db'))).toBe(false);
  } finally {
    rmSync(oldDir, { recursive: true, force: true });
  }
}, 120_000);
