/**
 * The course catalog over HTTP on the whole stack, with the authored course published as at start-up:
 * GET /api/modules, /api/modules/{id}/lessons and /api/modules/{id}/quiz, for compliant learners only.
 */

import type { Stack } from '../../../src/testing';
import {
  compliantLearner,
  type Learner,
  loadCourse,
  registerLearner,
  startCourseStack,
} from '../../../src/testing';

let stack: Stack;
let learner: Learner;
beforeAll(async () => {
  stack = await startCourseStack({ storage: 'memory' });
  learner = await compliantLearner(stack, 'catalog');
});
afterAll(async () => {
  await stack?.close();
});

const COURSE = loadCourse();
const levelOf = (id: number) => (id <= 4 ? 'BEGINNER' : id <= 8 ? 'INTERMEDIATE' : 'ADVANCED');

interface ModuleBody {
  id: number;
  title: string;
  description: string;
  level: string;
  duration: number;
}

describe('GET /api/modules', () => {
  test('12 modules in order with exactly id, title, description, level, duration', async () => {
    const res = await learner.get('/api/modules');
    expect(res.status).toBe(200);
    const modules = res.body as ModuleBody[];
    expect(modules.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const module of modules) {
      expect(Object.keys(module).sort()).toEqual(['description', 'duration', 'id', 'level', 'title']);
    }
  });

  test('levels by tier: 1-4 BEGINNER, 5-8 INTERMEDIATE, 9-12 ADVANCED', async () => {
    const modules = (await learner.get('/api/modules')).body as ModuleBody[];
    expect(modules.map((m) => [m.id, m.level])).toEqual(modules.map((m) => [m.id, levelOf(m.id)]));
  });

  test('title and description from module.md; duration = the sum of the module’s lesson durations', async () => {
    const modules = (await learner.get('/api/modules')).body as ModuleBody[];
    expect(modules).toEqual(
      COURSE.modules.map((m) => ({
        id: m.id,
        title: m.title,
        description: m.description,
        level: m.level,
        duration: m.lessons.reduce((sum, l) => sum + l.duration, 0),
      })),
    );
    expect(modules[0]).toMatchObject({ id: 1, title: 'What Futures Are', level: 'BEGINNER' });
  });
});

describe('GET /api/modules/{id}/lessons', () => {
  test('module 1: its 4 lessons in order, each exactly {id, title, description, duration, videoUrl, content, checks}', async () => {
    const res = await learner.get('/api/modules/1/lessons');
    expect(res.status).toBe(200);
    const lessons = res.body as Array<Record<string, unknown>>;
    expect(lessons.map((l) => l.id)).toEqual([1, 2, 3, 4]);
    for (const lesson of lessons) {
      expect(Object.keys(lesson).sort()).toEqual([
        'checks',
        'content',
        'description',
        'duration',
        'id',
        'title',
        'videoUrl',
      ]);
    }
    expect(lessons[0]).toMatchObject({ title: 'Futures in Plain Words', videoUrl: null });
    expect(String(lessons[0]?.content)).toMatch(/^## Overview\n/);
    const authored = COURSE.modules[0]?.lessons ?? [];
    expect(lessons).toEqual(
      authored.map((l) => ({
        id: l.id,
        title: l.title,
        description: l.description,
        duration: l.duration,
        videoUrl: l.videoUrl,
        content: l.content,
        checks: l.checks.map((c) => ({ id: c.id, question: c.question, options: c.options, answer: null })),
      })),
    );
  });

  test('every module answers its own four lessons, in file order', async () => {
    for (const module of COURSE.modules) {
      const res = await learner.get(`/api/modules/${module.id}/lessons`);
      expect(res.status).toBe(200);
      expect((res.body as Array<{ id: number }>).map((l) => l.id)).toEqual(module.lessons.map((l) => l.id));
    }
  });
});

describe('GET /api/modules/{id}/quiz', () => {
  test('module 1: its questions with their options only — no answer key, explanation or whyWrong before an answer', async () => {
    const res = await learner.get('/api/modules/1/quiz');
    expect(res.status).toBe(200);
    const questions = res.body as Array<Record<string, unknown>>;
    for (const q of questions) expect(Object.keys(q).sort()).toEqual(['id', 'options', 'question']);
    expect(questions).toEqual(
      (COURSE.modules[0]?.quiz ?? []).map((q) => ({ id: q.id, question: q.question, options: q.options })),
    );
    // Not anywhere in the reply either (e.g. nested or under another name).
    for (const q of COURSE.modules[0]?.quiz ?? []) {
      expect(res.text).not.toContain(q.explanation);
      for (const why of Object.values(q.whyWrong)) expect(res.text).not.toContain(why);
    }
    expect(res.text).not.toMatch(/correctAnswer|explanation|whyWrong/);
  });

  test('every module answers its own quiz', async () => {
    for (const module of COURSE.modules) {
      const res = await learner.get(`/api/modules/${module.id}/quiz`);
      expect(res.status).toBe(200);
      expect((res.body as Array<{ id: number }>).map((q) => q.id)).toEqual(module.quiz.map((q) => q.id));
    }
  });
});

describe('unknown or malformed module ids', () => {
  test.each(['lessons', 'quiz'])('/api/modules/13/%s → 404 {error}', async (what) => {
    const res = await learner.get(`/api/modules/13/${what}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Module 13 not found' });
  });

  test.each([
    ['0', 'lessons'],
    ['0', 'quiz'],
    ['abc', 'lessons'],
    ['abc', 'quiz'],
    ['1.5', 'lessons'],
    ['-1', 'quiz'],
  ])('/api/modules/%s/%s → 400 {error} naming the id', async (id, what) => {
    const res = await learner.get(`/api/modules/${id}/${what}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringMatching(/^id: /) });
  });
});

describe('access', () => {
  let notCompliant: Learner | undefined;
  test('a fresh compliant learner has no progress and no quiz results yet', async () => {
    const fresh = await compliantLearner(stack, 'catalog-fresh');
    const progress = await fresh.get('/api/progress');
    expect(progress.status).toBe(200);
    expect(progress.body).toEqual([]);
    const results = await fresh.get('/api/quiz-results');
    expect(results.status).toBe(200);
    expect(results.body).toEqual([]);
  });

  test.each([
    '/api/modules',
    '/api/modules/1/lessons',
    '/api/modules/1/quiz',
    '/api/modules/13/quiz',
    '/api/progress',
    '/api/quiz-results',
  ])('a learner who is not compliant: GET %s → 403 {error}', async (path) => {
    notCompliant ??= await registerLearner(stack, 'catalog-403');
    const res = await notCompliant.get(path);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: expect.stringMatching(/compliance required/i) });
  });

  test.each(['/api/modules', '/api/modules/1/lessons', '/api/progress', '/api/quiz-results'])(
    'without a token: GET %s → 401 {error}',
    async (path) => {
      const res = await stack.client().get(path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
    },
  );

  test('the projections followed the log without an error', () => {
    expect(stack.projectionErrors).toEqual([]);
  });
});
