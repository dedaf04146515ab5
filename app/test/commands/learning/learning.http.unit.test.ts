/**
 * Progress and module quizzes over HTTP on the whole stack (real SQLite files, live projections, the
 * authored documents and course published as at start-up): POST /api/progress, POST /api/quiz/attempt,
 * GET /api/progress and GET /api/quiz-results. Every refused command appends nothing.
 */
import { type EventOf, streams } from '@tickwise/contracts';
import type { EventLog, RecordedEvent } from '@tickwise/platform';
import type { Stack } from '../../../src/testing';
import {
  appendedBy,
  compliantLearner,
  type Learner,
  loadCourse,
  registerLearner,
  startCourseStack,
} from '../../../src/testing';

let stack: Stack;
beforeAll(async () => {
  stack = await startCourseStack({ storage: 'memory' });
});
afterAll(async () => {
  await stack?.close();
});

const PROGRESS = '/api/progress';
const ATTEMPT = '/api/quiz/attempt';
const RESULTS = '/api/quiz-results';
const POSITION = /^\d+(\/\d+)*$/;
const RECORD_FIELDS = ['completed', 'createdAt', 'id', 'lessonId', 'moduleId'];

// Module 1 as authored in content/course/01-*: lessons 1-4 and its quiz (correctAnswer 1-based).
const MODULE_1 = loadCourse().modules[0];
const QUESTIONS = (MODULE_1?.quiz ?? []).map((q) => ({
  id: q.id,
  right: q.correctAnswer - 1,
  options: q.options.length,
  explanation: q.explanation,
  whyWrong: q.whyWrong,
}));
const TOTAL = QUESTIONS.length;
const wrongOf = (q: { right: number }) => (q.right === 0 ? 1 : 0);
const scoreOf = (correct: number) => Math.round((correct / TOTAL) * 100);
const questionAt = (index: number) => {
  const q = QUESTIONS[index];
  if (!q) throw new Error(`module 1 has no question ${index + 1}`);
  return q;
};
const Q = questionAt(0);
/** A question whose right option is its last (so the option count itself is one past the key). */
const LAST_RIGHT = QUESTIONS.find((q) => q.right === q.options - 1) ?? Q;

const lesson = (learner: Learner, moduleId: number, lessonId: number) =>
  learner.post(PROGRESS, { moduleId, lessonId, completed: true });
const completeQuiz = (learner: Learner, moduleId = 1) =>
  learner.post(PROGRESS, { moduleId, lessonId: null, completed: true });
const attempt = (learner: Learner, questionId: number, selectedAnswer: number, isCorrect = false) =>
  learner.post(ATTEMPT, { questionId, selectedAnswer, isCorrect });

async function completeModule1Lessons(learner: Learner) {
  for (const id of [1, 2, 3, 4]) expect((await lesson(learner, 1, id)).status).toBe(201);
}

/** Answers every question of module 1: the first `rightCount` right, the rest wrong (each claiming isCorrect true). */
async function answerModule1(learner: Learner, rightCount: number) {
  for (const [index, q] of QUESTIONS.entries()) {
    const selected = index < rightCount ? q.right : wrongOf(q);
    const res = await attempt(learner, q.id, selected, true);
    expect(res.status).toBe(201);
  }
}

const learningEvents = (events: RecordedEvent[], learner: Learner) =>
  events.filter((e) => e.stream === streams.learning(learner.userId));

test('the authored module 1 is what these tests assume: lessons 1-4, at least 8 questions from 101, each wrong option explained', () => {
  expect(MODULE_1?.lessons.map((l) => l.id)).toEqual([1, 2, 3, 4]);
  expect(TOTAL).toBeGreaterThanOrEqual(8);
  expect(Q.id).toBe(101);
  for (const q of QUESTIONS) {
    expect(Object.keys(q.whyWrong).map(Number).sort()).toEqual(
      Array.from({ length: q.options }, (_, i) => i + 1).filter((n) => n !== q.right + 1),
    );
  }
});

describe('POST /api/progress: lessons', () => {
  let learner: Learner;
  beforeAll(async () => {
    learner = await compliantLearner(stack, 'lessons');
  });

  test('a lesson of its module → 201 {id, moduleId, lessonId, completed, createdAt}, X-Position, one LessonCompleted', async () => {
    let res: Awaited<ReturnType<typeof lesson>> | undefined;
    const { events } = await appendedBy(stack, async () => {
      res = await lesson(learner, 1, 2);
    });
    expect(res?.status).toBe(201);
    expect(Object.keys(res?.body ?? {}).sort()).toEqual(RECORD_FIELDS);
    expect(res?.body).toEqual({
      id: events[0]?.eventId,
      moduleId: 1,
      lessonId: 2,
      completed: true,
      createdAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(String(res?.body.createdAt)) - Date.now())).toBeLessThan(10_000);
    expect(res?.headers['x-position']).toMatch(POSITION);
    expect(res?.headers['x-position']).toBe(events[0]?.position);
    expect(events.map((e) => [e.stream, e.type, e.data, e.metadata.actor])).toEqual([
      [
        streams.learning(learner.userId),
        'LessonCompleted',
        { moduleId: 1, lessonId: 2, completedAt: res?.body.createdAt },
        learner.userId,
      ],
    ]);
  });

  test('the same lesson again → 200 with the same record, no X-Position, nothing appended', async () => {
    const first = await lesson(learner, 1, 3);
    expect(first.status).toBe(201);
    let again: Awaited<ReturnType<typeof lesson>> | undefined;
    const { events } = await appendedBy(stack, async () => {
      again = await lesson(learner, 1, 3);
    });
    expect(events).toEqual([]);
    expect(again?.status).toBe(200);
    expect(again?.body).toEqual(first.body);
    expect(again?.headers['x-position']).toBeUndefined();
  });

  test('a lesson of another module → 422 naming lesson and module; nothing appended', async () => {
    const { events } = await appendedBy(stack, async () => {
      const res = await lesson(learner, 1, 5);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'Lesson 5 is not part of module 1' });
      const other = await lesson(learner, 2, 1);
      expect(other.status).toBe(422);
      expect(other.body).toEqual({ error: 'Lesson 1 is not part of module 2' });
      const unknown = await lesson(learner, 1, 999);
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual({ error: expect.any(String) });
    });
    expect(events).toEqual([]);
  });

  test('the module quiz before every lesson is completed → 422 and nothing appended', async () => {
    const fresh = await compliantLearner(stack, 'early-quiz');
    const { events } = await appendedBy(stack, async () => {
      const none = await completeQuiz(fresh);
      expect(none.status).toBe(422);
      expect(none.body).toEqual({ error: 'Complete every lesson of module 1 before its quiz (4 left)' });
      for (const id of [1, 2, 3]) expect((await lesson(fresh, 1, id)).status).toBe(201);
      const threeOfFour = await completeQuiz(fresh);
      expect(threeOfFour.status).toBe(422);
      expect(threeOfFour.body).toEqual({
        error: 'Complete every lesson of module 1 before its quiz (1 left)',
      });
    });
    expect(events.map((e) => e.type)).toEqual(['LessonCompleted', 'LessonCompleted', 'LessonCompleted']);
  });

  test('the same lesson sent 5 times at once: one 201, four 200 with the same record, one LessonCompleted', async () => {
    const racer = await compliantLearner(stack, 'lesson-race');
    const { result: responses, events } = await appendedBy(stack, () =>
      Promise.all(Array.from({ length: 5 }, () => lesson(racer, 1, 1))),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(responses.map((r) => r.body.id));
    expect(ids).toEqual(new Set([events[0]?.eventId]));
    expect(learningEvents(events, racer).map((e) => e.type)).toEqual(['LessonCompleted']);
  });

  test('GET /api/progress lists the learner’s records, oldest first, and only theirs', async () => {
    const mine = await compliantLearner(stack, 'progress-list');
    const a = await lesson(mine, 1, 4);
    const b = await lesson(mine, 1, 1);
    const c = await lesson(mine, 2, 6);
    await lesson(mine, 1, 4); // a repeat adds no record
    const res = await mine.get(PROGRESS);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([a.body, b.body, c.body]);
    const otherLearner = await compliantLearner(stack, 'progress-empty');
    const empty = await otherLearner.get(PROGRESS);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
  });
});

describe('POST /api/quiz/attempt: graded by the server', () => {
  let learner: Learner;
  beforeAll(async () => {
    learner = await compliantLearner(stack, 'attempts');
  });

  test('a WRONG answer claiming isCorrect true → 201 with isCorrect false and the feedback; the stored QuizQuestionAnswered says false', async () => {
    let res: Awaited<ReturnType<typeof attempt>> | undefined;
    const wrong = wrongOf(Q);
    const { events } = await appendedBy(stack, async () => {
      res = await attempt(learner, Q.id, wrong, true);
    });
    expect(res?.status).toBe(201);
    // The feedback the quiz screen shows: the right option (1-based), why, and why this choice was wrong.
    expect(res?.body).toEqual({
      questionId: Q.id,
      selectedAnswer: wrong,
      isCorrect: false,
      correctAnswer: Q.right + 1,
      explanation: Q.explanation,
      whyWrong: Q.whyWrong[wrong + 1],
    });
    expect(res?.body.whyWrong).toEqual(expect.any(String));
    expect(res?.headers['x-position']).toBe(events[0]?.position);
    expect(events.map((e) => [e.stream, e.type])).toEqual([
      [streams.learning(learner.userId), 'QuizQuestionAnswered'],
    ]);
    expect(events[0]?.data).toEqual({
      moduleId: 1,
      questionId: Q.id,
      selectedAnswer: wrong,
      isCorrect: false,
      answeredAt: expect.any(String),
    });
  });

  test('a RIGHT answer claiming isCorrect false (or claiming nothing) is graded true: selectedAnswer is 0-based', async () => {
    const right = await attempt(learner, Q.id, Q.right, false);
    expect(right.status).toBe(201);
    expect(right.body).toEqual({
      questionId: Q.id,
      selectedAnswer: Q.right,
      isCorrect: true,
      correctAnswer: Q.right + 1,
      explanation: Q.explanation,
      whyWrong: null,
    });
    const second = questionAt(1);
    const unclaimed = await learner.post(ATTEMPT, { questionId: second.id, selectedAnswer: second.right });
    expect(unclaimed.status).toBe(201);
    expect(unclaimed.body.isCorrect).toBe(true);
    // The 1-based number of the last option is not a 0-based choice at all.
    const oneBased = await attempt(learner, LAST_RIGHT.id, LAST_RIGHT.options, true);
    expect(oneBased.status).toBe(400);
    const last = await attempt(learner, LAST_RIGHT.id, LAST_RIGHT.right, false);
    expect(last.body.isCorrect).toBe(true);
  });

  test('answers of another module are graded from that module’s key', async () => {
    const module2 = loadCourse().modules[1]?.quiz[0];
    expect(module2).toBeDefined();
    const questionId = module2?.id ?? 0;
    const rightIndex = (module2?.correctAnswer ?? 1) - 1;
    let res: Awaited<ReturnType<typeof attempt>> | undefined;
    const { events } = await appendedBy(stack, async () => {
      res = await attempt(learner, questionId, rightIndex, false);
    });
    expect(res?.body).toMatchObject({
      questionId,
      selectedAnswer: rightIndex,
      isCorrect: true,
      correctAnswer: rightIndex + 1,
    });
    expect(events[0]?.data).toMatchObject({ moduleId: 2, questionId, isCorrect: true });
  });

  test('an unknown question → 404; a choice beyond the options → 400 naming selectedAnswer; nothing appended', async () => {
    const { events } = await appendedBy(stack, async () => {
      const unknown = await attempt(learner, 99_999, 0);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'Quiz question 99999 not found' });
      const beyond = await attempt(learner, Q.id, Q.options);
      expect(beyond.status).toBe(400);
      expect(beyond.body).toEqual({ error: `selectedAnswer: must be an integer 0-${Q.options - 1}` });
    });
    expect(events).toEqual([]);
  });
});

describe('module quiz completion: the server computes the score', () => {
  let learner: Learner;
  let firstRecord: Record<string, unknown> = {};
  beforeAll(async () => {
    learner = await compliantLearner(stack, 'quiz');
    await completeModule1Lessons(learner);
  });

  test('2 right of all (the rest claiming isCorrect true) → 201 record with lessonId null; ModuleQuizCompleted scored by the server', async () => {
    await answerModule1(learner, 2);
    let res: Awaited<ReturnType<typeof completeQuiz>> | undefined;
    const { events } = await appendedBy(stack, async () => {
      res = await completeQuiz(learner);
    });
    expect(res?.status).toBe(201);
    expect(res?.body).toEqual({
      id: events[0]?.eventId,
      moduleId: 1,
      lessonId: null,
      completed: true,
      createdAt: expect.any(String),
    });
    expect(res?.headers['x-position']).toBe(events[0]?.position);
    expect(learningEvents(events, learner).map((e) => [e.type, e.data])).toEqual([
      [
        'ModuleQuizCompleted',
        { moduleId: 1, score: scoreOf(2), correct: 2, total: TOTAL, completedAt: res?.body.createdAt },
      ],
    ]);
    expect(events).toHaveLength(1);
    firstRecord = res?.body ?? {};

    const results = await learner.get(RESULTS);
    expect(results.status).toBe(200);
    expect(results.body).toEqual([{ moduleId: 1, score: scoreOf(2), completedAt: res?.body.createdAt }]);
  });

  test('completing again without new answers → 200 with the existing record; nothing appended; still one result', async () => {
    let res: Awaited<ReturnType<typeof completeQuiz>> | undefined;
    const { events } = await appendedBy(stack, async () => {
      res = await completeQuiz(learner);
    });
    expect(events).toEqual([]);
    expect(res?.status).toBe(200);
    expect(res?.body).toEqual(firstRecord);
    expect(res?.headers['x-position']).toBeUndefined();
    expect((await learner.get(RESULTS)).body).toHaveLength(1);
  });

  test('a retake (new answers) → a second ModuleQuizCompleted with the new score; results newest first', async () => {
    await answerModule1(learner, TOTAL);
    const { result: res, events } = await appendedBy(stack, () => completeQuiz(learner));
    expect(res.status).toBe(201);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      [
        'ModuleQuizCompleted',
        { moduleId: 1, score: 100, correct: TOTAL, total: TOTAL, completedAt: res.body.createdAt },
      ],
    ]);
    const results = await learner.get(RESULTS);
    expect(results.body).toEqual([
      { moduleId: 1, score: 100, completedAt: res.body.createdAt },
      { moduleId: 1, score: scoreOf(2), completedAt: firstRecord.createdAt },
    ]);
  });

  test('a retake counts only the answers since the previous completion (unanswered = wrong)', async () => {
    // Only the first answered, rightly: 1 of all (the right answers of the last attempt no longer count).
    expect((await attempt(learner, Q.id, Q.right, true)).status).toBe(201);
    const { result: res, events } = await appendedBy(stack, () => completeQuiz(learner));
    expect(res.status).toBe(201);
    expect(events.map((e) => e.data)).toEqual([
      { moduleId: 1, score: scoreOf(1), correct: 1, total: TOTAL, completedAt: res.body.createdAt },
    ]);
    const results = await learner.get(RESULTS);
    expect((results.body as Array<{ score: number }>).map((r) => r.score)).toEqual([
      scoreOf(1),
      100,
      scoreOf(2),
    ]);
  });

  test('GET /api/progress holds the four lessons and one module-quiz record (the first completion)', async () => {
    const res = await learner.get(PROGRESS);
    expect(res.status).toBe(200);
    const records = res.body as Array<{ lessonId: number | null }>;
    expect(records.map((r) => r.lessonId)).toEqual([1, 2, 3, 4, null]);
    expect(records.at(-1)).toEqual(firstRecord);
  });

  test('the latest answer to a question is the one that counts', async () => {
    const other = await compliantLearner(stack, 'quiz-latest');
    await completeModule1Lessons(other);
    const [first] = QUESTIONS;
    const q = first ?? { id: 0, right: 0 };
    await attempt(other, q.id, q.right, true);
    await attempt(other, q.id, wrongOf(q), true);
    const { events } = await appendedBy(stack, () => completeQuiz(other));
    expect(events.map((e) => (e.data as EventOf<'ModuleQuizCompleted'>['data']).score)).toEqual([0]);
  });
});

describe('a learner who is not compliant', () => {
  let learner: Learner;
  beforeAll(async () => {
    learner = await registerLearner(stack, 'not-compliant');
  });

  test.each<[string, string, object]>([
    ['POST', PROGRESS, { moduleId: 1, lessonId: 1, completed: true }],
    ['POST', PROGRESS, { moduleId: 1, lessonId: null, completed: true }],
    ['POST', ATTEMPT, { questionId: 101, selectedAnswer: 1, isCorrect: true }],
  ])('%s %s %j → 403 {error} and nothing appended', async (_method, path, body) => {
    const { events } = await appendedBy(stack, async () => {
      const res = await learner.post(path, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: expect.stringMatching(/compliance required/i) });
    });
    expect(events).toEqual([]);
  });

  test('without a token: 401 and nothing appended', async () => {
    const { events } = await appendedBy(stack, async () => {
      const res = await stack.client().post(PROGRESS, { moduleId: 1, lessonId: 1, completed: true });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
      const attemptRes = await stack.client().post(ATTEMPT, { questionId: 101, selectedAnswer: 1 });
      expect(attemptRes.status).toBe(401);
    });
    expect(events).toEqual([]);
  });
});

describe('validation: 400 naming the field, and nothing appended', () => {
  let learner: Learner;
  beforeAll(async () => {
    learner = await compliantLearner(stack, 'validation');
  });

  test.each<[string, string, Record<string, unknown>, string]>([
    [
      'moduleId 0',
      PROGRESS,
      { moduleId: 0, lessonId: 1, completed: true },
      'moduleId: must be an integer 1-12',
    ],
    [
      'moduleId 13',
      PROGRESS,
      { moduleId: 13, lessonId: 1, completed: true },
      'moduleId: must be an integer 1-12',
    ],
    [
      'moduleId "1"',
      PROGRESS,
      { moduleId: '1', lessonId: 1, completed: true },
      'moduleId: must be an integer 1-12',
    ],
    ['no moduleId', PROGRESS, { lessonId: 1, completed: true }, 'moduleId: required'],
    ['completed false', PROGRESS, { moduleId: 1, lessonId: 1, completed: false }, 'completed: must be'],
    ['no completed', PROGRESS, { moduleId: 1, lessonId: 1 }, 'completed: required'],
    ["lessonId 'x'", PROGRESS, { moduleId: 1, lessonId: 'x', completed: true }, 'lessonId: must be'],
    ['lessonId 0', PROGRESS, { moduleId: 1, lessonId: 0, completed: true }, 'lessonId: must be'],
    [
      'selectedAnswer -1',
      ATTEMPT,
      { questionId: 101, selectedAnswer: -1, isCorrect: false },
      'selectedAnswer: must be',
    ],
    ['selectedAnswer 1.5', ATTEMPT, { questionId: 101, selectedAnswer: 1.5 }, 'selectedAnswer: must be'],
    ['no selectedAnswer', ATTEMPT, { questionId: 101, isCorrect: true }, 'selectedAnswer: required'],
    ['questionId 0', ATTEMPT, { questionId: 0, selectedAnswer: 0 }, 'questionId: must be'],
    [
      'isCorrect "yes"',
      ATTEMPT,
      { questionId: 101, selectedAnswer: 0, isCorrect: 'yes' },
      'isCorrect: must be',
    ],
  ])('%s', async (_name, path, body, message) => {
    const { events } = await appendedBy(stack, async () => {
      const res = await learner.post(path, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect(String(res.body.error).startsWith(message)).toBe(true);
    });
    expect(events).toEqual([]);
  });
});

describe('error bodies', () => {
  test('every error answered above is exactly {error: string} with no internals', () => {
    const statuses = new Set(stack.errorResponses.map((r) => r.status));
    for (const status of [400, 401, 403, 404, 422]) expect(statuses).toContain(status);
    for (const response of stack.errorResponses) {
      expect(response.body).toEqual({ error: expect.any(String) });
      expect((response.body as { error: string }).error).not.toMatch(
        /\n|\bat .+:\d+|\/work\/|node_modules|\.ts\b/,
      );
    }
  });

  test('the projections followed the log without an error', () => {
    expect(stack.projectionErrors).toEqual([]);
  });
});

/** The log beneath the services reads each stream this much later, as a busy disk would. */
const slowStreamReads =
  (ms: number) =>
  (log: EventLog): EventLog =>
    new Proxy(log, {
      get(target, key) {
        if (key === 'readStream')
          return async (...args: Parameters<EventLog['readStream']>) => {
            await new Promise((resolve) => setTimeout(resolve, ms));
            return target.readStream(...args);
          };
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

describe('one learner’s independent writes at once, on a log that reads streams slowly', () => {
  let slow: Stack;
  beforeAll(async () => {
    slow = await startCourseStack({ storage: 'memory', logBeneath: slowStreamReads(5) });
  });
  afterAll(async () => {
    await slow?.close();
  });

  test('50 different answers at once: 50 × 201, each recorded once (the commands take turns on the stream)', async () => {
    const busy = await compliantLearner(slow, 'answer-burst');
    const answers = Array.from({ length: 50 }, (_, n) => ({ q: questionAt(n % TOTAL), choice: n % 2 }));
    const { result: responses, events } = await appendedBy(slow, () =>
      Promise.all(answers.map(({ q, choice }) => attempt(busy, q.id, choice))),
    );
    expect(responses.map((r) => r.status)).toEqual(answers.map(() => 201));
    const recorded = learningEvents(events, busy);
    expect(recorded.map((e) => e.type)).toEqual(answers.map(() => 'QuizQuestionAnswered'));
    expect(new Set(recorded.map((e) => e.eventId)).size).toBe(50);
    expect(responses.map((r) => [r.body.questionId, r.body.selectedAnswer])).toEqual(
      answers.map(({ q, choice }) => [q.id, choice]),
    );
  });
});
