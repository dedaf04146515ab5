/**
 * Review and mastery through the whole stack with a clock the test moves: a quiz question missed on the first
 * try comes back when its schedule says so (question and options only), a right review sends it away, and the
 * module's mastery follows. Only a missed question can be reviewed.
 */
import { rebuild, reviewProjection } from '@tickwise/projections';
import {
  compliantLearner,
  type Learner,
  loadCourse,
  type Stack,
  startCourseStack,
  type TestClock,
  testClock,
} from '../../../src/testing';

const T0 = '2027-03-01T09:00:00.000Z';
const minutes = (n: number) => new Date(Date.parse(T0) + n * 60_000);

const MODULE_1 = loadCourse().modules[0];
const QUESTION = MODULE_1?.quiz[0];
if (!QUESTION) throw new Error('module 1 has no quiz question');
const RIGHT = QUESTION.correctAnswer - 1;
const WRONG = RIGHT === 0 ? 1 : 0;

let clock: TestClock;
let stack: Stack;
let learner: Learner;
beforeAll(async () => {
  clock = testClock(T0);
  stack = await startCourseStack({ storage: 'memory', clock });
  learner = await compliantLearner(stack, 'review');
});
afterAll(() => stack.close());

const queue = async () => {
  const res = await learner.get('/api/review');
  expect(res.status).toBe(200);
  return res.body as Array<Record<string, unknown>>;
};
const masteryOf = async (moduleId: number) => {
  const res = await learner.get('/api/mastery');
  expect(res.status).toBe(200);
  return (
    res.body as Array<{ moduleId: number; level: string; answered: number; right: number; due: number }>
  ).find((m) => m.moduleId === moduleId);
};

test('a missed quiz question is due 10 minutes later, with its question and options only', async () => {
  clock.set(minutes(0));
  expect(
    (await learner.post('/api/quiz/attempt', { questionId: QUESTION.id, selectedAnswer: WRONG })).status,
  ).toBe(201);
  expect(await queue()).toEqual([]);
  expect(await masteryOf(1)).toMatchObject({ level: 'Attempted', answered: 1, right: 0, due: 0 });

  clock.set(minutes(10));
  const [item, ...rest] = await queue();
  expect(rest).toEqual([]);
  expect(item).toEqual({
    kind: 'quiz',
    itemId: QUESTION.id,
    lessonId: null,
    moduleId: 1,
    question: QUESTION.question,
    options: QUESTION.options,
    due: minutes(10).toISOString(),
  });
  expect(await masteryOf(1)).toMatchObject({ due: 1 });
});

test('a wrong review keeps it coming back; a right one sends it away for a day, with the feedback', async () => {
  clock.set(minutes(10));
  const wrong = await learner.post('/api/review/answers', {
    kind: 'quiz',
    itemId: QUESTION.id,
    lessonId: null,
    selectedAnswer: WRONG,
  });
  expect(wrong.status).toBe(201);
  expect(wrong.body).toMatchObject({ isCorrect: false, correctAnswer: QUESTION.correctAnswer });
  clock.set(minutes(20));
  expect((await queue()).map((i) => i.itemId)).toEqual([QUESTION.id]);

  const right = await learner.post('/api/review/answers', {
    kind: 'quiz',
    itemId: QUESTION.id,
    lessonId: null,
    selectedAnswer: RIGHT,
  });
  expect(right.status).toBe(201);
  expect(right.body).toMatchObject({
    isCorrect: true,
    correctAnswer: QUESTION.correctAnswer,
    explanation: QUESTION.explanation,
  });
  expect(await queue()).toEqual([]);
  expect(await masteryOf(1)).toMatchObject({ right: 1, due: 0 });

  clock.set(new Date(minutes(20).getTime() + 24 * 3_600_000));
  expect((await queue()).map((i) => i.itemId)).toEqual([QUESTION.id]);
});

test('a question never missed cannot be reviewed (422), an unknown one is 404; neither appends', async () => {
  const other = MODULE_1?.quiz[1];
  if (!other) throw new Error('module 1 has one question');
  const before = await stack.eventsAfter('0');
  const notMissed = await learner.post('/api/review/answers', {
    kind: 'quiz',
    itemId: other.id,
    lessonId: null,
    selectedAnswer: 0,
  });
  expect(notMissed.status).toBe(422);
  expect(notMissed.body).toEqual({ error: expect.stringContaining('not in your review queue') });
  const unknown = await learner.post('/api/review/answers', {
    kind: 'quiz',
    itemId: 99_999,
    lessonId: null,
    selectedAnswer: 0,
  });
  expect(unknown.status).toBe(404);
  expect(await stack.eventsAfter('0')).toHaveLength(before.length);
});

test('mastery has one entry per module, each named by its moduleId', async () => {
  const res = await learner.get('/api/mastery');
  expect((res.body as Array<{ moduleId: number }>).map((m) => m.moduleId)).toEqual([
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
  ]);
});

test('rebuilding the review read model from the log gives the same queue and mastery as live', async () => {
  const live = { queue: await queue(), mastery: (await learner.get('/api/mastery')).body };
  await rebuild(stack.storage, reviewProjection);
  expect({ queue: await queue(), mastery: (await learner.get('/api/mastery')).body }).toEqual(live);
});
