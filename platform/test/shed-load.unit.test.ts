import { shedLoad } from '../src/http/shed-load';

const limits = { maxInFlight: 10, maxLoopDelayMs: 100, passwordLanes: 1, passwordQueue: 1 };

afterEach(() => {
  jest.useRealTimers();
});

test("the watch of the event loop's delay runs until the service's signal aborts", () => {
  jest.useFakeTimers();
  const stopped = new AbortController();
  shedLoad(limits, stopped.signal);
  expect(jest.getTimerCount()).toBe(1);
  stopped.abort();
  expect(jest.getTimerCount()).toBe(0);
});

test('a service whose signal has already aborted starts no watch', () => {
  jest.useFakeTimers();
  shedLoad(limits, AbortSignal.abort());
  expect(jest.getTimerCount()).toBe(0);
});
