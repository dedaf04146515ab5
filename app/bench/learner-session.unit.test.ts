import { prng } from '@tickwise/projections/bench/history';
import {
  type CourseOutline,
  courseSession,
  nextLesson,
  routeOf,
  type SessionStep,
  thinkTime,
} from './learner-session';

const option = ['a', 'b', 'c', 'd'];
const course: CourseOutline = {
  modules: [1, 2].map((id) => ({
    id,
    lessons: [1, 2].map((n) => ({
      id: (id - 1) * 2 + n,
      checks: [{ id: 1, options: option }],
    })),
    quiz: [{ id: id * 100 + 1, options: option }],
  })),
  documents: [{ documentType: 'risk_disclosure', version: '2.0' }],
};

function take(count: number, start = { module: 0, lesson: 0 }): SessionStep[] {
  const session = courseSession(course, start, prng(1));
  return Array.from({ length: count }, () => session.next().value);
}

describe('a simulated learner’s course session', () => {
  it('opens the dashboard and course, works through each lesson, then takes the quiz', () => {
    expect(take(14).map((s) => s.name)).toEqual([
      'dashboard',
      'course',
      'lesson',
      'lesson check',
      'lesson completed',
      'lesson',
      'lesson check',
      'lesson completed',
      'quiz',
      'quiz answer',
      'quiz completed',
      'document',
      'document acknowledged',
      'compliance page',
    ]);
  });

  it('completes a module’s lessons before its quiz, then goes on to the next module, and round again', () => {
    const completions = take(42).flatMap((s) =>
      s.calls.flatMap((c) => (c.path === '/api/progress' && c.method === 'POST' ? [c.body] : [])),
    );
    expect(completions).toEqual([
      { moduleId: 1, lessonId: 1, completed: true },
      { moduleId: 1, lessonId: 2, completed: true },
      { moduleId: 1, lessonId: null, completed: true },
      { moduleId: 2, lessonId: 3, completed: true },
      { moduleId: 2, lessonId: 4, completed: true },
      { moduleId: 2, lessonId: null, completed: true },
      { moduleId: 1, lessonId: 1, completed: true },
      { moduleId: 1, lessonId: 2, completed: true },
      { moduleId: 1, lessonId: null, completed: true },
    ]);
  });

  it('acknowledges a document only after reading it for longer than the required 10 s', () => {
    const steps = take(14);
    const view = steps.findIndex((s) => s.calls.some((c) => c.path === '/api/compliance/document-views'));
    const acknowledged = steps[view + 1];
    expect(acknowledged?.calls).toEqual([
      {
        method: 'POST',
        path: '/api/compliance/acknowledgment',
        body: { documentType: 'risk_disclosure', version: '2.0' },
      },
    ]);
    expect(acknowledged?.atLeastMs).toBeGreaterThan(10_000);
  });

  it('goes on from the first lesson the learner has not completed', () => {
    expect(nextLesson(course, new Set([1]), 0)).toEqual({ module: 0, lesson: 1 });
    expect(nextLesson(course, new Set([1, 2]), 0)).toEqual({ module: 1, lesson: 0 });
    expect(nextLesson(course, new Set([1, 2, 4]), 0)).toEqual({ module: 1, lesson: 0 });
    // All done: revising, from the module asked for.
    expect(nextLesson(course, new Set([1, 2, 3, 4]), 3)).toEqual({ module: 1, lesson: 0 });
    const lessons = take(6, { module: 0, lesson: 1 })
      .filter((s) => s.name === 'lesson completed')
      .map((s) => s.calls[0]?.body);
    expect(lessons).toEqual([{ moduleId: 1, lessonId: 2, completed: true }]);
  });

  it('answers with one of each question’s options', () => {
    const answers = take(200).flatMap((s) =>
      s.calls.flatMap((c) => (c.method === 'POST' && c.path.endsWith('/answer') ? [c.body] : [])),
    );
    const chosen = new Set(answers.map((a) => (a as { selectedAnswer: number }).selectedAnswer));
    expect([...chosen].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('think times', () => {
  it('are exponential: mean as asked, and about 37 % longer than the mean', () => {
    const random = prng(7);
    const times = Array.from({ length: 20_000 }, () => thinkTime(15_000, random));
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    expect(mean).toBeGreaterThan(14_500);
    expect(mean).toBeLessThan(15_500);
    const longer = times.filter((t) => t > 15_000).length / times.length;
    expect(longer).toBeGreaterThan(0.35);
    expect(longer).toBeLessThan(0.39);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(0);
  });
});

test('a route is named with its ids folded', () => {
  expect(routeOf({ method: 'POST', path: '/api/lessons/12/checks/3/answer' })).toBe(
    'POST /api/lessons/:id/checks/:id/answer',
  );
  expect(routeOf({ method: 'GET', path: '/api/modules' })).toBe('GET /api/modules');
});
