// npm run bench: the platform's throughput, rebuild and lag figures on a seeded, realistic history.
// Not part of npm test. Set BENCH_LEARNERS to change the size (default 20,000 learners, ~1.03M events).
// To measure one rebuild quickly: BENCH_ONLY=<projection>[,<projection>…] (e.g. analytics) rebuilds only those
// and skips the append, route and lag figures (BENCH_ONLY=encryption, http, landing or capacity runs only that later section); BENCH_DIR=<folder> keeps the data there and reuses its history
// on the next run (it seeds only when the folder has no events.db; keep BENCH_LEARNERS the same). E.g.
//   BENCH_DIR=/tmp/tw-bench BENCH_ONLY=analytics npx tsx projections/bench/bench.ts
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { event } from '@tickwise/contracts';
import { SqliteEventLog, SqliteReadModelStore } from '@tickwise/platform';
import { allProjections } from '../src/catalog';
import { LiveProjectionRunner } from '../src/runtime/runner';
import { waitForProjections } from '../src/runtime/wait';
import { benchPings, seedHistory, toNew } from './history';
import { benchReport } from './results';

const run = promisify(execFile);
const learners = Number(process.env.BENCH_LEARNERS ?? 20000);
/** BENCH_ONLY names projections to rebuild, or the other sections of `npm run bench` (encryption, http, landing, capacity). */
const named = process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? [];
const SECTIONS = ['http', 'landing', 'encryption', 'capacity'];
const only = named.filter((name) => !SECTIONS.includes(name));
if (named.length > 0 && only.length === 0) process.exit(0);
const keptDir = process.env.BENCH_DIR;
if (keptDir) mkdirSync(keptDir, { recursive: true });
const dir = keptDir ?? mkdtempSync(join(tmpdir(), 'tickwise-bench-'));
const storage = benchReport('storage', 46, 18);
const report = storage.report;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
/** A target's line: the bound and whether this run met it. */
const judged = (ok: boolean, target: string) => `${ok ? 'met' : 'NOT MET'}: target ${target}`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
/** A product event for the append figures, so they include the codec check every append makes. */
const lessonCompleted = (n: number) =>
  event('LessonCompleted', { moduleId: 1, lessonId: n + 1, completedAt: new Date().toISOString() });

async function seed() {
  const reused = existsSync(join(dir, 'events.db'));
  const log = new SqliteEventLog({ file: join(dir, 'events.db') });
  if (reused) {
    const events = Number(await log.headPosition());
    report('history (reused): events', fmt(events));
    await log.close();
    return events;
  }
  const started = performance.now();
  let lastLine = 0;
  const events = await seedHistory(log, learners, 20261125, (done, count) => {
    if (performance.now() - lastLine > 2000) {
      lastLine = performance.now();
      process.stderr.write(`  seeding: ${done}/${learners} learners, ${count} events\n`);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  report('history: learners / events', `${fmt(learners)} / ${fmt(events)}`, '≥ 20,000 / ≥ 1,000,000');
  report('seeding (concurrent multi-event appends)', `${fmt(events / seconds)} ev/s`);
  await log.close();
  return events;
}

async function durableConcurrentAppends() {
  const log = new SqliteEventLog({ file: join(dir, 'appends.db') });
  const writers = 64;
  const durationMs = 4000;
  let appended = 0;
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      let revision: number | 'no_stream' = 'no_stream';
      while (performance.now() < deadline) {
        const result = await log.appendToStream(
          `bench-writer-${w}`,
          [toNew(lessonCompleted(w), 'system:bench', new Date().toISOString())],
          {
            expectedRevision: revision,
          },
        );
        revision = result.nextRevision;
        appended++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const rate = appended / seconds;
  report(
    'durable appends, 64 concurrent single-event',
    `${fmt(rate)} ev/s`,
    judged(rate >= 15_000, '≥ 15,000 ev/s (synchronous=FULL)'),
  );

  const batchStarted = performance.now();
  let batched = 0;
  for (let i = 0; i < 100; i++) {
    const events = Array.from({ length: 1000 }, (_, n) =>
      toNew(lessonCompleted(n), 'system:bench', new Date().toISOString()),
    );
    await log.appendToStream(`bench-batch-${i}`, events, { expectedRevision: 'no_stream' });
    batched += events.length;
  }
  report(
    'batched appends, 1,000 events per append',
    `${fmt(batched / ((performance.now() - batchStarted) / 1000))} ev/s`,
  );
  await log.close();
}

async function rebuildAll(logEvents: number) {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'rebuild-child.ts'), dir, ...only],
    {
      cwd: join(__dirname, '..'),
      maxBuffer: 10_000_000,
    },
  );
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
    results: Array<{ name: string; events: number; seconds: number; eventsPerSecond: number }>;
    maxRssMb: number;
  };
  // The rate is history covered per second: the whole log over the rebuild's time (a projection reads
  // only the event types it handles; the count of those is shown beside it).
  for (const r of result.results) {
    const covered = logEvents / r.seconds;
    report(
      `rebuild ${r.name}`,
      `${fmt(covered)} ev/s`,
      `${judged(covered >= 150_000, '≥ 150,000 ev/s')} (${fmt(logEvents)} events in ${r.seconds.toFixed(2)} s; ${fmt(r.events)} handled)`,
    );
  }
  report('rebuild peak RSS', `${fmt(result.maxRssMb)} MB`, judged(result.maxRssMb <= 400, '≤ 400 MB'));
}

async function appendToReadModelLag() {
  const log = new SqliteEventLog({ file: join(dir, 'events.db') });
  const store = new SqliteReadModelStore({ file: join(dir, 'read-models.db') });
  const runners = allProjections.map((p) => new LiveProjectionRunner({ log, store }, p));
  for (const r of runners) r.start();
  const names = allProjections.map((p) => p.name);
  const lags: number[] = [];
  for (let i = 0; i < 400; i++) {
    const started = performance.now();
    const { position } = await log.appendToStream(
      `learning-lag-${i % 50}`,
      [
        toNew(
          event('LessonCompleted', {
            moduleId: 1,
            lessonId: 1 + (i % 4),
            completedAt: new Date().toISOString(),
          }),
          'system:bench',
          new Date().toISOString(),
        ),
      ],
      { expectedRevision: 'any' },
    );
    if (!(await waitForProjections(store, names, position, 5000, 1)))
      throw new Error('projection did not catch up');
    lags.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  report('append → read model lag p50', `${percentile(lags, 50).toFixed(1)} ms`);
  const lagP99 = percentile(lags, 99);
  report('append → read model lag p99', `${lagP99.toFixed(1)} ms`, judged(lagP99 <= 50, '≤ 50 ms'));
  for (const r of runners) await r.stop();
  await store.close();
  await log.close();
}

async function crossProcessSubscription() {
  const file = join(dir, 'cross-process.db');
  const log = new SqliteEventLog({ file, events: benchPings });
  const count = 300;
  const subscription = log.subscribe({});
  const lags: number[] = [];
  const seen = (async () => {
    for await (const e of subscription) {
      lags.push(Date.now() - e.data.sentAt);
      if (lags.length === count) break;
    }
  })();
  await run(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'paced-append-child.ts'), file, String(count)],
    {
      cwd: join(__dirname, '..'),
    },
  );
  await seen;
  await subscription.close();
  await log.close();
  report('append in another process → live subscriber p50', `${percentile(lags, 50).toFixed(1)} ms`);
  const p99 = percentile(lags, 99);
  report(
    'append in another process → live subscriber p99',
    `${p99.toFixed(1)} ms`,
    judged(p99 <= 50, '≤ 50 ms'),
  );
}

async function routeLatencies() {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join(__dirname, '..', '..', 'app', 'bench', 'query-routes.ts'), dir],
    { cwd: join(__dirname, '..', '..'), maxBuffer: 10_000_000 },
  );
  const results = JSON.parse(stdout.trim().split('\n').pop() ?? '[]') as Array<{
    name: string;
    p50: number;
    p99: number;
    p99AtMostMs?: number;
  }>;
  for (const r of results)
    report(
      r.name,
      `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms`,
      r.p99AtMostMs === undefined
        ? 'p50 / p99'
        : `p50 / p99; ${judged(r.p99 <= r.p99AtMostMs, `p99 ≤ ${fmt(r.p99AtMostMs)} ms`)}`,
    );
}

async function main() {
  console.log(`Tickwise bench — node ${process.version}, data in ${dir}\n`);
  if (only.length > 0) {
    await rebuildAll(await seed());
    return;
  }
  // Appends first, on a quiet disk: the seeding leaves a large WAL being checkpointed behind it.
  await durableConcurrentAppends();
  const logEvents = await seed();
  await rebuildAll(logEvents);
  await routeLatencies();
  await appendToReadModelLag();
  await crossProcessSubscription();
  // A full run only: a run of some rebuilds alone leaves the latest full results in place.
  console.log(`\nresults: ${storage.write({ learners })}`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    if (!keptDir) rmSync(dir, { recursive: true, force: true });
  });
