import { relativeTime } from './relative-time';

const now = new Date('2025-01-17T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relative time of recent activity', () => {
  it.each([
    ['0 minutes', 0, 'Just now'],
    ['59 minutes 59 seconds', HOUR - 1000, 'Just now'],
    ['a time a little in the future', -5 * MINUTE, 'Just now'],
  ])("under an hour (%s) is 'Just now'", (_, elapsed, text) => {
    expect(relativeTime(ago(elapsed), now)).toBe(text);
  });

  it.each([
    [HOUR, '1 hour ago'],
    [2 * HOUR - 1, '1 hour ago'],
    [2 * HOUR, '2 hours ago'],
    [DAY - 1, '23 hours ago'],
  ])('from an hour to a day it counts whole hours (%s ms → %s)', (elapsed, text) => {
    expect(relativeTime(ago(elapsed), now)).toBe(text);
  });

  it.each([
    [DAY, '1 day ago'],
    [2 * DAY - 1, '1 day ago'],
    [2 * DAY, '2 days ago'],
    [400 * DAY, '400 days ago'],
  ])('from a day on it counts whole days (%s ms → %s)', (elapsed, text) => {
    expect(relativeTime(ago(elapsed), now)).toBe(text);
  });

  it('accepts Date values and a numeric now, and gives nothing for a time that is not a date', () => {
    expect(relativeTime(new Date(now.getTime() - 3 * HOUR), now.getTime())).toBe('3 hours ago');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
