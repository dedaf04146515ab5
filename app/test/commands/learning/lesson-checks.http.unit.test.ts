/**
 * 'Check your understanding' over HTTP on the whole stack: GET
 * /api/modules/:id/lessons serves each lesson's checks without their key until the learner has answered;
 * POST /api/lessons/:lessonId/checks/:checkId/answer grades on the server, records one LessonCheckAnswered
 * per submission and answers the feedback, which GET lessons then shows again. Checks never touch progress
 * or quiz scores. Every refused answer appends nothing.
 */
import { streams } from '@tickwise/contracts';
import type { Stack } from '../../../src/testing';
import {
  appendedBy,
  compliantLearner,
  type Learner,
  loadCourse,
  publishCourse,
  registerLearner,
  startCourseStack,
} from '../../../src/testing';

let stack: Stack;
let learner: Learner;
beforeAll(async () => {
  stack = await startCourseStack({ storage: 'memory' });
  learner = await compliantLearner(stack, 'checks');
});
afterAll(async () => {
  await stack?.close();
});

const COURSE = loadCourse();
const LESSONS = COURSE.modules[0]?.lessons ?? [];
const lessonAt = (index: number) => {
  const lesson = LESSONS[index];
  if (!lesson || lesson.checks.length === 0) throw new Error(`module 1 lesson ${index + 1} has no checks`);
  return lesson;
};
const LESSON_1 = lessonAt(0);
const LESSON_2 = lessonAt(1);
const CHECK = LESSON_1.checks[0] as (typeof LESSON_1.checks)[number];
const RIGHT = CHECK.correctAnswer - 1;
const WRONG = RIGHT === 0 ? 1 : 0;
const answerPath = (lessonId: number | string, checkId: number | string) =>
  `/api/lessons/${lessonId}/checks/${checkId}/answer`;

interface LessonBody {
  id: number;
  checks: Array<{ id: number; question: string; options: string[]; answer: Record<string, unknown> | null }>;
}
const lessonsOf = async (who: Learner) => {
  const res = await who.get('/api/modules/1/lessons');
  expect(res.status).toBe(200);
  return { text: res.text, lessons: res.body as LessonBody[] };
};

test('GET lessons: every lesson’s checks with question and options only, answer null, no key anywhere', async () => {
  const fresh = await compliantLearner(stack, 'checks-fresh');
  const { text, lessons } = await lessonsOf(fresh);
  expect(lessons.map((l) => l.checks)).toEqual(
    LESSONS.map((l) =>
      l.checks.map((c) => ({ id: c.id, question: c.question, options: c.options, answer: null })),
    ),
  );
  for (const lesson of LESSONS) {
    for (const check of lesson.checks) {
      expect(text).not.toContain(check.explanation);
      for (const why of Object.values(check.whyWrong)) expect(text).not.toContain(why);
    }
  }
  expect(text).not.toMatch(/correctAnswer|explanation|whyWrong/);
});

test('a wrong answer → 201 with the feedback and X-Position; one LessonCheckAnswered on the learning stream', async () => {
  const { result: res, events } = await appendedBy(stack, () =>
    learner.post(answerPath(LESSON_1.id, CHECK.id), { selectedAnswer: WRONG }),
  );
  expect(res.status).toBe(201);
  expect(res.body).toEqual({
    checkId: CHECK.id,
    selectedAnswer: WRONG,
    answeredAt: expect.any(String),
    isCorrect: false,
    correctAnswer: CHECK.correctAnswer,
    explanation: CHECK.explanation,
    whyWrong: CHECK.whyWrong[WRONG + 1],
  });
  expect(res.body.whyWrong).toEqual(expect.any(String));
  expect(res.headers['x-position']).toBe(events[0]?.position);
  expect(events.map((e) => [e.stream, e.type, e.data, e.metadata.actor])).toEqual([
    [
      streams.learning(learner.userId),
      'LessonCheckAnswered',
      {
        moduleId: 1,
        lessonId: LESSON_1.id,
        checkId: CHECK.id,
        selectedAnswer: WRONG,
        isCorrect: false,
        answeredAt: res.body.answeredAt,
      },
      learner.userId,
    ],
  ]);
});

test('after that answer GET lessons shows it again with its feedback, for that check only', async () => {
  const { lessons } = await lessonsOf(learner);
  const checks = lessons.flatMap((l) => l.checks);
  expect(checks.find((c) => c.id === CHECK.id)?.answer).toEqual({
    checkId: CHECK.id,
    selectedAnswer: WRONG,
    answeredAt: expect.any(String),
    isCorrect: false,
    correctAnswer: CHECK.correctAnswer,
    explanation: CHECK.explanation,
    whyWrong: CHECK.whyWrong[WRONG + 1],
  });
  expect(checks.filter((c) => c.id !== CHECK.id).map((c) => c.answer)).toEqual(
    checks.filter((c) => c.id !== CHECK.id).map(() => null),
  );
});

test('lessons every learner sees alike are shared, and one learner’s answer changes only their own lesson', async () => {
  const other = await compliantLearner(stack, 'checks-other');
  const before = await lessonsOf(other);
  const mine = await lessonsOf(learner);
  // The lessons this learner has not answered read exactly as the other learner's, to the byte.
  const untouched = (text: string) => (JSON.parse(text) as unknown[]).slice(1).map((l) => JSON.stringify(l));
  expect(untouched(mine.text)).toEqual(untouched(before.text));
  expect(mine.lessons[0]?.checks.find((c) => c.id === CHECK.id)?.answer).not.toBeNull();
  const again = await lessonsOf(other);
  expect(again.text).toBe(before.text);
  expect(again.lessons.flatMap((l) => l.checks).every((c) => c.answer === null)).toBe(true);
});

test('answering again is a new submission (a second event); the latest answer is the one shown', async () => {
  const { result: res, events } = await appendedBy(stack, () =>
    learner.post(answerPath(LESSON_1.id, CHECK.id), { selectedAnswer: RIGHT }),
  );
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ isCorrect: true, correctAnswer: CHECK.correctAnswer, whyWrong: null });
  expect(events.map((e) => e.type)).toEqual(['LessonCheckAnswered']);
  const { lessons } = await lessonsOf(learner);
  expect(lessons[0]?.checks.find((c) => c.id === CHECK.id)?.answer).toMatchObject({
    selectedAnswer: RIGHT,
    isCorrect: true,
    whyWrong: null,
  });
});

test('the same submission sent twice with one Idempotency-Key is recorded once and answered the same', async () => {
  const send = () =>
    stack
      .client()
      .post(answerPath(LESSON_2.id, LESSON_2.checks[0]?.id ?? 0), { selectedAnswer: 0 })
      .set('Authorization', `Bearer ${learner.token}`)
      .set('Idempotency-Key', `check-${learner.userId}`);
  const { result, events } = await appendedBy(stack, async () => [await send(), await send()]);
  expect(result.map((r) => r.status)).toEqual([201, 201]);
  expect(result[1]?.body).toEqual(result[0]?.body);
  expect(events.map((e) => e.type)).toEqual(['LessonCheckAnswered']);
});

test('checks count toward nothing: no progress record, no quiz result, no lesson completed', async () => {
  expect((await learner.get('/api/progress')).body).toEqual([]);
  expect((await learner.get('/api/quiz-results')).body).toEqual([]);
});

describe('refused, with nothing appended', () => {
  const other = LESSON_2.checks[0]?.id ?? 0;
  test.each<[string, string, unknown, number, string | RegExp]>([
    [
      'selectedAnswer -1',
      answerPath(LESSON_1.id, CHECK.id),
      { selectedAnswer: -1 },
      400,
      /^selectedAnswer: must be/,
    ],
    [
      'selectedAnswer "1"',
      answerPath(LESSON_1.id, CHECK.id),
      { selectedAnswer: '1' },
      400,
      /^selectedAnswer: must be/,
    ],
    ['no selectedAnswer', answerPath(LESSON_1.id, CHECK.id), {}, 400, 'selectedAnswer: required'],
    [
      'a choice beyond the options',
      answerPath(LESSON_1.id, CHECK.id),
      { selectedAnswer: CHECK.options.length },
      400,
      `selectedAnswer: must be an integer 0-${CHECK.options.length - 1}`,
    ],
    [
      'a lesson id that is not a number',
      answerPath('abc', CHECK.id),
      { selectedAnswer: 0 },
      400,
      /^lessonId: must be/,
    ],
    [
      'another lesson’s check under this lesson',
      answerPath(LESSON_1.id, other),
      { selectedAnswer: 0 },
      404,
      `Check ${other} not found in lesson ${LESSON_1.id}`,
    ],
    [
      'an unknown lesson',
      answerPath(999, CHECK.id),
      { selectedAnswer: 0 },
      404,
      `Check ${CHECK.id} not found in lesson 999`,
    ],
    [
      'an unknown check',
      answerPath(LESSON_1.id, 10_009),
      { selectedAnswer: 0 },
      404,
      `Check 10009 not found in lesson ${LESSON_1.id}`,
    ],
    [
      'a quiz question id as a check',
      answerPath(LESSON_1.id, 101),
      { selectedAnswer: 0 },
      404,
      `Check 101 not found in lesson ${LESSON_1.id}`,
    ],
  ])('%s: POST %s → 4xx {error}', async (_name, path, body, status, message) => {
    const { events } = await appendedBy(stack, async () => {
      const res = await learner.post(path, body as object);
      expect(res.status).toBe(status);
      expect(Object.keys(res.body)).toEqual(['error']);
      if (typeof message === 'string') expect(res.body.error).toBe(message);
      else expect(res.body.error).toMatch(message);
    });
    expect(events).toEqual([]);
  });

  test('a learner who is not compliant → 403; without a token → 401', async () => {
    const pending = await registerLearner(stack, 'checks-pending');
    const { events } = await appendedBy(stack, async () => {
      const res = await pending.post(answerPath(LESSON_1.id, CHECK.id), { selectedAnswer: RIGHT });
      expect(res.status).toBe(403);
      const anonymous = await stack
        .client()
        .post(answerPath(LESSON_1.id, CHECK.id), { selectedAnswer: RIGHT });
      expect(anonymous.status).toBe(401);
    });
    expect(events).toEqual([]);
  });
});

describe('a check replaced by a question on another point takes a new id', () => {
  test('the earlier answer keeps the old id, and the new question shows no answer and starts its own record', async () => {
    const own = await startCourseStack({ storage: 'memory' });
    try {
      const who = await compliantLearner(own, 'checks-replaced');
      const old = LESSON_2.checks[0] as (typeof LESSON_2.checks)[number];
      const answered = await who.post(answerPath(LESSON_2.id, old.id), {
        selectedAnswer: old.correctAnswer - 1,
      });
      expect(answered.status).toBe(201);

      // A new edition replaces that check with one on another point, under the next free id of the lesson.
      const replacement = {
        ...old,
        id: Math.max(...LESSON_2.checks.map((c) => c.id)) + 1,
        question: 'A question on another point: which answer is right?',
      };
      const edition = {
        ...COURSE,
        modules: COURSE.modules.map((m) =>
          m.id !== 1
            ? m
            : {
                ...m,
                lessons: m.lessons.map((l) =>
                  l.id !== LESSON_2.id
                    ? l
                    : { ...l, checks: l.checks.map((c) => (c.id === old.id ? replacement : c)) },
                ),
              },
        ),
      };
      const { position } = await publishCourse(own.storage.log, edition, {
        actor: 'test',
        now: () => new Date(),
      });
      if (position) who.position = position;

      const { lessons } = await lessonsOf(who);
      const checks = lessons.find((l) => l.id === LESSON_2.id)?.checks ?? [];
      expect(checks.map((c) => [c.id, c.question, c.answer])).toEqual(
        LESSON_2.checks.map((c) =>
          c.id === old.id ? [replacement.id, replacement.question, null] : [c.id, c.question, null],
        ),
      );
      // The answer on record still names the question it answered.
      const recorded = (await own.allEvents()).filter(
        (e) => e.type === 'LessonCheckAnswered' && e.stream === streams.learning(who.userId),
      );
      expect(recorded.map((e) => (e.data as { checkId: number }).checkId)).toEqual([old.id]);
    } finally {
      await own.close();
    }
  });
});
