/**
 * Shedding load: past MAX_IN_FLIGHT API requests at once, a new one is answered 503 with Retry-After at
 * once, appends nothing, and health stays readable; once requests finish, writes are accepted again. The
 * same for password hashing: past PASSWORD_LANES hashes at once and PASSWORD_QUEUE waiting, a login or a
 * registration is refused before it hashes or appends anything.
 */
import { BUSY_MESSAGE, type EventLog } from '@tickwise/platform';
import request from 'supertest';
import {
  compliantLearner,
  freshEmail,
  GOOD_PASSWORD,
  type Learner,
  type Stack,
  startCourseStack,
} from '../../../src/testing';

/** A log whose stream reads wait while the gate is closed: the commands that read hold their place in flight. */
function gatedLog() {
  let closed = false;
  let waiting: Array<() => void> = [];
  const beneath = (log: EventLog): EventLog =>
    new Proxy(log, {
      get(target, key) {
        if (key === 'readStream')
          return async (...args: Parameters<EventLog['readStream']>) => {
            if (closed) await new Promise<void>((resolve) => waiting.push(resolve));
            return target.readStream(...args);
          };
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return {
    beneath,
    close: () => {
      closed = true;
    },
    open: () => {
      closed = false;
      for (const release of waiting) release();
      waiting = [];
    },
    waiting: () => waiting.length,
  };
}

const gate = gatedLog();
let stack: Stack;
let ada: Learner;
let bea: Learner;
beforeAll(async () => {
  stack = await startCourseStack({ env: { MAX_IN_FLIGHT: '2' }, logBeneath: gate.beneath });
  ada = await compliantLearner(stack, 'shed-ada');
  bea = await compliantLearner(stack, 'shed-bea');
});
afterAll(async () => {
  gate.open();
  await stack?.close();
});

const answer = (learner: Learner) =>
  learner.post('/api/quiz/attempt', { questionId: 101, selectedAnswer: 0 });

test('a third request while two are in flight → 503 busy with Retry-After, nothing appended; then accepted again', async () => {
  gate.close();
  const inFlight = [answer(ada), answer(bea)];
  for (let i = 0; gate.waiting() < 2; i++) {
    if (i > 200) throw new Error('the two requests never reached the log');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const head = await stack.head();
  const refused = await answer(ada);
  expect(refused.status).toBe(503);
  expect(refused.headers['retry-after']).toBe('1');
  expect(refused.body).toEqual({ error: BUSY_MESSAGE });
  // An operator still sees the service while it sheds load.
  expect((await request(stack.commandListener).get('/healthz')).status).toBe(200);

  gate.open();
  expect((await Promise.all(inFlight)).map((r) => r.status)).toEqual([201, 201]);
  const appended = await stack.eventsAfter(head);
  expect(appended.map((e) => e.type)).toEqual(['QuizQuestionAnswered', 'QuizQuestionAnswered']);
  expect((await answer(ada)).status).toBe(201);
});

describe('password hashing lanes', () => {
  let lanes: Stack;
  beforeAll(async () => {
    lanes = await startCourseStack({ env: { PASSWORD_LANES: '1', PASSWORD_QUEUE: '0' } });
  });
  afterAll(async () => {
    await lanes?.close();
  });

  test('with the one lane taken and no room to wait, login and registration → 503 busy, nothing appended; then accepted', async () => {
    const api = lanes.client();
    const email = freshEmail('lanes');
    expect((await api.post('/api/auth/register', { email, password: GOOD_PASSWORD })).status).toBe(201);

    let release: () => void = () => {};
    const holding = lanes.commandDeps.passwordLanes(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const head = await lanes.head();
    const login = await api.post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(login.status).toBe(503);
    expect(login.headers['retry-after']).toBe('1');
    expect(login.body).toEqual({ error: BUSY_MESSAGE });
    const register = await api.post('/api/auth/register', {
      email: freshEmail('lanes'),
      password: GOOD_PASSWORD,
    });
    expect(register.status).toBe(503);
    expect(await lanes.eventsAfter(head)).toEqual([]);

    release();
    await holding;
    const again = await api.post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(again.status).toBe(200);
    expect((await lanes.eventsAfter(head)).map((e) => e.type)).toEqual(['LoginSucceeded']);
  });
});
