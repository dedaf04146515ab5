/**
 * Rebuild under load: blue/green rebuilds over a seeded history while queries that read the projection keep
 * coming. No query fails, none sees an empty or partial read model (every answer equals the one from before
 * the rebuild), and the projection ends live on a new generation. Started through the API by an analyst (202;
 * unknown name 404), and by the CLI in another process, as the split topology runs it: there GET
 * /api/admin/projections shows the rebuild with its progress, and starting the same rebuild again meanwhile
 * is 409.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ProjectionStatus, RebuildStarted } from '@tickwise/contracts';
import { allProjections, readState, waitForProjections } from '@tickwise/projections';
import { seedHistory } from '@tickwise/projections/bench/history';
import {
  loadCourse,
  type Person,
  passGate,
  register,
  registerWithRole,
  type Stack,
  startStack,
} from '../../../src/testing';

const LEARNERS = 600;
const ROOT = join(__dirname, '..', '..', '..', '..');

let stack: Stack;
let analyst: Person;
let learner: Person;

beforeAll(async () => {
  stack = await startStack({ publishContent: true, env: { MIN_READ_SECONDS: '0' } });
  analyst = await registerWithRole(stack, 'analyst');
  learner = await register(stack, { label: 'under-load' });
  await passGate(learner);
  for (const lesson of loadCourse().modules[0]?.lessons ?? []) {
    expect(
      (await learner.post('/api/progress', { moduleId: 1, lessonId: lesson.id, completed: true })).status,
    ).toBe(201);
  }
  expect((await learner.post('/api/quiz/attempt', { questionId: 101, selectedAnswer: 1 })).status).toBe(201);
  expect((await learner.post('/api/progress', { moduleId: 1, lessonId: null, completed: true })).status).toBe(
    201,
  );

  await seedHistory(stack.storage.log, LEARNERS);
  const head = await stack.head();
  const names = allProjections.map((p) => p.name);
  expect(await waitForProjections(stack.storage.store, names, head, 60_000)).toBe(true);
  analyst.saw(head);
  learner.saw(head);
}, 90_000);
afterAll(async () => {
  await stack?.close();
});

const versionOf = (name: string) => allProjections.find((p) => p.name === name)?.version ?? 0;
const generationOf = async (name: string) =>
  (await readState(stack.storage.store, name))?.activeGeneration ?? 0;
const statusOf = async (name: string): Promise<ProjectionStatus> => {
  const res = await analyst.get('/api/admin/projections');
  expect(res.status).toBe(200);
  const found = (res.body as ProjectionStatus[]).find((p) => p.name === name);
  if (!found) throw new Error(`no projection ${name} in the status list`);
  return found;
};

interface Probe {
  who: Person;
  path: string;
}

/** Queries the probes in a loop until stopped; every answer is kept with the time it arrived. */
async function startLoad(probes: readonly Probe[]) {
  const baseline = new Map<string, string>();
  for (const { who, path } of probes) {
    const res = await who.get(path);
    expect(res.status).toBe(200);
    baseline.set(path, JSON.stringify(res.body));
  }
  const answers: Array<{ path: string; status: number; body: string; at: number }> = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const { who, path } of probes) {
        const res = await who.get(path);
        answers.push({ path, status: res.status, body: JSON.stringify(res.body), at: Date.now() });
      }
    }
  })();
  return {
    answers,
    async stop() {
      running = false;
      await loop;
      // One more round, on whatever generation serves now.
      for (const { who, path } of probes) {
        const res = await who.get(path);
        answers.push({ path, status: res.status, body: JSON.stringify(res.body), at: Date.now() });
      }
      return answers.filter((a) => a.status !== 200 || a.body !== baseline.get(a.path));
    },
  };
}

/** Polls until the projection is live on a generation after `before`; returns every status seen. */
async function untilLiveAfter(name: string, before: number) {
  const seen: Array<ProjectionStatus & { at: number }> = [];
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const status = await statusOf(name);
    seen.push({ ...status, at: Date.now() });
    const state = await readState(stack.storage.store, name);
    if (status.state === 'live' && state && !state.building && state.activeGeneration > before) return seen;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${name} did not come back live on a new generation`);
}

const describeWrong = (wrong: ReadonlyArray<{ path: string; status: number; body: string }>) =>
  wrong.map((a) => `${a.path}: ${a.status} ${a.body.slice(0, 200)}`);

test('through the API: a learner’s progress and quiz results stay whole while learning is rebuilt', async () => {
  const progress = (await learner.get('/api/progress')).body as unknown[];
  expect(progress).toHaveLength(5);
  const before = await generationOf('learning');
  const load = await startLoad([
    { who: learner, path: '/api/progress' },
    { who: learner, path: '/api/quiz-results' },
  ]);
  const started = await analyst.post('/api/admin/projections/learning/rebuild');
  expect(started.status).toBe(202);
  expect(started.body as RebuildStarted).toEqual({
    name: 'learning',
    targetVersion: versionOf('learning'),
    startedAt: expect.any(String),
  });
  const seen = await untilLiveAfter('learning', before);
  const wrong = await load.stop();
  expect(describeWrong(wrong)).toEqual([]);
  expect(load.answers.length).toBeGreaterThan(2);
  expect(seen[seen.length - 1]).toMatchObject({ name: 'learning', state: 'live', rebuild: null, lag: 0 });
  expect(await generationOf('learning')).toBe(before + 1);
  // Nothing was lost in the switch: the learner still has all of it.
  expect((await learner.get('/api/progress')).body).toEqual(progress);
}, 60_000);

test('by the CLI in another process: analytics keep serving the current generation, the status shows the progress, a second start is 409', async () => {
  const before = await generationOf('analytics');
  const funnel = (await analyst.get('/api/analytics/funnel')).body as Array<{ learners: number }>;
  expect(funnel[0]?.learners).toBe(LEARNERS + 2);
  const load = await startLoad(
    [
      '/api/analytics/funnel',
      '/api/analytics/modules',
      '/api/analytics/quiz-items',
      '/api/analytics/compliance',
    ].map((path) => ({ who: analyst, path })),
  );
  const cli: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'projections/src/cli.ts'), 'rebuild', 'analytics'],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: stack.dir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  cli.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  cli.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => cli.on('exit', resolve));

  // While it runs, the status route shows it and a second start is refused.
  const conflicts: number[] = [];
  const seen: Array<ProjectionStatus & { at: number }> = [];
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const status = await statusOf('analytics');
    seen.push({ ...status, at: Date.now() });
    if (status.state === 'rebuilding' && conflicts.length === 0) {
      conflicts.push((await analyst.post('/api/admin/projections/analytics/rebuild')).status);
    }
    const state = await readState(stack.storage.store, 'analytics');
    if (status.state === 'live' && state && !state.building && state.activeGeneration > before) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(await exited).toBe(0);
  const wrong = await load.stop();

  expect(output).toMatch(/analytics: rebuilt generation \d+ from \d+ events/);
  const rebuilding = seen.filter((s) => s.state === 'rebuilding');
  expect(rebuilding.length).toBeGreaterThan(0);
  expect(rebuilding.every((s) => s.rebuild?.targetVersion === versionOf('analytics'))).toBe(true);
  const progressed = rebuilding.filter((s) => (s.rebuild?.processed ?? 0) > 0);
  expect(progressed.length).toBeGreaterThan(0);
  for (const s of progressed) {
    expect(s.rebuild?.processed).toBeLessThanOrEqual(s.rebuild?.total ?? 0);
    expect(s.rebuild?.eventsPerSecond).toBeGreaterThan(0);
  }
  expect(conflicts).toEqual([409]);
  expect(seen[seen.length - 1]).toMatchObject({ name: 'analytics', state: 'live', rebuild: null });
  expect(await generationOf('analytics')).toBe(before + 1);

  // Queries were answered while it rebuilt, and every answer was the whole read model.
  const from = rebuilding[0]?.at ?? 0;
  const until = seen[seen.length - 1]?.at ?? 0;
  expect(load.answers.filter((a) => a.at >= from && a.at <= until).length).toBeGreaterThan(0);
  expect(describeWrong(wrong)).toEqual([]);
}, 60_000);

test('an unknown projection is 404; a learner may not start a rebuild (403)', async () => {
  const unknown = await analyst.post('/api/admin/projections/no-such-projection/rebuild');
  expect(unknown.status).toBe(404);
  expect(unknown.body).toEqual({ error: expect.any(String) });
  expect((await learner.post('/api/admin/projections/learning/rebuild')).status).toBe(403);
});
