import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { activeCollection } from '../src/runtime/generations';
import { catchUp, rebuild } from '../src/runtime/runner';
import { countingProjection } from './fixtures/counting-projection';
import { openCountingSqlite, seedCounted, tempDir } from './helpers';

const dir = tempDir('crash');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const child = join(__dirname, 'fixtures', 'catch-up-child.ts');
const TOTAL = 150000;

/** Starts a catch-up in a child process and SIGKILLs it after `killAfterMs` (unless it finishes first). */
function runAndKill(killAfterMs: number): Promise<'killed' | 'finished'> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', child, join(dir, 'events.db'), join(dir, 'read-models.db'), '25'],
      { cwd: join(__dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    proc.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    let timer: NodeJS.Timeout | undefined;
    proc.stdout.on('data', (chunk: Buffer) => {
      if (!timer && chunk.toString().includes('started'))
        timer = setTimeout(() => proc.kill('SIGKILL'), killAfterMs);
    });
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve('killed');
      else if (code === 0) resolve('finished');
      else reject(new Error(`catch-up child failed (${code}): ${stderr}`));
    });
  });
}

async function dump(store: ReturnType<typeof openCountingSqlite>['store']) {
  const out: Record<string, unknown[]> = {};
  for (const collection of ['streams', 'totals']) {
    out[collection] = await store.find(await activeCollection(store, 'counting', collection));
  }
  return out;
}

test('SIGKILL at random points during a long catch-up, 20+ times: the result equals a clean rebuild', async () => {
  const { log, store } = openCountingSqlite(dir);
  await seedCounted(log, TOTAL);
  await store.close();

  let kills = 0;
  let attempts = 0;
  let state = 12345;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  // Each child is killed 5–60 ms into its work: mid-batch, mid-commit, between batches. Twenty-two such runs covered
  // about 39,000 events on this machine when it is quiet (a fast machine once finished all 150,000 in 19 runs
  // of 10–210 ms); a slower or busier machine covers fewer, so the catch-up never ends before the kills do.
  while (kills < 22 && attempts < 60) {
    attempts++;
    const outcome = await runAndKill(5 + Math.floor(random() * 55));
    if (outcome === 'killed') kills++;
    else break;
  }
  expect(kills).toBeGreaterThanOrEqual(20);
  // Finish the catch-up in this process, then compare with a rebuild from scratch in another file.
  const resumed = openCountingSqlite(dir);
  await catchUp(resumed, countingProjection());
  const clean = openCountingSqlite(dir, 'clean.db');
  await rebuild(clean, countingProjection());
  const [afterCrashes, rebuilt] = [await dump(resumed.store), await dump(clean.store)];
  expect(afterCrashes.totals).toEqual([
    expect.objectContaining({ id: 'all', events: TOTAL - Math.floor(TOTAL / 997) }),
  ]);
  expect(afterCrashes).toEqual(rebuilt);
  for (const s of [resumed, clean]) {
    await s.store.close();
    await s.log.close();
  }
  await log.close();
}, 240000);
