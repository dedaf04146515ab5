/**
 * A rebuild holds a lease on its projection (owner, heartbeat, expiry): a failed rebuild releases it at once,
 * a killed one loses it when it runs out, so a rebuild lock never outlives the rebuild that took it.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '@tickwise/platform';
import { catalogProjection } from '../src/read-models/catalog';
import { backgroundRebuilds } from '../src/runtime/background-rebuilds';
import { liveBuild, REGISTRY, readState } from '../src/runtime/generations';
import type { Projection } from '../src/runtime/projection';
import { RebuildRunningError, rebuild } from '../src/runtime/runner';
import { countingProjection } from './fixtures/counting-projection';
import { openCountingSqlite, seedCounted, tempDir } from './helpers';

const dir = tempDir('lease');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const storage = openCountingSqlite(dir);
beforeAll(() => seedCounted(storage.log, 20_000, 50));
afterAll(async () => {
  await storage.store.close();
  await storage.log.close();
});

/** The counting projection, except that its handler throws at the 5,000th event. */
function failingAt(n: number): Projection {
  const projection = countingProjection(2);
  let seen = 0;
  const [count, ...rest] = projection.handlers.Counted ?? [];
  if (!count) throw new Error('the counting projection has no Counted handler');
  return {
    ...projection,
    handlers: {
      ...projection.handlers,
      Counted: [
        {
          ...count,
          apply: (doc, event) => {
            if (++seen === n) throw new Error('the read model code failed');
            return count.apply(doc, event);
          },
        },
        ...rest,
      ],
    },
  } as Projection;
}

const until = async (condition: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

test('a rebuild that fails releases its lease at once; the next rebuild runs', async () => {
  await expect(rebuild(storage, failingAt(5_000), { batchSize: 500 })).rejects.toThrow(
    'the read model code failed',
  );
  const state = await readState(storage.store, 'counting');
  expect(state?.building).toBeNull();
  const result = await rebuild(storage, countingProjection(2), { batchSize: 500 });
  expect(result.done).toBe(true);
  expect((await readState(storage.store, 'counting'))?.activeVersion).toBe(2);
});

test('while a rebuild holds the lease a second one is refused', async () => {
  const first = rebuild(storage, countingProjection(3), { batchSize: 20 });
  await until(async () => liveBuild(await readState(storage.store, 'counting')) !== null, 10_000);
  await expect(rebuild(storage, countingProjection(3))).rejects.toThrow(RebuildRunningError);
  await first;
  expect(liveBuild(await readState(storage.store, 'counting'))).toBeNull();
});

describe('the rebuilds the API starts (POST /api/admin/projections/:name/rebuild)', () => {
  const rebuilds = backgroundRebuilds({
    ...storage,
    logger: createLogger({ level: 'silent' }),
    now: () => new Date(),
  });
  const leftBehind = async (building: Record<string, unknown>) => {
    const state = await readState(storage.store, 'catalog');
    if (!state) throw new Error('no catalog registry entry');
    await storage.store.commit([{ kind: 'upsert', collection: REGISTRY, doc: { ...state, building } }]);
  };
  const entry = { generation: 99, version: 1, startedAt: new Date(Date.now() - 60_000).toISOString() };

  beforeAll(() => rebuild(storage, catalogProjection));

  test('a live lease answers conflict; one that ran out (a killed rebuild) or an entry from before leases does not', async () => {
    await leftBehind({
      ...entry,
      owner: 'other:1:x',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(await rebuilds.start('catalog')).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    for (const stale of [
      { ...entry, owner: 'dead:1:x', expiresAt: new Date(Date.now() - 1_000).toISOString() },
      entry,
    ]) {
      await leftBehind(stale);
      expect(await rebuilds.start('catalog')).toMatchObject({ ok: true });
      await until(async () => (await readState(storage.store, 'catalog'))?.building === null, 20_000);
    }
  });
});

test('a rebuild killed with SIGKILL loses its lease when it runs out; then a rebuild runs and switches', async () => {
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(__dirname, 'fixtures', 'rebuild-child.ts'),
      join(dir, 'events.db'),
      join(dir, 'read-models.db'),
      '1500',
    ],
    { cwd: join(__dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    proc.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('started')) resolve();
    });
    proc.on('exit', (code) => reject(new Error(`the rebuild child ended (${code}) before it was killed`)));
  });
  proc.kill('SIGKILL');
  await new Promise((resolve) => proc.once('exit', resolve));
  const left = await readState(storage.store, 'counting');
  expect(left?.building).not.toBeNull(); // the dead rebuild's entry is still there …
  await expect(rebuild(storage, countingProjection(4))).rejects.toThrow(RebuildRunningError); // … and still leased
  await until(async () => liveBuild(await readState(storage.store, 'counting')) === null, 5_000);
  const result = await rebuild(storage, countingProjection(4), { batchSize: 2000 });
  expect(result.done).toBe(true);
  const after = await readState(storage.store, 'counting');
  expect(after?.building).toBeNull();
  expect(after?.activeVersion).toBe(4);
});
