// npm run bench, the cost of encrypting personal data (docs/security/personal-data.md): a history seeded
// through the encryption layer, as the app writes it; the projections that read personal fields (users,
// compliance) rebuilt from it with decryption and, for comparison, from the same stored events without
// (personal fields left sealed); then durable single-event appends of a personal event with and without the
// layer.
// BENCH_ONLY=encryption runs only this section; BENCH_ENCRYPTION_LEARNERS sets the history's size
// (default 5,000 learners, about 260,000 events); BENCH_DIR keeps the history in <dir>/encrypted.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type DomainEvent,
  dataSubjectOf,
  erasedSubjectsOf,
  event,
  personalFields,
  streams,
} from '@tickwise/contracts';
import {
  DataKeys,
  domainEvents,
  EncryptingEventLog,
  type EventLog,
  loadMasterKey,
  SqliteEventLog,
  SqliteKeyStore,
  SqliteReadModelStore,
  sealedEvents,
} from '@tickwise/platform';
import { complianceProjection } from '../src/read-models/compliance';
import { usersProjection } from '../src/read-models/users';
import type { Projection } from '../src/runtime/projection';
import { rebuild } from '../src/runtime/runner';
import { seededUserId, seedHistory, toNew } from './history';
import { benchReport } from './results';

const named = process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? [];
if (named.length > 0 && !named.includes('encryption')) process.exit(0);
const learners = Number(process.env.BENCH_ENCRYPTION_LEARNERS ?? 5000);
const keptDir = process.env.BENCH_DIR ? join(process.env.BENCH_DIR, 'encrypted') : undefined;
if (keptDir) mkdirSync(keptDir, { recursive: true });
const dir = keptDir ?? mkdtempSync(join(tmpdir(), 'tickwise-bench-encryption-'));

const encryption = benchReport('encryption', 46, 18);
const report = encryption.report;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** The embedded storage of the folder, opened as the app opens it: the log below and above the layer. */
function storageIn(folder: string) {
  const stored = new SqliteEventLog({
    file: join(folder, 'events.db'),
    events: sealedEvents(personalFields),
  });
  const keys = new DataKeys(
    new SqliteKeyStore({ file: join(folder, 'keys.db') }),
    loadMasterKey({ dataDir: folder, masterKey: undefined }),
  );
  const opened = new EncryptingEventLog<DomainEvent>(stored, keys, {
    events: domainEvents,
    fields: personalFields,
    subjectOf: dataSubjectOf,
    erasedSubjectsOf,
  });
  return {
    stored: stored as EventLog,
    opened: opened as EventLog,
    close: async () => {
      await keys.close();
      await stored.close();
    },
  };
}

async function seed(): Promise<number> {
  const storage = storageIn(dir);
  try {
    const head = Number(await storage.stored.headPosition());
    if (head > 0) {
      report('encrypted history (reused): events', fmt(head));
      return head;
    }
    const started = performance.now();
    const events = await seedHistory(storage.opened, learners, 20261127);
    const seconds = (performance.now() - started) / 1000;
    report('encrypted history: learners / events', `${fmt(learners)} / ${fmt(events)}`);
    report('seeding through the layer', `${fmt(events / seconds)} ev/s`);
    return events;
  } finally {
    await storage.close();
  }
}

/** One rebuild of `projection` from `log` into a fresh read-model file: the whole history covered per second. */
async function rebuildRate(projection: Projection, log: EventLog, logEvents: number, label: string) {
  const file = join(dir, `read-models-${label}-${projection.name}.db`);
  rmSync(file, { force: true });
  const store = new SqliteReadModelStore({ file });
  const started = process.hrtime.bigint();
  await rebuild({ log, store }, projection, { batchSize: 5000 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await store.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  return logEvents / seconds;
}

async function rebuilds(logEvents: number) {
  for (const projection of [usersProjection, complianceProjection]) {
    // Each rate from a storage of its own, so no key is in memory when a run starts.
    const withStorage = storageIn(dir);
    const decrypting = await rebuildRate(projection, withStorage.opened, logEvents, 'decrypting');
    await withStorage.close();
    const sealedStorage = storageIn(dir);
    // The same stored events read below the layer: the projection gets the sealed strings, nothing is opened.
    const sealed = await rebuildRate(projection, sealedStorage.stored, logEvents, 'sealed');
    await sealedStorage.close();
    report(
      `rebuild ${projection.name}, with decryption`,
      `${fmt(decrypting)} ev/s`,
      `target ≥ 150,000 ev/s; without decryption ${fmt(sealed)} ev/s (${((sealed / decrypting - 1) * 100).toFixed(0)} % faster)`,
    );
  }
}

/**
 * Durable single-event appends of a personal event (LoginSucceeded), one at a time, through the layer or not.
 * A learner's first personal event also creates their data key, which is one more durable write (to the key
 * store) once in the learner's life, at registration; those appends are reported on their own line, so the
 * steady-state figure compares like with like.
 */
async function appendLatencies() {
  const count = 2000;
  const learnersPerRound = 200;
  const measure = async (log: EventLog, round: number) => {
    const revisions = new Map<string, number>();
    const steady: number[] = [];
    const first: number[] = [];
    for (let i = 0; i < count; i++) {
      const userId = seededUserId(100_000 + round * 1000 + (i % learnersPerRound));
      const stream = streams.user(userId);
      const known = revisions.get(stream);
      const login = event('LoginSucceeded', { userId, ip: '203.0.113.9', userAgent: 'BenchBrowser/1.0' });
      const started = performance.now();
      const result = await log.appendToStream(stream, [toNew(login, userId, new Date().toISOString())], {
        expectedRevision: known ?? ('no_stream' as const),
      });
      (known === undefined ? first : steady).push(performance.now() - started);
      revisions.set(stream, result.nextRevision);
    }
    return { steady, first };
  };
  const folder = join(dir, 'appends');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const encrypted = storageIn(folder);
  const plain = new SqliteEventLog({ file: join(folder, 'plain.db') });
  // Alternating rounds, so a burst of load on the machine falls on both.
  const withLayer = { steady: [] as number[], first: [] as number[] };
  const without = { steady: [] as number[], first: [] as number[] };
  for (let round = 0; round < 4; round++) {
    const a = await measure(encrypted.opened, round);
    withLayer.steady.push(...a.steady);
    withLayer.first.push(...a.first);
    const b = await measure(plain, round);
    without.steady.push(...b.steady);
    without.first.push(...b.first);
  }
  await encrypted.close();
  await plain.close();
  rmSync(folder, { recursive: true, force: true });
  const line = (values: number[]) =>
    `${percentile(values, 50).toFixed(2)} / ${percentile(values, 99).toFixed(2)} ms`;
  report(
    'append p50 / p99, with encryption',
    line(withLayer.steady),
    'durable single-event appends, one at a time',
  );
  report('append p50 / p99, without encryption', line(without.steady), 'target: p99 unchanged within noise');
  report(
    "learner's first personal event, with / without",
    `${line(withLayer.first)} | ${line(without.first)}`,
    `${withLayer.first.length} appends that also create the learner's data key (one durable key-store write)`,
  );
}

async function main() {
  console.log('\n== the cost of encryption ==');
  const logEvents = await seed();
  await rebuilds(logEvents);
  await appendLatencies();
  console.log(`\nresults: ${encryption.write({ learners })}`);
  if (!keptDir) rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
