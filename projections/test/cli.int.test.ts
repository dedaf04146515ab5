import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { event } from '@tickwise/contracts';
import { openStorage } from '@tickwise/platform';
import { allProjections } from '../src/catalog';
import { REGISTRY, readState } from '../src/runtime/generations';
import { meta, tempDir } from './helpers';

const run = promisify(execFile);
const dir = tempDir('cli');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'src', 'cli.ts'), ...args], {
    cwd: join(__dirname, '..'),
    env: { ...process.env, DATA_DIR: dir },
  });

test('projections CLI: rebuild all prints progress and switches; status shows versions, checkpoints and lag', async () => {
  // Through the encryption layer, as Tickwise writes (a log with personal data in the clear is refused).
  const storage = await openStorage({
    dataDir: dir,
    eventstoreUrl: undefined,
    mongoUrl: undefined,
    mongoDb: 'x',
  });
  const registered = event('UserRegistered', {
    userId: 'u1',
    email: 'a@example.com',
    firstName: 'A',
    lastName: 'B',
    registeredAt: '2026-01-01T00:00:00.000Z',
  });
  await storage.log.appendToStream('user-u1', [{ ...registered, metadata: meta() }], {
    expectedRevision: 'no_stream',
  });
  await storage.close();

  const rebuilt = await cli('rebuild', 'all');
  expect(rebuilt.stdout).toMatch(/users: 100\.0% 1 events \d+ ev\/s ETA 0s/);
  expect(rebuilt.stdout).toMatch(/users: rebuilt generation 2 from 1 events \(of the types it handles\)/);
  // learning handles no event of this log: it reads none, yet ends at the head.
  expect(rebuilt.stdout).toMatch(/learning: rebuilt generation 2 from 0 events \(of the types it handles\)/);

  const status = await cli('status');
  expect(status.stdout).toMatch(/log head: 1 \(sqlite; read models: sqlite\)/);
  expect(status.stdout).toMatch(/users\s+version 2 \(code 2\) g2 checkpoint 1 lag 0/);
});

test('projections CLI: an unknown projection or command is refused with a clear message', async () => {
  await expect(cli('rebuild', 'nope')).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining(
      `Unknown projection "nope". Known: ${allProjections.map((p) => p.name).join(', ')}, or "all".`,
    ),
  });
  await expect(cli('explode')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage:') });
});

test('projections CLI: a rebuild that stalled is shown with since when and until when; rebuild all names it and starts none', async () => {
  const storage = await openStorage({
    dataDir: dir,
    eventstoreUrl: undefined,
    mongoUrl: undefined,
    mongoDb: 'x',
  });
  const before = await readState(storage.store, 'learning');
  if (!before) throw new Error('no learning registry entry');
  const heartbeatAt = new Date(Date.now() - 20_000).toISOString();
  const expiresAt = new Date(Date.now() + 60_000).toISOString();
  await storage.store.commit([
    {
      kind: 'upsert',
      collection: REGISTRY,
      doc: {
        ...before,
        building: {
          generation: before.activeGeneration + 1,
          version: before.activeVersion,
          startedAt: heartbeatAt,
          owner: 'killed:1:x',
          heartbeatAt,
          expiresAt,
        },
      },
    },
  ]);
  const usersBefore = await readState(storage.store, 'users');
  await storage.close();

  const status = await cli('status');
  expect(status.stdout).toContain(
    `rebuild of g${before.activeGeneration + 1} STALLED: no heartbeat since ${heartbeatAt}; its lease holds the projection until ${expiresAt}`,
  );
  await expect(cli('rebuild', 'all')).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining(
      `A rebuild of learning stalled (no heartbeat since ${heartbeatAt}); it holds learning until its lease ends at ${expiresAt}\nNothing was rebuilt.`,
    ),
  });
  const after = await openStorage({
    dataDir: dir,
    eventstoreUrl: undefined,
    mongoUrl: undefined,
    mongoDb: 'x',
  });
  // users comes before learning: it was not rebuilt either.
  expect((await readState(after.store, 'users'))?.activeGeneration).toBe(usersBefore?.activeGeneration);
  await after.close();
});
