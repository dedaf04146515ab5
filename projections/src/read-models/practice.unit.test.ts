import { event, streams } from '@tickwise/contracts';
import { inStream, projectionSpec } from '../../test/projection-spec';
import { type ItemReviewsDoc, practiceProjection, type ScenarioRunsDoc } from './practice';

const { given } = projectionSpec(practiceProjection);
const outcome = (calls: number, result: number, closedOnDay: number | null) => ({
  finalBalance: 25_000 + result,
  deposited: 0,
  callsReceived: calls,
  tradingResult: result,
  worstDrawdown: 0,
  closedOnDay,
  contractsAtEnd: closedOnDay === null ? 1 : 0,
});
const run = (calls: number, result: number, closedOnDay: number | null) =>
  event('MarginSimulationCompleted', {
    scenarioId: 'gc-whipsaw',
    scenarioVersion: '1.0',
    scenarioTitle: 'A whipsaw in gold',
    side: 'long',
    contracts: 1,
    startingBalance: 25_000,
    responses: [],
    outcome: outcome(calls, result, closedOnDay),
    completedAt: '2027-03-01T10:00:00.000Z',
  });
const reviewed = (isCorrect: boolean) =>
  event('ReviewAnswered', {
    itemKind: 'quiz',
    itemId: 101,
    lessonId: null,
    moduleId: 1,
    selectedAnswer: 0,
    isCorrect,
    answeredAt: '2027-03-01T10:00:00.000Z',
  });

test('runs per path across learners: how many, how many closed at a call, calls and results summed', () => {
  const doc = given(...inStream(streams.learning('u1'))(run(2, -7810, 2)))
    .when(...inStream(streams.learning('u2'))(run(1, 5480, null)))
    .document<ScenarioRunsDoc>('scenarios', 'gc-whipsaw');
  expect(doc).toEqual({ id: 'gc-whipsaw', runs: 2, closedEarly: 1, calls: 3, tradingResult: -2330 });
});

test('review answers per item, right ones counted', () => {
  const doc = given(...inStream(streams.learning('u1'))(reviewed(false)))
    .when(...inStream(streams.learning('u2'))(reviewed(true), reviewed(true)))
    .document<ItemReviewsDoc>('reviewItems', 'quiz:101');
  expect(doc).toMatchObject({ kind: 'quiz', itemId: 101, moduleId: 1, reviews: 3, right: 2 });
});
