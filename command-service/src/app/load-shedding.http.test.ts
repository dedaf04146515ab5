/**
 * Shedding load: past MAX_IN_FLIGHT API requests at once, a new one is answered 503 with Retry-After at
 * once, appends nothing, and health stays readable; once requests finish, writes are accepted again.
 */
import { BUSY_MESSAGE, type EventLog } from '@tickwise/platform';
import request from 'supertest';
import { compliantLearner, type Learner, startCourseStack } from '../learning/test-support';
import type { Stack } from '../testing/harness';

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
