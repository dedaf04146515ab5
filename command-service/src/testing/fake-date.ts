/** What jest can fake besides the browser's animation and idle callbacks. */
const FAKEABLE = [
  'Date',
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

const fakeOnly = (faked: ReadonlyArray<(typeof FAKEABLE)[number]>, advanceTimers = false): void => {
  jest.useFakeTimers({ advanceTimers, doNotFake: FAKEABLE.filter((api) => !faked.includes(api)) });
};

/**
 * Fakes Date alone, flowing with real time until a test moves it on (`jest.setSystemTime`); timers, the event
 * loop and the performance clock stay real. For code that reads the time from Date (the login throttle, data-key
 * re-checks) when a test must let time pass without waiting. Undo with `jest.useRealTimers()`.
 */
export const fakeDateOnly = (): void => fakeOnly(['Date'], true);

/**
 * Fakes setTimeout alone, so a test can count the timeouts still pending (`jest.getTimerCount()`) while
 * storage and the event loop run for real. Undo with `jest.useRealTimers()`.
 */
export const fakeTimeoutsOnly = (): void => fakeOnly(['setTimeout', 'clearTimeout']);
