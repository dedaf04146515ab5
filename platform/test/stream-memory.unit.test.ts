import type { DomainEvent } from '@tickwise/contracts';
import type { Decider } from '../src/commands/decider';
import {
  emptyStream,
  eventById,
  extend,
  historyOf,
  positionAt,
  type WithEventId,
} from '../src/commands/stream-memory';

// A kept stream's events live on a tape shared by its successive states: a command adds to it without copying
// the history before it, and no state ever sees an event that is not its own.
type Counted = DomainEvent & { type: 'LessonStarted' };
const counter: Decider<never, number, Counted> = {
  initialState: 0,
  evolve: (count) => count + 1,
  decide: () => ({ ok: true, events: [] }),
};
const event = (id: string) =>
  ({ type: 'LessonStarted', data: {}, eventId: id }) as unknown as WithEventId<Counted>;
const ids = (events: readonly { eventId: string }[]) => events.map((e) => e.eventId);

test('successive states share one tape; each sees its own events, positions and ids', () => {
  const one = extend(counter, emptyStream(counter), [event('a'), event('b')], [undefined, 'p7']);
  const two = extend(counter, one, [event('c')], ['p9']);
  expect(two.tape).toBe(one.tape);
  expect([one.state, two.state]).toEqual([2, 3]);
  expect(ids(historyOf(one))).toEqual(['a', 'b']);
  expect(ids(historyOf(two))).toEqual(['a', 'b', 'c']);
  expect(eventById(one, 'c')).toBeUndefined();
  expect(eventById(two, 'c')).toEqual({ event: event('c'), index: 2 });
  expect([positionAt(one, 1), positionAt(one, 2), positionAt(two, 2)]).toEqual(['p7', undefined, 'p9']);
});

test('extending an older state copies its part of the tape: the newer state and the older one stay apart', () => {
  const one = extend(counter, emptyStream(counter), [event('a')], ['p1']);
  const newer = extend(counter, one, [event('b')], ['p2']);
  const other = extend(counter, one, [event('x')], ['p3']);
  expect(other.tape).not.toBe(one.tape);
  expect(ids(historyOf(newer))).toEqual(['a', 'b']);
  expect(ids(historyOf(other))).toEqual(['a', 'x']);
  expect(eventById(other, 'b')).toBeUndefined();
  expect(eventById(newer, 'x')).toBeUndefined();
  expect(positionAt(other, 1)).toBe('p3');
});

test('a history read from a state is a copy: later events on the tape do not appear in it', () => {
  const one = extend(counter, emptyStream(counter), [event('a')], ['p1']);
  const history = historyOf(one);
  extend(counter, one, [event('b')], ['p2']);
  expect(ids(history)).toEqual(['a']);
  expect(ids(historyOf(one))).toEqual(['a']);
});
