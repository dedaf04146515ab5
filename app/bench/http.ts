// `npm run bench`, HTTP section (alone: BENCH_ONLY=http): what a learner feels under a classroom's load.
// Seeds BENCH_HTTP_LEARNERS learners (default 2,000) with realistic histories, starts the real one-process app
// (`npm start`'s entry) in a child process and drives it (load.ts): closed loop per hot route at 50 and 200
// connections on raw keep-alive sockets, each connection its own learner, measured once every connection has answered; the learner mix in open loop at fixed arrival
// rates up to saturation; a login storm; one learner's concurrent writes; a long stream against a fresh one; a
// soak.
// Bare baselines (Koa + router + JWT + one SQLite lookup / one durable append) run in the same way, each right
// before the route it is compared with, so each route's figure is also printed as a ratio of its baseline. BENCH_HTTP_SECONDS sets one run's length
// (default 10), BENCH_HTTP_SOAK_SECONDS the soak's (default 180).
import { createSecretKey, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { argon2Hasher, documentsInForce } from '@tickwise/command-service/testing';
import { streams } from '@tickwise/contracts';
import { createTokenService, loadStorageConfig, openStorage, SqliteEventLog } from '@tickwise/platform';
import { seededEmail, seededUserId, seedHistory } from '@tickwise/projections/bench/history';
import { benchReport } from '@tickwise/projections/bench/results';

import { caughtUp, type Probed, spawnProbed, startBenchApp, waitFor } from './app-process';
import { type Call, drive, driveAtRate, type Learner, type LoadResult, type Workload } from './load';
import type { ProbeSample } from './probe';
import {
  LESSONS_PER_LEARNER,
  lessonDone,
  login,
  mix,
  PASSWORD,
  quizAnswer,
  reads,
  writes,
} from './workloads';

const LEARNERS = Number(process.env.BENCH_HTTP_LEARNERS ?? 2000);
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const SOAK_SECONDS = Number(process.env.BENCH_HTTP_SOAK_SECONDS ?? 180);

const http = benchReport('http', 58, 22);
const report = http.report;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (n: number) => `${fmt(n, n < 10 ? 1 : 0)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
// Figures kept as context beside the capacity section's targets (what learners feel); they carry no verdict.
const CONTEXT = '(context, no target)';

// ---- the run ------------------------------------------------------------------------------------------------

async function seed(dir: string) {
  const started = performance.now();
  const documents = documentsInForce().map(({ documentType, version, contentHash }) => ({
    documentType,
    version,
    contentHash,
  }));
  // Through the same storage the app opens: personal fields sealed under each learner's key, as in production.
  const storage = await openStorage(loadStorageConfig({ DATA_DIR: dir }));
  const events = await seedHistory(storage.log, LEARNERS, 20261126, undefined, {
    documents,
    passwordHash: await argon2Hasher().hash(PASSWORD),
  });
  await storage.close();
  report('seeded learners / events', `${fmt(LEARNERS)} / ${fmt(events)}`);
  report('seeding time', `${fmt((performance.now() - started) / 1000, 1)} s`);
}

interface Figures {
  result: LoadResult;
  /** The server's probe over the measured part of the run (a closed loop's), or over the whole run. */
  sample: ProbeSample;
  /**
   * Closed loop: the event loop's worst delay over the whole run, with the connections opening at once before
   * the measured part and all closing together after it.
   */
  loopWithOpeningMs?: number;
  /** Closed loop: CPU time a request over the measured part, the server's (all its threads) and the generator's. */
  /** The server's CPU a request (all its threads), the kernel's part of it, and the generator's. */
  cpuUs?: { server: number; system: number; generator: number };
}

async function run(
  server: Probed,
  url: string,
  learners: Learner[],
  workload: Workload,
  connections: number,
  rate?: number,
  seconds = SECONDS,
  requestsPerLearner?: number,
): Promise<Figures> {
  // An open-loop run starts from a settled server: the projections have caught up with the writes before.
  if (rate !== undefined) await waitFor(() => caughtUp(url), 'the projections caught up before the run', 60);
  await server.sample();
  if (rate !== undefined) {
    const result = await driveAtRate({ url, learners, workload, connections, seconds, rate });
    return { result, sample: await server.sample() };
  }
  // A closed loop's figures cover its measured part, the event loop's delay as its latencies: the server's
  // probe is sampled as that part starts and as it ends, and once more after the connections have closed.
  let opening: Promise<ProbeSample> | undefined;
  let measured: ProbeSample | undefined;
  const result = await drive({
    url,
    learners,
    workload,
    connections,
    seconds,
    ...(requestsPerLearner === undefined ? {} : { requestsPerLearner }),
    onMeasuring: () => {
      opening = server.sample();
    },
    onMeasured: async () => {
      await opening;
      measured = await server.sample();
    },
  });
  const closing = await server.sample();
  const sample = measured ?? closing;
  const from = await opening;
  const loops = [from, measured, closing].map((s) => s?.loopDelayMaxMs ?? 0);
  const perRequest = (ms: number) => (ms * 1000) / Math.max(1, result.requests);
  const cpuUs =
    from && measured && result.generatorCpuMs !== undefined
      ? {
          server: perRequest(measured.cpuMs - from.cpuMs),
          system: perRequest(measured.systemCpuMs - from.systemCpuMs),
          generator: perRequest(result.generatorCpuMs),
        }
      : undefined;
  return { result, sample, loopWithOpeningMs: Math.max(...loops), ...(cpuUs ? { cpuUs } : {}) };
}

/** The answers other than 2xx, by status (e.g. "503×71"); connection errors are the rest of `errors`. */
const refusals = (result: LoadResult) =>
  Object.entries(result.statuses)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
/** The 2xx answers by status when there are several kinds (a write that appended, 201, or found it done, 200). */
const successes = (result: LoadResult) => {
  const kinds = Object.entries(result.statuses).filter(([status]) => status.startsWith('2'));
  return kinds.length > 1 ? ` (${kinds.map(([status, count]) => `${status}×${fmt(count)}`).join(' ')})` : '';
};
const line = ({ result, sample, loopWithOpeningMs, cpuUs }: Figures) =>
  `${fmt(result.rps)} req/s${successes(result)} p50 ${ms(result.p50)} p99 ${ms(result.p99)} max ${ms(result.max)}${result.openedInMs === undefined ? '' : ` (all connections answered after ${ms(result.openedInMs)})`} err ${result.errors}${result.errors > 0 ? ` (${refusals(result)})` : ''} loop ${ms(sample.loopDelayMaxMs)}${loopWithOpeningMs === undefined ? '' : ` (${ms(loopWithOpeningMs)} with the opening and closing)`}${cpuUs === undefined ? '' : ` cpu ${fmt(cpuUs.server)} µs a request (system ${fmt(cpuUs.system)}; generator ${fmt(cpuUs.generator)})`}`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-http-bench-'));
  const secret = randomBytes(32).toString('hex');
  const tokens = createTokenService({
    secret: createSecretKey(Buffer.from(secret, 'utf8')),
    expiresInSeconds: 24 * 3600,
  });
  console.log(
    `\nHTTP under load (${fmt(LEARNERS)} learners, ${SECONDS} s a run, the app and the generator on the same machine)`,
  );
  await seed(dir);

  const all = Array.from({ length: LEARNERS }, (_, index) => ({
    index,
    userId: seededUserId(index),
    email: seededEmail(index),
    // A class of learners at home, each from their own address (per-address login limits apply per learner).
    address: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    token: tokens.sign(seededUserId(index)),
  }));
  // The bare baselines run beside the app: each route's run follows a run of its baseline, so that the ratio
  // compares the two at the same moment (this VM's speed drifts by half between runs minutes apart).
  const baseline = spawnProbed(join(__dirname, 'baseline-server.ts'), [dir, '0'], {
    JWT_SECRET: secret,
    BASELINE_USERS: JSON.stringify(all.map((l) => l.userId)),
  });
  const baseUrl = await baseline.url;
  const bare: Record<'read' | 'append', Workload> = {
    read: () => ({ method: 'GET', path: '/read' }),
    append: () => ({ method: 'POST', path: '/append', body: {} }),
  };

  // Started as `npm start` starts it.
  const app = startBenchApp(dir, secret);
  const url = await app.url;
  const started = performance.now();
  const compliant: Learner[] = [];
  await waitFor(
    async () =>
      (await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${all.at(-1)?.token}` } })).ok,
    'the projections caught up with the seeded history',
    300,
  );
  for (const learner of all) {
    const me = (await (
      await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${learner.token}` } })
    ).json()) as { isCompliant?: boolean };
    if (me.isCompliant) compliant.push(learner);
  }
  report(
    'app ready (projections caught up), compliant learners',
    `${fmt((performance.now() - started) / 1000, 1)} s, ${fmt(compliant.length)}`,
  );

  // (a) closed loop per hot route, each right after its bare baseline.
  const closed: Record<string, Figures> = {};
  const base: Record<string, Figures> = {};
  const bareRps: Record<string, number[]> = {};
  // Completing lessons is a write only the first time: each learner completes LESSONS_PER_LEARNER of theirs (nearly
  // all new to them), and the runs at 50 and 200 connections complete the lessons of different halves of the class.
  const halves = [compliant.slice(0, compliant.length >> 1), compliant.slice(compliant.length >> 1)];
  for (const [round, connections] of [50, 200].entries()) {
    for (const [name, workload] of [...Object.entries(reads), ...Object.entries(writes)]) {
      const kind = name.startsWith('GET') ? 'read' : 'append';
      const paired = await run(baseline, baseUrl, all, bare[kind], connections);
      const lessons = workload === lessonDone;
      const figures = lessons
        ? await run(
            app,
            url,
            halves[round] ?? compliant,
            workload,
            connections,
            undefined,
            SECONDS,
            LESSONS_PER_LEARNER,
          )
        : await run(app, url, compliant, workload, connections);
      base[`${name} ${connections}`] = paired;
      closed[`${name} ${connections}`] = figures;
      bareRps[`${kind} ${connections}`] = [...(bareRps[`${kind} ${connections}`] ?? []), paired.result.rps];
      report(
        `${name}, ${connections} conn`,
        `${fmt(figures.result.rps / paired.result.rps, 2)} × baseline`,
        `${line(figures)}; baseline ${fmt(paired.result.rps)} req/s${paired.cpuUs ? `, cpu ${fmt(paired.cpuUs.server)} µs a request (system ${fmt(paired.cpuUs.system)})` : ''}`,
      );
    }
  }
  await baseline.stop();
  for (const [key, values] of Object.entries(bareRps)) {
    const [kind, connections] = key.split(' ');
    report(
      `bare ${kind === 'read' ? 'read (Koa+JWT+SQLite lookup)' : 'durable append'}, ${connections} conn`,
      `${fmt(Math.min(...values))}–${fmt(Math.max(...values))} req/s`,
      `over its ${values.length} runs beside the routes`,
    );
  }
  // The issue's condition on the generator: its cost must not dominate what it measures.
  const range = (values: number[]) => `${fmt(Math.min(...values))}–${fmt(Math.max(...values))} µs`;
  const cpuOf = (runs: Figures[], of: 'server' | 'generator') =>
    runs.flatMap((f) => (f.cpuUs ? [f.cpuUs[of]] : []));
  const bareReads = Object.entries(base)
    .filter(([key]) => key.startsWith('GET'))
    .map(([, figures]) => figures);
  report(
    'load generator: its CPU a request, closed loop',
    range(cpuOf([...Object.values(closed), ...Object.values(base)], 'generator')),
    `the bare read server's: ${range(cpuOf(bareReads, 'server'))}`,
  );
  const lowest = (names: string[]) =>
    Math.min(...names.map((r) => ratio(closed[`${r} 50`], base[`${r} 50`])));
  const readRatio = lowest(Object.keys(reads));
  report('read routes, 50 conn: lowest ratio to the bare read', fmt(readRatio, 2), CONTEXT);
  const modulesVsProgress = rps(closed['GET /api/modules 50']) / rps(closed['GET /api/progress 50']);
  report('GET /api/modules ÷ GET /api/progress, 50 conn', fmt(modulesVsProgress, 2), CONTEXT);
  const writeRatio = lowest(Object.keys(writes));
  report('write routes, 50 conn: lowest ratio to the bare append', fmt(writeRatio, 2), CONTEXT);
  const at200 = Object.entries(closed)
    .filter(([k]) => k.endsWith(' 200'))
    .map(([, f]) => f);
  const tails = Math.max(...at200.map((f) => f.result.p99 / Math.max(1, f.result.p50)));
  const slowest = Math.max(...at200.map((f) => f.result.max));
  const errors200 = at200.reduce((n, f) => n + f.result.errors, 0);
  const loop200 = Math.max(...at200.map((f) => f.sample.loopDelayMaxMs));
  report('200 conn, every route: worst p99 ÷ p50', fmt(tails, 1), `≤ 10  ${verdict(tails <= 10)}`);
  report('200 conn, every route: slowest request', ms(slowest), `≤ 1 s  ${verdict(slowest <= 1000)}`);
  // Not a target: 200 connections opened at the same moment, accepted one per turn of a busy event loop.
  const opening = Math.max(...at200.map((f) => f.result.openedInMs ?? Number.POSITIVE_INFINITY));
  report(
    '200 conn, every route: longest until all had a first answer',
    ms(opening),
    '(200 connections opened at once; not in the figures above)',
  );

  report('200 conn, every route: errors', fmt(errors200), `0  ${verdict(errors200 === 0)}`);
  report(
    '200 conn, every route: event-loop delay max (measured part)',
    ms(loop200),
    `≤ 50 ms  ${verdict(loop200 <= 50)}`,
  );
  // Not a target, shown beside it: the same with the 200 connections opening together and closing together.
  const loopWhole = Math.max(...at200.map((f) => f.loopWithOpeningMs ?? 0));
  report(
    '200 conn, every route: the same with the opening and closing',
    ms(loopWhole),
    '(the connections all opened, and all closed, at once)',
  );

  // (b) the learner mix at fixed arrival rates: up by 1.5 × to the first rate missed, then two bisections
  // between the last rate kept and the first missed, which pin saturation within about a twelfth.
  const served = async (rate: number): Promise<number | undefined> => {
    const figures = await run(app, url, compliant, mix, 200, rate, Math.max(5, SECONDS / 2));
    report(`mix at ${fmt(rate)}/s (200 conn)`, `${fmt(figures.result.rps)} req/s`, line(figures));
    const kept =
      figures.result.rps >= 0.95 * rate && figures.result.errors === 0 && figures.result.p99 < 1000;
    return kept ? figures.result.rps : undefined;
  };
  let saturation = 0;
  let keptRate = 0;
  let missedRate: number | undefined;
  for (let rate = 100; rate <= 20_000; rate = Math.round(rate * 1.5)) {
    const rps = await served(rate);
    if (rps === undefined) {
      missedRate = rate;
      break;
    }
    saturation = rps;
    keptRate = rate;
  }
  for (let step = 0; step < 2 && keptRate > 0 && missedRate !== undefined; step++) {
    const rate = Math.round((keptRate + missedRate) / 2);
    const rps = await served(rate);
    if (rps === undefined) missedRate = rate;
    else {
      saturation = rps;
      keptRate = rate;
    }
  }
  report('mix: saturation (highest rate served in time, no error)', `${fmt(saturation)} req/s`);
  for (const share of saturation === 0 ? [] : [0.5, 0.8]) {
    const figures = await run(app, url, compliant, mix, 200, Math.max(1, Math.round(saturation * share)));
    report(
      `mix at ${share * 100}% of saturation: p99`,
      ms(figures.result.p99),
      `${CONTEXT}  (${line(figures)})`,
    );
    // Where the tail comes from: each route's p50 / p99 within the mix.
    for (const [route, times] of Object.entries(figures.result.routes ?? {}))
      report(`  ${route}`, `${ms(times.p50)} / ${ms(times.p99)}`, `p50 / p99, ${fmt(times.count)} answers`);
  }

  // (c) reads while 50 logins a second arrive, each on a connection of its own as from 50 learners' browsers
  // (a small pool would queue the logins in the generator, where the server's limits never see them).
  const quiet = await run(app, url, compliant, reads['GET /api/dashboard'] as Workload, 50);
  const [storm, logins] = await Promise.all([
    run(app, url, compliant, reads['GET /api/dashboard'] as Workload, 50),
    driveAtRate({
      url,
      learners: compliant,
      workload: login,
      connections: 200,
      seconds: SECONDS,
      rate: 50,
    }),
  ]);
  const stormRatio = storm.result.p99 / Math.max(1, quiet.result.p99);
  report(
    'reads during 50 logins/s: p99 ÷ quiet p99',
    fmt(stormRatio, 2),
    `≤ 2  ${verdict(stormRatio <= 2)}  (quiet ${ms(quiet.result.p99)}, storm ${ms(storm.result.p99)})`,
  );
  // Past the password lanes a login is refused at once (503 busy) rather than left to wait.
  report(
    "the storm's logins: signed in / refused busy, p50 / p99",
    `${fmt(logins.statuses['200'] ?? 0)} / ${fmt(logins.statuses['503'] ?? 0)}, ${ms(logins.p50)} / ${ms(logins.p99)}`,
    `(${fmt(logins.rps)} req/s answered, other errors ${fmt(logins.errors - (logins.statuses['503'] ?? 0))})`,
  );

  // One learner's 50 concurrent independent writes: every one answered 2xx, each recorded once.
  const [one, fresh, long] = compliant;
  if (!one || !fresh || !long) throw new Error('too few compliant learners');
  const before = await quizAnswersOf(dir, one);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, n) =>
      call(url, one, {
        method: 'POST',
        path: '/api/quiz/attempt',
        body: { questionId: 100 + (n % 8) + 1, selectedAnswer: n % 4 },
      }),
    ),
  );
  const ok2xx = answers.filter((status) => status >= 200 && status < 300).length;
  const recorded = (await quizAnswersOf(dir, one)) - before;
  report(
    'one learner, 50 concurrent quiz answers: 2xx / recorded',
    `${ok2xx} / ${recorded}`,
    `50 / 50  ${verdict(ok2xx === 50 && recorded === 50)}`,
  );

  // One write on a 500-event stream against one on a fresh stream: quiz answers, which always append, timed
  // in turns (fresh, long, fresh, …) so that whatever else the machine does falls on both alike.
  for (let n = 0; n < 500; n++) await call(url, long, quizAnswer(long, n));
  const times = { fresh: [] as number[], long: [] as number[] };
  for (let n = 0; n < 200; n++) {
    for (const [name, learner] of [
      ['fresh', fresh],
      ['long', long],
    ] as const) {
      const started = performance.now();
      await call(url, learner, quizAnswer(learner, 500 + n));
      times[name].push(performance.now() - started);
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const freshMs = median(times.fresh);
  const longMs = median(times.long);
  report(
    'one write, 500-event stream ÷ fresh stream (median)',
    fmt(longMs / freshMs, 2),
    `≤ 1.2  ${verdict(longMs / freshMs <= 1.2)}  (${ms(longMs)} vs ${ms(freshMs)})`,
  );

  // Soak: the mix at half saturation for a few minutes; resident memory sampled every 10 s.
  const rss: number[] = [];
  const soak = driveAtRate({
    url,
    learners: compliant,
    workload: mix,
    connections: 200,
    seconds: SOAK_SECONDS,
    rate: Math.max(1, Math.round(saturation / 2)),
  });
  const sampler = setInterval(() => void app.sample().then((s) => rss.push(s.rssMb)), 10_000);
  const soaked = await soak;
  clearInterval(sampler);
  rss.push((await app.sample()).rssMb);
  const third = Math.max(1, Math.floor(rss.length / 3));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const rising = mean(rss.slice(-third)) > 1.1 * mean(rss.slice(0, third));
  const peak = Math.max(...rss);
  report(
    `RSS over a ${SOAK_SECONDS} s mixed run: first → last third, peak`,
    `${fmt(mean(rss.slice(0, third)))} → ${fmt(mean(rss.slice(-third)))} MB, ${fmt(peak)} MB`,
    `no upward trend, ≤ 400 MB  ${verdict(!rising && peak <= 400)}  (${fmt(soaked.rps)} req/s, err ${soaked.errors} ${refusals(soaked)})`,
  );
  report('  its samples, every 10 s (MB)', '', rss.map((mb) => fmt(mb)).join(' '));

  await app.stop();
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `\nresults: ${http.write({ learners: LEARNERS, secondsPerRun: SECONDS, soakSeconds: SOAK_SECONDS })}`,
  );
}

const rps = (f: Figures | undefined) => f?.result.rps ?? Number.NaN;
const ratio = (f: Figures | undefined, b: Figures | undefined) => rps(f) / rps(b);

async function call(url: string, learner: Learner, c: Call): Promise<number> {
  const response = await fetch(`${url}${c.path}`, {
    method: c.method,
    headers: {
      authorization: `Bearer ${learner.token}`,
      'content-type': 'application/json',
      'x-forwarded-for': learner.address,
    },
    ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** How many quiz answers the learner's stream holds, read from the log itself (SQLite WAL: a second reader). */
async function quizAnswersOf(dir: string, learner: Learner): Promise<number> {
  const log = new SqliteEventLog({ file: join(dir, 'events.db') });
  try {
    const events = await log.readStream(streams.learning(learner.userId));
    return events.filter((e) => e.type === 'QuizQuestionAnswered').length;
  } finally {
    await log.close();
  }
}

if (process.env.BENCH_ONLY && !process.env.BENCH_ONLY.split(',').includes('http')) process.exit(0);
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
