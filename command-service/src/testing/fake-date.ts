/**
 * Fakes Date alone, flowing with real time until a test moves it on (`jest.setSystemTime`); timers, the event
 * loop and the performance clock stay real. For code that reads the time from Date (the login throttle, data-key
 * re-checks) when a test must let time pass without waiting. Undo with `jest.useRealTimers()`.
 */
export const fakeDateOnly = (): void => {
  jest.useFakeTimers({
    advanceTimers: true,
    doNotFake: [
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
    ],
  });
};
