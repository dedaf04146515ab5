/**
 * The dashboard formulas: module progress, course progress, quiz
 * average, recent activity, recommended next steps (each branch) and the whole dashboard from a read model.
 */
import type { DashboardDoc } from '@tickwise/projections';
import {
  courseProgress,
  type DashboardModule,
  dashboardOf,
  moduleProgress,
  quizAverage,
  recentActivity,
  recommendations,
} from './formulas';

const MODULES: DashboardModule[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  title: `Title ${i + 1}`,
  lessonCount: 4,
}));
const titleOf = (id: number) => `Title ${id}`;
const lessonsOf = (moduleId: number) => [1, 2, 3, 4].map((n) => (moduleId - 1) * 4 + n);
const at = (day: number, hour = 10) =>
  `2026-01-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const PSYCHOLOGY: NonNullable<DashboardDoc['psychology']> = {
  emotionalIntelligence: 100,
  stressResilience: 70,
  overallScore: 51,
  traderArchetype: 'In-the-Moment Trader',
  completedAt: at(9),
};

function doc(parts: Partial<DashboardDoc> = {}): DashboardDoc {
  return { id: 'u1', lessons: {}, quizResults: [], moduleCompletions: [], psychology: null, ...parts };
}
/** Every lesson of modules 1..n completed. */
const allLessonsUpTo = (n: number) =>
  Object.fromEntries(MODULES.slice(0, n).map((m) => [String(m.id), lessonsOf(m.id)]));
const completions = (ids: number[]) => ids.map((moduleId, i) => ({ moduleId, completedAt: at(i + 1) }));

describe('moduleProgress = (completed lessons + 1 if the quiz is done) / 5 × 100', () => {
  test.each<[number, boolean, number]>([
    [0, false, 0],
    [1, false, 20],
    [2, false, 40],
    [3, false, 60],
    [4, false, 80],
    [4, true, 100],
    [0, true, 20],
    [2, true, 60],
    [5, false, 80],
    [7, true, 100],
  ])('%d lessons, quiz %s → %d', (lessons, quiz, expected) => {
    expect(moduleProgress(lessons, quiz)).toBe(expected);
  });
});

describe('courseProgress = share of the modules whose quiz is completed', () => {
  test.each<[number, number, number]>([
    [0, 12, 0],
    [1, 12, 8],
    [2, 12, 17],
    [6, 12, 50],
    [11, 12, 92],
    [12, 12, 100],
    [13, 12, 100],
    [0, 0, 0],
  ])('%d of %d → %d', (done, count, expected) => {
    expect(courseProgress(done, count)).toBe(expected);
  });
});

describe('quizAverage = rounded mean of the scores', () => {
  test.each<[number[], number | null]>([
    [[], null],
    [[80], 80],
    [[78, 30, 100, 50], 65],
    [[1, 2], 2],
    [[10, 11, 11], 11],
    [[70, 70, 71], 70],
    [[0, 0], 0],
    [[100, 100, 100], 100],
  ])('%j → %p', (scores, expected) => {
    expect(quizAverage(scores)).toBe(expected);
  });
});

describe('recentActivity: 2 latest module completions + 2 latest quiz results, at most 3, newest first', () => {
  test('nothing done → []', () => {
    expect(recentActivity(doc(), titleOf)).toEqual([]);
  });

  test('the latest margin simulator run counts too, named by its path and its calls', () => {
    const history = doc({
      moduleCompletions: [{ moduleId: 1, completedAt: at(1) }],
      simulations: [
        { scenarioTitle: 'A whipsaw in gold', callsReceived: 2, completedAt: at(2) },
        { scenarioTitle: 'A quiet week', callsReceived: 1, completedAt: at(3) },
      ],
    });
    expect(recentActivity(history, titleOf)).toEqual([
      {
        kind: 'simulation_completed',
        title: 'Ran the margin simulator: A quiet week (1 margin call)',
        at: at(3),
      },
      { kind: 'module_completed', title: 'Completed Title 1', at: at(1) },
    ]);
  });

  test('a full history: the 3 newest of (2 latest modules ∪ 2 latest quizzes)', () => {
    const history = doc({
      moduleCompletions: [
        { moduleId: 1, completedAt: at(1) },
        { moduleId: 2, completedAt: at(3) },
        { moduleId: 3, completedAt: at(5) },
      ],
      quizResults: [
        { moduleId: 1, score: 40, completedAt: at(1, 9) },
        { moduleId: 2, score: 70, completedAt: at(2) },
        { moduleId: 3, score: 90, completedAt: at(4) },
        { moduleId: 1, score: 100, completedAt: at(6) },
      ],
    });
    expect(recentActivity(history, titleOf)).toEqual([
      { kind: 'quiz_completed', title: 'Scored 100% on the Module 1 Quiz', at: at(6) },
      { kind: 'module_completed', title: 'Completed Title 3', at: at(5) },
      { kind: 'quiz_completed', title: 'Scored 90% on the Module 3 Quiz', at: at(4) },
    ]);
  });

  test('the input order does not matter (sorted by time)', () => {
    const history = doc({
      moduleCompletions: [
        { moduleId: 3, completedAt: at(5) },
        { moduleId: 1, completedAt: at(1) },
        { moduleId: 2, completedAt: at(3) },
      ],
      quizResults: [
        { moduleId: 3, score: 90, completedAt: at(4) },
        { moduleId: 1, score: 100, completedAt: at(6) },
        { moduleId: 2, score: 70, completedAt: at(2) },
      ],
    });
    expect(recentActivity(history, titleOf).map((a) => a.at)).toEqual([at(6), at(5), at(4)]);
  });

  test('only module completions: at most 2 of them, not 3', () => {
    const history = doc({ moduleCompletions: completions([1, 2, 3, 4]) });
    expect(recentActivity(history, titleOf)).toEqual([
      { kind: 'module_completed', title: 'Completed Title 4', at: at(4) },
      { kind: 'module_completed', title: 'Completed Title 3', at: at(3) },
    ]);
  });

  test('only quiz results: at most 2 of them, the latest', () => {
    const history = doc({
      quizResults: [
        { moduleId: 1, score: 10, completedAt: at(1) },
        { moduleId: 1, score: 20, completedAt: at(2) },
        { moduleId: 1, score: 30, completedAt: at(3) },
      ],
    });
    expect(recentActivity(history, titleOf).map((a) => a.title)).toEqual([
      'Scored 30% on the Module 1 Quiz',
      'Scored 20% on the Module 1 Quiz',
    ]);
  });

  test('older quizzes than the 2 latest never show, even when newer than every module completion', () => {
    const history = doc({
      moduleCompletions: [{ moduleId: 1, completedAt: at(1) }],
      quizResults: [
        { moduleId: 1, score: 50, completedAt: at(2) },
        { moduleId: 1, score: 60, completedAt: at(3) },
        { moduleId: 1, score: 70, completedAt: at(4) },
      ],
    });
    expect(recentActivity(history, titleOf).map((a) => a.at)).toEqual([at(4), at(3), at(1)]);
  });
});

describe('recommendations (at most 3)', () => {
  test('a new learner: Continue module 1 with 4 lessons remaining, and the psychology assessment', () => {
    expect(recommendations(doc(), MODULES)).toEqual([
      {
        kind: 'continue_module',
        title: 'Continue Title 1',
        description: '4 lessons remaining',
        href: '/course',
      },
      {
        kind: 'psychology_assessment',
        title: 'Take the Trading Psychology Assessment',
        description: expect.any(String),
        href: '/trading-psychology-assessment',
      },
    ]);
  });

  test('1 lesson left → singular "1 lesson remaining"', () => {
    const [first] = recommendations(doc({ lessons: { 1: [1, 2, 3] } }), MODULES);
    expect(first).toMatchObject({ kind: 'continue_module', title: 'Continue Title 1' });
    expect(first?.description).toBe('1 lesson remaining');
  });

  test('the FIRST module with fewer than 4 lessons, even when an earlier module’s quiz is not taken', () => {
    const state = doc({ lessons: { ...allLessonsUpTo(2), 3: [9, 10], 5: [17] }, psychology: PSYCHOLOGY });
    expect(recommendations(state, MODULES)).toEqual([
      {
        kind: 'continue_module',
        title: 'Continue Title 3',
        description: '2 lessons remaining',
        href: '/course',
      },
    ]);
  });

  test('a later module partly done does not win over an earlier untouched one', () => {
    const [first] = recommendations(doc({ lessons: { 2: [5, 6, 7] } }), MODULES);
    expect(first).toMatchObject({ title: 'Continue Title 1', description: '4 lessons remaining' });
  });

  test('every lesson done → a quiz suggestion for the first module without a completion', () => {
    const state = doc({ lessons: allLessonsUpTo(12), moduleCompletions: completions([1, 3]) });
    expect(recommendations(state, MODULES)).toEqual([
      {
        kind: 'take_quiz',
        title: 'Take the Module 2 Quiz',
        description: 'Check what you learned in Title 2',
        href: '/course',
      },
      expect.objectContaining({ kind: 'psychology_assessment' }),
    ]);
  });

  test('the psychology suggestion only when there is no assessment', () => {
    const without = recommendations(doc(), MODULES);
    const withOne = recommendations(doc({ psychology: PSYCHOLOGY }), MODULES);
    expect(without.map((r) => r.kind)).toContain('psychology_assessment');
    expect(withOne.map((r) => r.kind)).toEqual(['continue_module']);
  });

  test('everything done and an assessment taken → [] (All caught up!)', () => {
    const state = doc({
      lessons: allLessonsUpTo(12),
      moduleCompletions: completions(MODULES.map((m) => m.id)),
      psychology: PSYCHOLOGY,
    });
    expect(recommendations(state, MODULES)).toEqual([]);
  });

  test('everything done but no assessment → only the psychology suggestion', () => {
    const state = doc({
      lessons: allLessonsUpTo(12),
      moduleCompletions: completions(MODULES.map((m) => m.id)),
    });
    expect(recommendations(state, MODULES).map((r) => r.kind)).toEqual(['psychology_assessment']);
  });

  test('never more than 3 in any of these states', () => {
    const states = [
      doc(),
      doc({ lessons: allLessonsUpTo(12) }),
      doc({ lessons: allLessonsUpTo(4), moduleCompletions: completions([1, 2]) }),
      doc({ lessons: allLessonsUpTo(12), moduleCompletions: completions([1]), psychology: PSYCHOLOGY }),
    ];
    for (const state of states) expect(recommendations(state, MODULES).length).toBeLessThanOrEqual(3);
  });
});

describe('dashboardOf', () => {
  test('a new learner: zeros, nulls, every module at 0, no activity', () => {
    const dashboard = dashboardOf(doc(), MODULES);
    expect(dashboard).toEqual({
      courseProgress: 0,
      quizAverage: null,
      eqScore: null,
      stressResilience: null,
      moduleProgress: MODULES.map((m) => ({ moduleId: m.id, title: m.title, progress: 0 })),
      recentActivity: [],
      recommendations: [
        expect.objectContaining({ kind: 'continue_module', title: 'Continue Title 1' }),
        expect.objectContaining({ kind: 'psychology_assessment' }),
      ],
    });
  });

  test('a history: every figure from the formulas', () => {
    const state = doc({
      lessons: { ...allLessonsUpTo(2), 3: [9] },
      quizResults: [
        { moduleId: 1, score: 78, completedAt: at(1) },
        { moduleId: 2, score: 30, completedAt: at(2) },
        { moduleId: 1, score: 100, completedAt: at(3) },
        { moduleId: 2, score: 50, completedAt: at(4) },
      ],
      moduleCompletions: [
        { moduleId: 1, completedAt: at(1) },
        { moduleId: 2, completedAt: at(2) },
      ],
      psychology: PSYCHOLOGY,
    });
    const dashboard = dashboardOf(state, MODULES);
    expect(dashboard.courseProgress).toBe(17);
    expect(dashboard.quizAverage).toBe(65);
    expect(dashboard.eqScore).toBe(100);
    expect(dashboard.stressResilience).toBe(70);
    expect(dashboard.moduleProgress.map((m) => m.progress)).toEqual([
      100, 100, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(dashboard.recentActivity).toEqual([
      { kind: 'quiz_completed', title: 'Scored 50% on the Module 2 Quiz', at: at(4) },
      { kind: 'quiz_completed', title: 'Scored 100% on the Module 1 Quiz', at: at(3) },
      { kind: 'module_completed', title: 'Completed Title 2', at: at(2) },
    ]);
    expect(dashboard.recommendations).toEqual([
      {
        kind: 'continue_module',
        title: 'Continue Title 3',
        description: '3 lessons remaining',
        href: '/course',
      },
    ]);
  });

  test('a completion of a module the course does not list does not count toward course progress', () => {
    const state = doc({ moduleCompletions: [{ moduleId: 99, completedAt: at(1) }] });
    expect(dashboardOf(state, MODULES).courseProgress).toBe(0);
    expect(dashboardOf(state, MODULES).recentActivity[0]?.title).toBe('Completed Module 99');
  });
});
