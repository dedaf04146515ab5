/**
 * GET /api/dashboard after a scripted history on the whole stack: lessons, two
 * module quizzes with known scores and their retakes, a psychology assessment and its retake — the
 * dashboard read model holds that history and the answer equals the dashboard's formulas (docs/product.md).
 */

import type { Dashboard } from '@tickwise/contracts';
import { activeCollection, type DashboardDoc, type ModuleDoc } from '@tickwise/projections';
import { dashboardOf } from '@tickwise/query-service';
import {
  compliantLearner,
  DASHBOARD,
  type Learner,
  loadCourse,
  MIXED_SCORES,
  MIXED_SHEET,
  type Stack,
  startPsychologyStack,
  submitSheet,
  testClock,
  uniformSheet,
} from '../../../src/testing';

const HOUR = 3_600_000;
const COURSE = loadCourse();
const titleOf = (moduleId: number) => COURSE.modules.find((m) => m.id === moduleId)?.title ?? '';
const clock = testClock();
let stack: Stack;
let learner: Learner;
beforeAll(async () => {
  stack = await startPsychologyStack(clock, { storage: 'memory' });
  learner = await compliantLearner(stack, 'dashboard');
});
afterAll(async () => {
  await stack?.close();
});

const lesson = async (moduleId: number, lessonId: number) => {
  const res = await learner.post('/api/progress', { moduleId, lessonId, completed: true });
  expect(res.status).toBe(201);
};

/** Answers every question of the module's quiz (the first `right` rightly), then completes the quiz. */
async function takeQuiz(moduleId: number, right: number) {
  const quiz = COURSE.modules.find((m) => m.id === moduleId)?.quiz ?? [];
  for (const [index, q] of quiz.entries()) {
    const correct = q.correctAnswer - 1;
    const selectedAnswer = index < right ? correct : (correct + 1) % q.options.length;
    const res = await learner.post('/api/quiz/attempt', { questionId: q.id, selectedAnswer });
    expect(res.status).toBe(201);
  }
  const done = await learner.post('/api/progress', { moduleId, lessonId: null, completed: true });
  expect(done.status).toBe(201);
  return { total: quiz.length, at: String(done.body.createdAt) };
}

const dashboard = async (): Promise<Dashboard> => {
  const res = await learner.get(DASHBOARD);
  expect(res.status).toBe(200);
  return res.body as Dashboard;
};

test('the authored quizzes these scores assume: module 1 has 10 questions, modules 2 and 3 have 11', () => {
  expect(COURSE.modules.slice(0, 3).map((m) => m.quiz.length)).toEqual([10, 11, 11]);
  expect(COURSE.modules).toHaveLength(12);
});

test('a new compliant learner: 0 %, no scores, every module at 0, no activity, Continue module 1 and the assessment', async () => {
  expect(await dashboard()).toEqual({
    courseProgress: 0,
    quizAverage: null,
    eqScore: null,
    stressResilience: null,
    moduleProgress: COURSE.modules.map((m) => ({ moduleId: m.id, title: m.title, progress: 0 })),
    recentActivity: [],
    recommendations: [
      {
        kind: 'continue_module',
        title: `Continue ${titleOf(1)}`,
        description: '4 lessons remaining',
        href: '/course',
      },
      {
        kind: 'psychology_assessment',
        title: 'Take the Trading Psychology Assessment',
        description: expect.any(String),
        href: '/trading-psychology-assessment',
      },
    ],
  });
});

describe('after a scripted history', () => {
  const times: string[] = [];
  let psychologyAt = '';
  beforeAll(async () => {
    for (const id of [1, 2, 3, 4]) await lesson(1, id);
    for (const id of [5, 6, 7, 8]) await lesson(2, id);
    await lesson(3, 9);
    // Quiz scores: 7/10 = 70, 3/11 = 27.3 → 27, then retakes 10/10 = 100 and 5/11 = 45.5 → 45.
    for (const [moduleId, right] of [
      [1, 7],
      [2, 3],
      [1, 10],
      [2, 5],
    ] as const) {
      clock.advance(HOUR);
      times.push((await takeQuiz(moduleId, right)).at);
    }
  });

  test('each quiz happened at its own hour', () => {
    expect(new Set(times).size).toBe(4);
    expect([...times].sort()).toEqual(times);
  });

  test('before any psychology assessment: no EQ, no resilience, the assessment still recommended', async () => {
    const now = await dashboard();
    expect(now.eqScore).toBeNull();
    expect(now.stressResilience).toBeNull();
    expect(now.recommendations.map((r) => r.kind)).toEqual(['continue_module', 'psychology_assessment']);
  });

  test('after an assessment and its retake: the read model holds the history', async () => {
    clock.advance(HOUR);
    expect((await submitSheet(learner, uniformSheet(3))).status).toBe(201);
    clock.advance(HOUR);
    const retake = await submitSheet(learner, MIXED_SHEET);
    expect(retake.status).toBe(201);
    psychologyAt = String(retake.body.completedAt);
    await dashboard(); // waits (X-Min-Position) until the projections have caught up with the retake
    const collection = await activeCollection(stack.queryDeps.store, 'dashboard', 'learners');
    const doc = await stack.queryDeps.store.get<DashboardDoc>(collection, learner.userId);
    expect(doc).toEqual({
      id: learner.userId,
      lessons: { 1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9] },
      quizResults: [
        { moduleId: 1, score: 70, completedAt: times[0] },
        { moduleId: 2, score: 27, completedAt: times[1] },
        { moduleId: 1, score: 100, completedAt: times[2] },
        { moduleId: 2, score: 45, completedAt: times[3] },
      ],
      moduleCompletions: [
        { moduleId: 1, completedAt: times[0] },
        { moduleId: 2, completedAt: times[1] },
      ],
      psychology: {
        emotionalIntelligence: 100,
        stressResilience: 70,
        overallScore: 51,
        traderArchetype: 'In-the-Moment Trader',
        completedAt: psychologyAt,
      },
    });
  });

  test('GET /api/dashboard equals the dashboard’s formulas worked by hand', async () => {
    const now = await dashboard();
    expect(now).toEqual({
      // 2 of 12 modules have their quiz done: 16.7 → 17.
      courseProgress: 17,
      // (70 + 27 + 100 + 45) / 4 = 60.5 → 61 (Quiz Average is the rounded mean).
      quizAverage: 61,
      eqScore: MIXED_SCORES.emotionalIntelligence,
      stressResilience: MIXED_SCORES.stressResilience,
      // Modules 1 and 2: 4 lessons + quiz → 100; module 3: 1 lesson → 20; the rest 0.
      moduleProgress: COURSE.modules.map((m) => ({
        moduleId: m.id,
        title: m.title,
        progress: m.id <= 2 ? 100 : m.id === 3 ? 20 : 0,
      })),
      // The 2 latest quiz results (hours 4 and 3) and the 2 latest module completions (hours 2 and 1),
      // newest first, 3 shown.
      recentActivity: [
        { kind: 'quiz_completed', title: 'Scored 45% on the Module 2 Quiz', at: times[3] },
        { kind: 'quiz_completed', title: 'Scored 100% on the Module 1 Quiz', at: times[2] },
        { kind: 'module_completed', title: `Completed ${titleOf(2)}`, at: times[1] },
      ],
      // Module 3 is the first with fewer than 4 lessons; an assessment exists, so no psychology step.
      recommendations: [
        {
          kind: 'continue_module',
          title: `Continue ${titleOf(3)}`,
          description: '3 lessons remaining',
          href: '/course',
        },
      ],
    });
  });

  test('and equals dashboardOf over the stored read model and the published modules', async () => {
    const now = await dashboard();
    const store = stack.queryDeps.store;
    const doc = await store.get<DashboardDoc>(
      await activeCollection(store, 'dashboard', 'learners'),
      learner.userId,
    );
    const modules = (await store.find<ModuleDoc>(await activeCollection(store, 'catalog', 'modules')))
      .toSorted((a, b) => a.moduleId - b.moduleId)
      .map((m) => ({ id: m.moduleId, title: m.title, lessonCount: m.lessonIds.length }));
    expect(doc).toBeDefined();
    if (doc) expect(now).toEqual(dashboardOf(doc, modules));
  });

  test('the projections followed the log without an error', () => {
    expect(stack.projectionErrors).toEqual([]);
  });
});
