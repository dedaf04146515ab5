import type { ProjectionStatus } from '@tickwise/contracts';
import { isRebuilding, observe, rebuildFraction, SETTLE_MS, shouldPoll } from './rebuild-watch';

const live = (name: string): ProjectionStatus => ({
  name,
  version: 1,
  checkpoint: '98',
  lag: 0,
  state: 'live',
  rebuild: null,
});
const rebuilding = (name: string, processed = 40, total = 100): ProjectionStatus => ({
  ...live(name),
  state: 'rebuilding',
  rebuild: {
    targetVersion: 2,
    processed,
    total,
    eventsPerSecond: 1200,
    etaSeconds: 3,
    startedAt: '2026-11-25T23:00:00.000Z',
  },
});

describe('following a rebuild', () => {
  const T = 1_000_000;

  it('polls while a rebuild runs, is expected, or a projection catches up; not otherwise', () => {
    expect(shouldPoll([live('a')], {})).toBe(false);
    expect(shouldPoll(undefined, {})).toBe(false);
    expect(shouldPoll([rebuilding('a')], {})).toBe(true);
    expect(shouldPoll([{ ...live('a'), state: 'catching_up', lag: 5000 }], {})).toBe(true);
    expect(shouldPoll([live('a')], { a: { requestedAt: T, seenRunning: false } })).toBe(true);
  });

  it('is running once the projection shows rebuild progress, and finished when it is live again', () => {
    const watches = { analytics: { requestedAt: T, seenRunning: false } };
    const running = observe(watches, [rebuilding('analytics')], T + 100);
    expect(running).toEqual({ watches: { analytics: { requestedAt: T, seenRunning: true } }, finished: [] });
    const done = observe(running.watches, [live('analytics')], T + 300);
    expect(done).toEqual({ watches: {}, finished: ['analytics'] });
  });

  it('does not take a "live" answer right after the 202 for a finished rebuild, but does after SETTLE_MS', () => {
    const watches = { analytics: { requestedAt: T, seenRunning: false } };
    const early = observe(watches, [live('analytics')], T + 50);
    expect(early.finished).toEqual([]);
    expect(early.watches).toBe(watches);
    expect(observe(watches, [live('analytics')], T + SETTLE_MS).finished).toEqual(['analytics']);
  });

  it('keeps the same object when nothing changed (no re-render loop)', () => {
    const watches = { a: { requestedAt: T, seenRunning: true } };
    expect(observe(watches, [rebuilding('a')], T + 10).watches).toBe(watches);
    expect(observe(watches, [], T + 10).watches).toBe(watches);
  });

  it('knows the share done, or that the total is not known yet', () => {
    const status = rebuilding('a', 25, 200).rebuild;
    if (status === null) throw new Error('no progress');
    expect(rebuildFraction(status)).toBe(0.125);
    expect(rebuildFraction({ ...status, total: 0 })).toBeNull();
    expect(rebuildFraction({ ...status, processed: 300 })).toBe(1);
    expect(isRebuilding(live('a'))).toBe(false);
  });
});
