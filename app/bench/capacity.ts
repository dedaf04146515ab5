// `npm run bench`, capacity section (alone: BENCH_ONLY=capacity): how many learners one machine serves within
// the latency budget. Seeds learners with realistic histories, starts the real one-process app (`npm start`'s
// entry) and, from a load generator in a process of its own (capacity-generator.ts), has N learners follow their
// course sessions with think times of mean 15 s, signing in again after every 30 minutes of activity. N steps up
// by 1.25 × from BENCH_CAPACITY_FROM (default 10,000); each level is a warm-up (30 s) then a hold
// (BENCH_CAPACITY_HOLD_SECONDS, default 180). A level passes when, over its hold: every route's p99 ≤ 100 ms,
// sign-in's p99 ≤ 2 × one idle hash + 25 ms, no errors, the app's event-loop delay max ≤ 50 ms, and its resident
// memory ≤ 400 MB without an upward trend. The capacity is the largest level that passes; the figures at the
// level above it show what breaks first. Then a soak: the capacity level held for BENCH_CAPACITY_SOAK_SECONDS
// (default 600; 0 skips it), its resident memory sampled every 10 s and once more a minute after the load
// stops. It levels off when the mean of its last third stays within 10 % of its first third, and falls back
// when the memory a minute after is below that last third.
//
// BENCH_CAPACITY_MAX caps the levels (default 40,000: that many learners are seeded). BENCH_CAPACITY_SEED_DIR
// keeps the seeded history there and starts every later run from a copy of it. BENCH_CAPACITY_LEVELS=<n>[,<n>…]
// runs just those levels, no search; BENCH_CAPACITY_CPU_PROF=<folder> writes the app's CPU profiles there (one
// per thread, readable in Chrome DevTools or speedscope). Results go to docs/performance/results/capacity.json.
import { fork } from 'node:child_process';
import { createSecretKey, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadCourse } from '@tickwise/command-service/catalog';
import { argon2Hasher, documentsInForce } from '@tickwise/command-service/testing';
import { createTokenService, loadStorageConfig, openStorage } from '@tickwise/platform';
import { seededEmail, seededUserId, seedHistory } from '@tickwise/projections/bench/history';
import { machine } from '@tickwise/projections/bench/results';

import { caughtUp, type Probed, ROOT, startBenchApp, waitFor } from './app-process';
import type { GeneratorLearner, InitMessage, LevelMessage, LevelResult } from './capacity-generator';
import { type CourseOutline, nextLesson } from './learner-session';
import type { ProbeSample } from './probe';
import { PASSWORD } from './workloads';

const FROM = Number(process.env.BENCH_CAPACITY_FROM ?? 10_000);
const MAX = Number(process.env.BENCH_CAPACITY_MAX ?? 40_000);
const HOLD_SECONDS = Number(process.env.BENCH_CAPACITY_HOLD_SECONDS ?? 180);
const WARMUP_SECONDS = Number(process.env.BENCH_CAPACITY_WARMUP_SECONDS ?? 30);
const SOAK_SECONDS = Number(process.env.BENCH_CAPACITY_SOAK_SECONDS ?? 600);
/** How long the soak's app is left without load before its memory is sampled once more. */
const AFTER_SOAK_SECONDS = 60;
const SEED_DIR = process.env.BENCH_CAPACITY_SEED_DIR;
const LEVELS = process.env.BENCH_CAPACITY_LEVELS?.split(',').filter(Boolean).map(Number);
const CPU_PROF = process.env.BENCH_CAPACITY_CPU_PROF;
const STEP = 1.25;
const THINK_MEAN_MS = 15_000;
const SIGN_IN_EVERY_MS = 30 * 60_000;
/** A share of seeded learners never pass the compliance gate (history.ts): seed enough that MAX are compliant. */
const SEEDED = Math.ceil(MAX / 0.88) + 100;
const RESULTS = join(ROOT, 'docs', 'performance', 'results', 'capacity.json');

/** The budget. */
const ROUTE_P99_MS = 100;
const LOOP_MAX_MS = 50;
const RSS_MAX_MB = 400;
/** No upward trend: the mean of the hold's last third stays within this of its first third. */
const RSS_TREND = 1.1;
const SIGN_IN = 'POST /api/auth/login';

/**
 * This process's own garbage, collected before each level rather than during it. Listing the seeded learners
 * leaves it a heap of about 200 MB, 60 MB of it live. Left alone, V8 shrinks it once the process goes quiet (its
 * memory reducer: three full collections in a row, with helper threads), and those landed in holds beside the
 * app being measured. `npm run bench` starts this file with `--no-memory-reducer` (the reducer is set up as
 * node starts, so it cannot be turned off from here), and each level starts after a full collection.
 */
setFlagsFromString('--expose-gc');
const collectOwnGarbage = runInNewContext('gc') as () => void;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (n: number) => `${fmt(n, n < 10 ? 1 : 0)} ms`;
const report = (name: string, value: string, detail = '') =>
  console.log(`${name.padEnd(52)} ${value.padStart(24)}  ${detail}`);

/** One idle argon2id verify, as the app pays it for a sign-in (median of 15 after a warm-up, on a quiet machine). */
async function idleHashMs(): Promise<number> {
  const hasher = argon2Hasher();
  const hash = await hasher.hash(PASSWORD);
  // One verify for each of libuv's pool threads first: a thread's first hash faults in its 19 MiB afresh and
  // takes half as long again, which is not what an idle hash costs.
  for (let i = 0; i < 4; i++) await hasher.verify(hash, PASSWORD);
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    await hasher.verify(hash, PASSWORD);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[7] ?? Number.NaN;
}

/**
 * The seeded history in `dir`, with read models built from it: a copy of BENCH_CAPACITY_SEED_DIR when that holds
 * enough learners; otherwise seeded here, the app started once to build its read models and stopped, and the
 * folder kept in BENCH_CAPACITY_SEED_DIR for later runs. Every level then measures an app restarted on a
 * caught-up folder, as a server runs after a deploy, not one that has just rebuilt everything.
 */
async function seed(dir: string): Promise<void> {
  const marker = SEED_DIR ? join(SEED_DIR, 'seeded.json') : undefined;
  const kept =
    marker && existsSync(marker)
      ? (JSON.parse(readFileSync(marker, 'utf8')) as {
          learners: number;
          events: number;
          readModels?: boolean;
        })
      : undefined;
  let events: number;
  if (SEED_DIR && kept && kept.learners >= SEEDED) {
    cpSync(SEED_DIR, dir, { recursive: true, filter: (source) => source !== marker });
    report('seeded learners', `${fmt(kept.learners)} (a copy of ${SEED_DIR})`);
    if (kept.readModels) return;
    events = kept.events;
  } else {
    events = await seedInto(dir);
  }
  const building = performance.now();
  const app = startBenchApp(dir, randomBytes(32).toString('hex'));
  await waitFor(async () => caughtUp(await app.url), 'the read models built from the seeded history', 3600);
  await app.stop();
  report('read models built from the seeded history', `${fmt((performance.now() - building) / 1000)} s`);
  if (SEED_DIR && marker) {
    rmSync(SEED_DIR, { recursive: true, force: true });
    cpSync(dir, SEED_DIR, { recursive: true });
    writeFileSync(marker, JSON.stringify({ learners: SEEDED, events, readModels: true }));
  }
}

/** Seeds SEEDED learners' histories into `dir`; the number of events. */
async function seedInto(dir: string): Promise<number> {
  const started = performance.now();
  const documents = documentsInForce().map(({ documentType, version, contentHash }) => ({
    documentType,
    version,
    contentHash,
  }));
  const storage = await openStorage(loadStorageConfig({ DATA_DIR: dir }));
  let shown = 0;
  const events = await seedHistory(
    storage.log,
    SEEDED,
    20261201,
    (done) => {
      if (done - shown >= 5_000 || done === SEEDED) {
        shown = done;
        process.stdout.write(`\r  seeding: ${fmt(done)} / ${fmt(SEEDED)} learners`);
      }
    },
    { documents, passwordHash: await argon2Hasher().hash(PASSWORD) },
  );
  await storage.close();
  process.stdout.write('\n');
  report(
    'seeded learners / events',
    `${fmt(SEEDED)} / ${fmt(events)}`,
    `${fmt((performance.now() - started) / 1000)} s`,
  );
  return events;
}

/** A seeded learner who passed the compliance gate, with the lessons they have completed. */
interface SeededLearner {
  readonly index: number;
  readonly completedLessonIds: ReadonlySet<number>;
}

/** The seeded learners who passed the compliance gate, as the app answers for each (`GET /api/auth/me`). */
async function compliantLearners(url: string, tokenOf: (index: number) => string): Promise<SeededLearner[]> {
  const compliant: SeededLearner[] = [];
  let next = 0;
  const read = async <T>(path: string, index: number) =>
    (await (
      await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${tokenOf(index)}` } })
    ).json()) as T;
  const worker = async () => {
    for (let index = next++; index < SEEDED; index = next++) {
      const me = await read<{ isCompliant?: boolean }>('/api/auth/me', index);
      if (!me.isCompliant) continue;
      const progress = await read<{ lessonId: number | null; completed: boolean }[]>('/api/progress', index);
      const completedLessonIds = new Set(
        progress.flatMap((p) => (p.completed && p.lessonId ? [p.lessonId] : [])),
      );
      compliant.push({ index, completedLessonIds });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return compliant.sort((a, b) => a.index - b.index);
}

/** A level's figures: the generator's and the app's over the hold. */
interface Level {
  readonly learners: number;
  readonly result: LevelResult;
  readonly loopMaxMs: number;
  /** The main thread's longest garbage-collection pause over the hold, and its share of the hold. */
  readonly gcPauseMaxMs: number;
  readonly gcShare: number;
  readonly rssMb: readonly number[];
  readonly serverCpuMs: number;
  readonly failures: readonly string[];
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

function judge(result: LevelResult, loopMaxMs: number, rssMb: readonly number[], signInMs: number): string[] {
  const failures: string[] = [];
  for (const [route, figures] of Object.entries(result.routes)) {
    const bound = route === SIGN_IN ? signInMs : ROUTE_P99_MS;
    if (figures.p99 > bound) failures.push(`${route} p99 ${ms(figures.p99)} > ${ms(bound)}`);
  }
  const errors = Object.values(result.errors).reduce((a, b) => a + b, 0);
  if (errors > 0) failures.push(`${fmt(errors)} errors`);
  if (loopMaxMs > LOOP_MAX_MS) failures.push(`event-loop delay max ${ms(loopMaxMs)} > ${LOOP_MAX_MS} ms`);
  const peak = Math.max(...rssMb);
  if (peak > RSS_MAX_MB) failures.push(`RSS ${fmt(peak)} MB > ${RSS_MAX_MB} MB`);
  const third = Math.max(1, Math.floor(rssMb.length / 3));
  const first = mean(rssMb.slice(0, third));
  const last = mean(rssMb.slice(-third));
  if (last > RSS_TREND * first) failures.push(`RSS rising ${fmt(first)} → ${fmt(last)} MB`);
  return failures;
}

async function runLevel(
  app: Probed,
  url: string,
  generator: ReturnType<typeof fork>,
  learners: number,
  signInMs: number,
  holdSeconds = HOLD_SECONDS,
): Promise<Level> {
  await waitFor(() => caughtUp(url), 'the projections caught up before the level', 600);
  collectOwnGarbage();
  const level: LevelMessage = {
    kind: 'level',
    learners,
    warmupMs: WARMUP_SECONDS * 1000,
    holdMs: holdSeconds * 1000,
  };
  const answered = new Promise<LevelResult>((resolve) => {
    const on = (message: { kind?: string }) => {
      if (message.kind !== 'result') return;
      generator.off('message', on);
      resolve(message as LevelResult);
    };
    generator.on('message', on);
  });
  generator.send(level);
  // The app's probe over the hold: reset as it starts, sampled every 10 s, and once as it ends.
  await new Promise((resolve) => setTimeout(resolve, level.warmupMs));
  const samples: ProbeSample[] = [await app.sample()];
  const sampler = setInterval(() => void app.sample().then((s) => samples.push(s)), 10_000);
  await new Promise((resolve) => setTimeout(resolve, level.holdMs));
  clearInterval(sampler);
  samples.push(await app.sample());
  const result = await answered;
  const hold = samples.slice(1);
  const loopMaxMs = Math.max(...hold.map((s) => s.loopDelayMaxMs));
  const gcPauseMaxMs = Math.max(...hold.map((s) => s.gcPauseMaxMs));
  const gcShare = hold.reduce((sum, s) => sum + s.gcMs, 0) / level.holdMs;
  const rssMb = samples.map((s) => s.rssMb);
  const serverCpuMs = (samples.at(-1)?.cpuMs ?? 0) - (samples[0]?.cpuMs ?? 0);
  return {
    learners,
    result,
    loopMaxMs,
    gcPauseMaxMs,
    gcShare,
    rssMb,
    serverCpuMs,
    failures: judge(result, loopMaxMs, rssMb, signInMs),
  };
}

/** CPU-seconds the app spends (all its threads) per 1,000 learner-minutes at a level. */
const cpuPerThousandLearnerMinutes = (level: Level) =>
  level.serverCpuMs / 1000 / ((level.learners * (level.result.holdMs / 60_000)) / 1000);

function printLevel(level: Level): void {
  const { result } = level;
  const seconds = result.holdMs / 1000;
  report(
    `${fmt(level.learners)} learners`,
    level.failures.length === 0 ? 'within budget' : 'OVER BUDGET',
    `${fmt(result.requests / seconds)} req/s, ${fmt(result.steps / seconds)} pages/s; loop max ${ms(level.loopMaxMs)} ` +
      `(main thread GC: longest pause ${ms(level.gcPauseMaxMs)}, ${fmt(level.gcShare * 100, 1)} % of the hold); ` +
      `RSS ${level.rssMb.map((mb) => fmt(mb)).join(' ')} MB; app CPU ${fmt(level.serverCpuMs / 1000 / seconds, 2)} cores, ` +
      `${fmt(cpuPerThousandLearnerMinutes(level), 1)} CPU-s per 1,000 learner-minutes; generator ${fmt(result.generatorCpuMs / 1000 / seconds, 2)} cores, ` +
      `late by ${ms(result.sendLagMaxMs)} at most`,
  );
  for (const failure of level.failures) report('', '', `✗ ${failure}`);
}

function printRoutes(level: Level): void {
  for (const [route, f] of Object.entries(level.result.routes))
    report(
      `  ${route}`,
      `${ms(f.p50)} / ${ms(f.p99)} / ${ms(f.max)}`,
      `p50 / p99 / max, ${fmt(f.count)} answers`,
    );
  for (const [what, count] of Object.entries(level.result.errors)) report(`  error: ${what}`, fmt(count));
}

function writeResults(
  levels: readonly Level[],
  passed: Level | undefined,
  soaked: Soak | undefined,
  hashMs: number,
  signInMs: number,
) {
  const when = new Date().toISOString();
  mkdirSync(join(ROOT, 'docs', 'performance', 'results'), { recursive: true });
  writeFileSync(
    RESULTS,
    `${JSON.stringify(
      {
        kind: 'capacity',
        at: when,
        machine: machine(),
        settings: {
          holdSeconds: HOLD_SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          thinkMeanMs: THINK_MEAN_MS,
          signInEveryMs: SIGN_IN_EVERY_MS,
          soakSeconds: SOAK_SECONDS,
        },
        budget: {
          routeP99Ms: ROUTE_P99_MS,
          signInP99Ms: signInMs,
          idleHashMs: hashMs,
          loopMaxMs: LOOP_MAX_MS,
          rssMaxMb: RSS_MAX_MB,
        },
        capacity: passed?.learners ?? null,
        cpuSecondsPerThousandLearnerMinutes: passed ? cpuPerThousandLearnerMinutes(passed) : null,
        soak: soaked
          ? {
              learners: soaked.level.learners,
              passed: soaked.level.failures.length === 0,
              failures: soaked.level.failures,
              rssMb: soaked.level.rssMb,
              firstThirdMb: soaked.firstThirdMb,
              lastThirdMb: soaked.lastThirdMb,
              afterLoadMb: soaked.afterMb,
              levelsOff: soaked.levelsOff,
              fallsBack: soaked.fallsBack,
            }
          : null,
        levels: levels.map((l) => ({
          learners: l.learners,
          passed: l.failures.length === 0,
          failures: l.failures,
          requestsPerSecond: l.result.requests / (l.result.holdMs / 1000),
          loopMaxMs: l.loopMaxMs,
          gcPauseMaxMs: l.gcPauseMaxMs,
          gcShare: l.gcShare,
          rssMb: l.rssMb,
          appCpuCores: l.serverCpuMs / l.result.holdMs,
          generatorCpuCores: l.result.generatorCpuMs / l.result.holdMs,
          routes: l.result.routes,
          errors: l.result.errors,
        })),
      },
      null,
      2,
    )}\n`,
  );
  report('results', RESULTS.slice(ROOT.length + 1));
}

/** The soak's memory: the means of the hold's first and last thirds, and a sample once the load has stopped. */
interface Soak {
  readonly level: Level;
  readonly firstThirdMb: number;
  readonly lastThirdMb: number;
  readonly afterMb: number;
  readonly levelsOff: boolean;
  readonly fallsBack: boolean;
}

async function soak(
  app: Probed,
  url: string,
  generator: ReturnType<typeof fork>,
  learners: number,
  signInMs: number,
): Promise<Soak> {
  const level = await runLevel(app, url, generator, learners, signInMs, SOAK_SECONDS);
  await new Promise((resolve) => setTimeout(resolve, AFTER_SOAK_SECONDS * 1000));
  const afterMb = (await app.sample()).rssMb;
  const third = Math.max(1, Math.floor(level.rssMb.length / 3));
  const firstThirdMb = mean(level.rssMb.slice(0, third));
  const lastThirdMb = mean(level.rssMb.slice(-third));
  return {
    level,
    firstThirdMb,
    lastThirdMb,
    afterMb,
    levelsOff: lastThirdMb <= RSS_TREND * firstThirdMb,
    fallsBack: afterMb < lastThirdMb,
  };
}

function printSoak(result: Soak): void {
  const { level } = result;
  report(
    `soak: ${fmt(level.learners)} learners for ${fmt(level.result.holdMs / 1000)} s`,
    level.failures.length === 0 ? 'within budget' : 'OVER BUDGET',
    `RSS ${level.rssMb.map((mb) => fmt(mb)).join(' ')} MB; app CPU ${fmt(level.serverCpuMs / level.result.holdMs, 2)} cores`,
  );
  for (const failure of level.failures) report('', '', `✗ ${failure}`);
  report(
    'soak RSS: first third → last third',
    `${fmt(result.firstThirdMb)} → ${fmt(result.lastThirdMb)} MB`,
    result.levelsOff ? 'levels off (within 10 %)' : 'RISING (more than 10 %)',
  );
  report(
    `soak RSS ${AFTER_SOAK_SECONDS} s after the load stopped`,
    `${fmt(result.afterMb)} MB`,
    result.fallsBack ? 'falls back' : 'DOES NOT FALL BACK',
  );
}

/** The course as the sessions need it: ids and option counts, and the documents in force. */
function courseOutline(): CourseOutline {
  return {
    modules: loadCourse().modules.map((m) => ({
      id: m.id,
      lessons: m.lessons.map((l) => ({
        id: l.id,
        checks: l.checks.map((c) => ({ id: c.id, options: c.options })),
      })),
      quiz: m.quiz.map((q) => ({ id: q.id, options: q.options })),
    })),
    documents: documentsInForce().map(({ documentType, version }) => ({ documentType, version })),
  };
}

async function main() {
  console.log(
    `\nCapacity: learners served within the budget (2-core machine; the generator in its own process on it; ` +
      `${HOLD_SECONDS} s holds)`,
  );
  const hashMs = await idleHashMs();
  const signInMs = 2 * hashMs + 25;
  report('one idle argon2id verify (median of 15)', ms(hashMs), `sign-in budget: p99 ≤ ${ms(signInMs)}`);

  const dir = mkdtempSync(join(tmpdir(), 'tickwise-capacity-'));
  await seed(dir);
  const secret = randomBytes(32).toString('hex');
  const tokens = createTokenService({
    secret: createSecretKey(Buffer.from(secret, 'utf8')),
    expiresInSeconds: 24 * 3600,
  });
  const tokenOf = (index: number) => tokens.sign(seededUserId(index));
  const app = startBenchApp(dir, secret, CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []);
  const url = await app.url;
  const started = performance.now();
  await waitFor(() => caughtUp(url), 'the app ready on the caught-up folder', 3600);
  const compliant = await compliantLearners(url, tokenOf);
  report(
    'app restarted and ready, compliant learners',
    `${fmt((performance.now() - started) / 1000)} s, ${fmt(compliant.length)}`,
  );

  const outline = courseOutline();
  const learners: GeneratorLearner[] = compliant.map(({ index, completedLessonIds }) => ({
    index,
    email: seededEmail(index),
    address: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    token: tokenOf(index),
    start: nextLesson(outline, completedLessonIds, index),
  }));
  const generator = fork(join(__dirname, 'capacity-generator.ts'), [], {
    cwd: ROOT,
    execArgv: ['--import', require.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const init: InitMessage = {
    kind: 'init',
    url,
    password: PASSWORD,
    course: outline,
    learners,
    thinkMeanMs: THINK_MEAN_MS,
    signInEveryMs: SIGN_IN_EVERY_MS,
    connections: 256,
  };
  await new Promise<void>((resolve) => {
    generator.once('message', () => resolve());
    generator.send(init);
  });

  const levels: Level[] = [];
  const most = Math.min(MAX, learners.length);
  const run = async (n: number) => {
    const level = await runLevel(app, url, generator, n, signInMs);
    levels.push(level);
    printLevel(level);
    return level;
  };
  let passed: Level | undefined;
  if (LEVELS) {
    for (const n of LEVELS) printRoutes(await run(Math.min(n, most)));
  } else {
    // Up by 1.25 × while a level passes; if the first fails, down by 1.25 × until one passes.
    let above: Level | undefined;
    for (let n = Math.min(FROM, most); ; ) {
      const level = await run(n);
      if (level.failures.length === 0) {
        passed = level;
        if (above || Math.round(n * STEP) > most) break;
        n = Math.round(n * STEP);
      } else {
        above = level;
        if (passed || n < 500) break;
        n = Math.round(n / STEP);
      }
    }
    console.log('');
    console.log(`capacity: ${passed ? fmt(passed.learners) : 'fewer than 500'} concurrent learners`);
    for (const level of [passed, above]) {
      if (!level) continue;
      report(`at ${fmt(level.learners)} learners, route p50 / p99 / max`, '');
      printRoutes(level);
    }
    if (!above) report('(the level above was not run: more learners than seeded)', '');
    if (passed) {
      report(
        'cost at capacity: CPU-seconds per 1,000 learner-minutes',
        fmt(cpuPerThousandLearnerMinutes(passed), 1),
        `(app, all threads; ${cpus().length} cores)`,
      );
      const target = passed.learners >= 20_000;
      report('capacity ≥ 20,000 learners', fmt(passed.learners), target ? 'met' : 'NOT MET');
    }
  }
  let soaked: Soak | undefined;
  const soakAt = passed?.learners ?? (LEVELS ? levels.at(-1)?.learners : undefined);
  if (soakAt !== undefined && SOAK_SECONDS > 0) {
    soaked = await soak(app, url, generator, soakAt, signInMs);
    printSoak(soaked);
  }
  generator.kill();
  if (!LEVELS) writeResults(levels, passed, soaked, hashMs, signInMs);
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}

if (process.env.BENCH_ONLY && !process.env.BENCH_ONLY.split(',').includes('capacity')) process.exit(0);
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
