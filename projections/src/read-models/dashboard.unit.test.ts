import { event, streams } from '@tickwise/contracts';
import { inStream, projectionSpec } from '../../test/projection-spec';
import { type DashboardDoc, dashboardProjection } from './dashboard';

const { given } = projectionSpec(dashboardProjection);
const learning = inStream(streams.learning('u1'));
const quiz = (moduleId: number, score: number, completedAt: string) =>
  event('ModuleQuizCompleted', { moduleId, score, correct: score / 10, total: 10, completedAt });

test('completed lessons are listed once each, by module', () => {
  const lesson = (moduleId: number, lessonId: number) =>
    event('LessonCompleted', { moduleId, lessonId, completedAt: '2026-01-01T10:00:00.000Z' });
  const learner = given(...learning(lesson(1, 1), lesson(1, 2)))
    .when(...learning(lesson(1, 1), lesson(2, 5)))
    .document<DashboardDoc>('learners', 'u1');
  expect(learner?.lessons).toEqual({ 1: [1, 2], 2: [5] });
});

test('every quiz result counts; a module is complete at its first quiz completion', () => {
  const learner = given(...learning(quiz(1, 40, '2026-01-01T10:00:00.000Z')))
    .when(...learning(quiz(1, 90, '2026-01-02T10:00:00.000Z'), quiz(2, 70, '2026-01-03T10:00:00.000Z')))
    .document<DashboardDoc>('learners', 'u1');
  expect(learner?.quizResults).toEqual([
    { moduleId: 1, score: 40, completedAt: '2026-01-01T10:00:00.000Z' },
    { moduleId: 1, score: 90, completedAt: '2026-01-02T10:00:00.000Z' },
    { moduleId: 2, score: 70, completedAt: '2026-01-03T10:00:00.000Z' },
  ]);
  expect(learner?.moduleCompletions).toEqual([
    { moduleId: 1, completedAt: '2026-01-01T10:00:00.000Z' },
    { moduleId: 2, completedAt: '2026-01-03T10:00:00.000Z' },
  ]);
});

test('the latest psychology result’s headline numbers replace the earlier ones', () => {
  const completed = (overallScore: number, completedAt: string) =>
    event('PsychologyAssessmentCompleted', {
      assessmentId: `p-${overallScore}`,
      instrumentVersion: '1.0',
      responses: [],
      emotionalIntelligence: overallScore,
      cognitiveControl: 50,
      stressResilience: overallScore + 1,
      behavioralDiscipline: 50,
      riskManagement: 50,
      performanceOptimization: 50,
      overallScore,
      traderArchetype: 'Developing Trader',
      completedAt,
    });
  const psychology = inStream(streams.psychology('u1'));
  const learner = given(...psychology(completed(40, '2026-01-01T10:00:00.000Z')))
    .when(...psychology(completed(70, '2026-02-01T10:00:00.000Z')))
    .document<DashboardDoc>('learners', 'u1');
  expect(learner?.psychology).toEqual({
    emotionalIntelligence: 70,
    stressResilience: 71,
    overallScore: 70,
    traderArchetype: 'Developing Trader',
    completedAt: '2026-02-01T10:00:00.000Z',
  });
});

test('the margin simulator keeps its two latest runs: path, calls and time', () => {
  const run = (title: string, calls: number, completedAt: string) =>
    event('MarginSimulationCompleted', {
      scenarioId: 'gc-whipsaw',
      scenarioVersion: '1.0',
      scenarioTitle: title,
      side: 'long',
      contracts: 1,
      startingBalance: 25_000,
      responses: [],
      outcome: {
        finalBalance: 25_000,
        deposited: 0,
        callsReceived: calls,
        tradingResult: 0,
        worstDrawdown: 0,
        closedOnDay: null,
        contractsAtEnd: 1,
      },
      completedAt,
    });
  const learner = given(...learning(run('First', 0, '2027-03-01T10:00:00.000Z')))
    .when(
      ...learning(run('Second', 1, '2027-03-02T10:00:00.000Z'), run('Third', 2, '2027-03-03T10:00:00.000Z')),
    )
    .document<DashboardDoc>('learners', 'u1');
  expect(learner?.simulations).toEqual([
    { scenarioTitle: 'Second', callsReceived: 1, completedAt: '2027-03-02T10:00:00.000Z' },
    { scenarioTitle: 'Third', callsReceived: 2, completedAt: '2027-03-03T10:00:00.000Z' },
  ]);
});
