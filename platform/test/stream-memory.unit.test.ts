import type { DomainEvent } from '@tickwise/contracts';
import type { Decider } from '../src/commands/decider';
import { commandMetadata } from '../src/commands/handle-command';
import {
  emptyStream,
  extend,
  fingerprintOf,
  loadStream,
  readHistory,
  STREAMS_KEPT,
  type WithEventId,
} from '../src/commands/stream-memory';
import { commandEventId, newId } from '../src/eventlog/ids';
import { InMemoryEventLog } from '../src/eventlog/in-memory-event-log';

// A kept stream is its folded state and its events' id fingerprints, never its history: a command that needs
// events reads them from the log, exactly as far as the state it was decided on.
type Counted = DomainEvent & { type: 'LessonStarted' };
const counter: Decider<never, number, Counted> = {
  initialState: 0,
  evolve: (count) => count + 1,
  decide: () => ({ ok: true, events: [] }),
};
const event = (id: string) =>
  ({ type: 'LessonStarted', data: {}, eventId: id }) as unknown as WithEventId<Counted>;

test('extending a state folds the events on and adds their fingerprints', () => {
  const [a, b, c] = [commandEventId('x', 0), commandEventId('x', 1), commandEventId('y', 0)];
  const one = extend(counter, emptyStream(counter), [event(a), event(b)]);
  const two = extend(counter, one, [event(c)]);
  expect([one.state, two.state]).toEqual([2, 3]);
  expect([one.revision, two.revision]).toEqual([1, 2]);
  expect([a, b, c].every((id) => two.fingerprints.has(fingerprintOf(id)))).toBe(true);
  expect(extend(counter, two, [])).toBe(two);
});

test('a fingerprint is the last 32 bits of an id, random in derived and time-ordered ids alike', () => {
  expect(fingerprintOf('0190f5e2-7a3b-7c4d-8e5f-0123456789ab')).toBe(0x456789ab);
  // Ids made in the same millisecond share their leading bits, not their last ones.
  const sameMoment = Array.from({ length: 1000 }, () => fingerprintOf(newId()));
  expect(new Set(sameMoment).size).toBeGreaterThan(990);
});

describe('through a log', () => {
  const log = new InMemoryEventLog();
  const append = (stream: string, ...ids: string[]) =>
    log.appendToStream(
      stream,
      ids.map((eventId) => ({
        type: 'UserLoggedOut' as const,
        data: { userId: 'learner-1', tokensRevokedBefore: '2026-12-01T10:00:00.000Z' },
        eventId,
        metadata: commandMetadata(
          { commandId: eventId, actor: 'learner-1', correlationId: eventId },
          '2026-12-01T10:00:00.000Z',
        ),
      })),
      { expectedRevision: 'any' },
    );

  test('the history read for a state ends at its revision, whatever was appended since', async () => {
    await append('s-history', commandEventId('h', 0), commandEventId('h', 1));
    const loaded = await loadStream(log, counter, 's-history');
    await append('s-history', commandEventId('h', 2));
    const { events, positions } = await readHistory(log, 's-history', loaded);
    expect(events.map((e) => e.eventId)).toEqual([commandEventId('h', 0), commandEventId('h', 1)]);
    expect(positions).toHaveLength(2);
    expect((await loadStream(log, counter, 's-history')).state).toBe(3);
  });

  test(`at most ${STREAMS_KEPT.toLocaleString('en-US')} streams are kept per decider: the least recently used go first`, async () => {
    const reads: string[] = [];
    const counting = new Proxy(log, {
      get(target, property, receiver) {
        if (property === 'readStream')
          return (stream: string, options?: { fromRevision?: number }) => {
            reads.push(`${stream}@${options?.fromRevision ?? 0}`);
            return target.readStream(stream, options);
          };
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const decider = { ...counter };
    for (let i = 0; i <= STREAMS_KEPT; i++) {
      await append(`s-${i}`, commandEventId(`s-${i}`, 0));
      await loadStream(counting, decider, `s-${i}`);
    }
    reads.length = 0;
    // The first stream was pushed out by the one over the bound; the last is still kept.
    await loadStream(counting, decider, 's-0');
    await loadStream(counting, decider, `s-${STREAMS_KEPT}`);
    expect(reads).toEqual(['s-0@0', `s-${STREAMS_KEPT}@1`]);
  });
});
