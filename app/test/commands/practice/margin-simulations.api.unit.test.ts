/**
 * The margin simulator's record as API specifications: given a registered learner, when they send a finished
 * run, then the server's own outcome and exactly the event appended; a run that breaks the rules is refused
 * with a message and appends nothing.
 */
import { type DomainEvent, streams } from '@tickwise/contracts';
import {
  activeCollection,
  catalogProjection,
  dashboardProjection,
  practiceProjection,
  rebuild,
  waitForProjections,
} from '@tickwise/projections';
import {
  apiSpecification,
  newEvents,
  noEvents,
  response,
  type Stack,
  startStack,
  type TestClock,
  testClock,
} from '../../../src/testing';

const NOW = '2027-03-11T09:00:00.000Z';
const RUNS = '/api/practice/margin-simulations';

let clock: TestClock;
let stack: Stack;
beforeAll(async () => {
  clock = testClock(NOW);
  stack = await startStack({ storage: 'memory', publishContent: true, clock });
});
afterAll(() => stack.close());

const spec = apiSpecification(() => stack);
let next = 0;
const learnerId = () => `0190f5d2-7c1e-7c3a-9b4e-${String(++next).padStart(12, '0')}`;

const registered = (userId: string) => {
  const event: DomainEvent = {
    type: 'UserRegistered',
    data: { userId, email: `${userId}@example.com`, firstName: 'Mo', lastName: 'Lee', registeredAt: NOW },
  };
  return { stream: streams.user(userId), events: [event] };
};

const send =
  (userId: string, body: object) =>
  ({ api, tokenOf }: Parameters<Parameters<ReturnType<typeof spec.given>['when']>[0]>[0]) =>
    api.post(RUNS, body).set(...tokenOf(userId));

const ES_RUN = {
  scenarioId: 'es-three-day-slide',
  side: 'long',
  contracts: 1,
  startingBalance: 30_000,
  responses: [
    { day: 3, action: 'deposit' },
    { day: 5, action: 'deposit' },
  ],
};
const ES_OUTCOME = {
  finalBalance: 31_550,
  deposited: 8000,
  callsReceived: 2,
  tradingResult: -6450,
  worstDrawdown: 10_500,
  closedOnDay: null,
  contractsAtEnd: 1,
};

test('a finished run: 201 with the outcome the server worked out, one MarginSimulationCompleted', async () => {
  const userId = learnerId();
  await spec
    .given(registered(userId))
    .when(send(userId, ES_RUN))
    .expect(
      response(201, {
        id: expect.any(String),
        scenarioId: 'es-three-day-slide',
        outcome: ES_OUTCOME,
        completedAt: NOW,
      }),
      newEvents(streams.learning(userId), [
        {
          type: 'MarginSimulationCompleted',
          data: {
            ...ES_RUN,
            scenarioVersion: '1.0',
            scenarioTitle: 'A three-day slide in the E-mini S&P 500',
            outcome: ES_OUTCOME,
            completedAt: NOW,
          },
        },
      ]),
    );
});

test.each([
  [
    'a call left unanswered',
    { ...ES_RUN, responses: [{ day: 3, action: 'deposit' }] },
    'Answer the margin call on day 5 before finishing the run',
  ],
  [
    'an answer on a day without a call',
    { ...ES_RUN, responses: [{ day: 1, action: 'deposit' }] },
    'There was no margin call on day 1',
  ],
  [
    'a start below the initial margin',
    { ...ES_RUN, startingBalance: 20_000 },
    'The starting balance must cover the initial margin: at least $27,500.00 for 1 contract',
  ],
])('refused, nothing appended: %s', async (_name, body, error) => {
  const userId = learnerId();
  await spec.given(registered(userId)).when(send(userId, body)).expect(response(400, { error }), noEvents);
});

test('an unknown scenario is 404; a malformed body is 400 naming the field; both append nothing', async () => {
  const userId = learnerId();
  await spec
    .given(registered(userId))
    .when(send(userId, { ...ES_RUN, scenarioId: 'no-such-path' }))
    .expect(response(404, { error: 'No margin scenario no-such-path' }), noEvents);
  await spec
    .given(registered(learnerId()))
    .when(send(userId, { ...ES_RUN, contracts: 0 }))
    .expect(response(400, { error: expect.stringContaining('contracts') }), noEvents);
});

test('the scenarios are served to signed-in learners, four of them, hypothetical paths with their days', async () => {
  const userId = learnerId();
  await spec
    .given(registered(userId))
    .when(({ api, tokenOf }) => api.get('/api/practice/margin-scenarios').set(...tokenOf(userId)))
    .expect(({ response: res }) => {
      expect(res.status).toBe(200);
      const ids = (res.body as { id: string }[]).map((s) => s.id);
      expect(ids).toEqual(['es-three-day-slide', 'cl-supply-shock', 'gc-whipsaw', 'mes-quiet-week']);
    });
});

test('rebuilding the practice, dashboard and catalog read models from the log gives the documents live holds', async () => {
  const userId = learnerId();
  await spec.given(registered(userId)).when(send(userId, ES_RUN)).expect(response(201, expect.anything()));
  const documents = async () => {
    const { store } = stack.storage;
    const runs = await store.find(await activeCollection(store, 'practice', 'scenarios'));
    const learner = await store.get(await activeCollection(store, 'dashboard', 'learners'), userId);
    const specs = await store.get(await activeCollection(store, 'catalog', 'contractSpecs'), 'current');
    const paths = await store.get(await activeCollection(store, 'catalog', 'marginScenarios'), 'current');
    return { runs, learner, specs, paths };
  };
  // The live projections have caught up with the log before their documents are compared.
  const head = await stack.head();
  expect(
    await waitForProjections(stack.storage.store, ['practice', 'dashboard', 'catalog'], head, 10_000),
  ).toBe(true);
  const live = await documents();
  expect(live.runs).toContainEqual(expect.objectContaining({ id: 'es-three-day-slide' }));
  await rebuild(stack.storage, practiceProjection);
  await rebuild(stack.storage, dashboardProjection);
  await rebuild(stack.storage, catalogProjection);
  expect(await documents()).toEqual(live);
});
