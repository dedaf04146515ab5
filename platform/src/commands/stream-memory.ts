import { type DomainEvent, personalFields } from '@tickwise/contracts';
import { LRUCache } from 'lru-cache';
import type { EventLog, Position, RecordedEvent } from '../eventlog/port';
import type { Decider } from './decider';

export type WithEventId<E extends DomainEvent> = E & { readonly eventId: string };

/**
 * The fingerprint of an event id: its last 32 bits, random in every id the log makes (time-ordered ones lead
 * with the time, derived ones are hashes throughout). Two ids may share one; a match is then checked against
 * the stream itself.
 */
export const fingerprintOf = (eventId: string): number => Number.parseInt(eventId.slice(-8), 16);

/**
 * A stream as a command sees it: the state folded from its history, its last revision and its events' id
 * fingerprints. Not the history itself: a command decides from the state, and the rare command that needs
 * events (a repeated one, one answering a record already there) reads them from the log.
 */
export interface LoadedStream<S> {
  /** The last event's revision; null for a stream with no events. */
  readonly revision: number | null;
  readonly state: S;
  /**
   * The fingerprints of the stream's event ids: a command whose first event's is not among them is new. Shared
   * by a stream's successive states, so an older state may hold a newer state's ones: a match is only a hint.
   */
  readonly fingerprints: Set<number>;
  /** Whether any event holds personal data: such a stream is kept only briefly, and only while it opens. */
  readonly personal: boolean;
}

/**
 * Streams kept per log and decider, the least recently used going first. A kept stream is its folded state
 * and one number per event: about 3.5 KB for a learner of the capacity bench's seeded history (56 events),
 * so 2,500 come to about 9 MB a decider. That covers every learner who writes again before 2,500 other
 * streams have been written: a learner working through checks and answers at once, and a long stream
 * written again and again, which would otherwise be read whole for every command.
 */
export const STREAMS_KEPT = 2_500;

/**
 * How long a stream holding personal data is kept after its last command: long enough for a learner's next
 * step (reading a document, then acknowledging it), short enough that nothing opened lingers once they leave.
 */
export const PERSONAL_KEPT_MS = 60_000;

const toDomain = <E extends DomainEvent>(event: RecordedEvent): WithEventId<E> => ({
  ...({ type: event.type, data: event.data } as E),
  eventId: event.eventId,
});

const holdsPersonalData = (event: DomainEvent) => Object.hasOwn(personalFields, event.type);

const memories = new WeakMap<EventLog, WeakMap<object, LRUCache<string, LoadedStream<unknown>>>>();

function memoryOf(log: EventLog, decider: object): LRUCache<string, LoadedStream<unknown>> {
  let byDecider = memories.get(log);
  if (!byDecider) {
    byDecider = new WeakMap();
    memories.set(log, byDecider);
  }
  let memory = byDecider.get(decider);
  if (!memory) {
    // Expired entries are dropped by a timer, not when next asked for: nothing personal outlives its time.
    memory = new LRUCache({ max: STREAMS_KEPT, ttlAutopurge: true });
    byDecider.set(decider, memory);
  }
  return memory;
}

/** `loaded` with `events` after it: the state folded on, their fingerprints added. */
export function extend<S, E extends DomainEvent>(
  decider: Decider<unknown, S, E>,
  loaded: LoadedStream<S>,
  events: readonly WithEventId<E>[],
): LoadedStream<S> {
  if (events.length === 0) return loaded;
  for (const event of events) loaded.fingerprints.add(fingerprintOf(event.eventId));
  return {
    revision: (loaded.revision ?? -1) + events.length,
    state: events.reduce(decider.evolve, loaded.state),
    fingerprints: loaded.fingerprints,
    personal: loaded.personal || events.some(holdsPersonalData),
  };
}

export const emptyStream = <S, E extends DomainEvent>(decider: Decider<unknown, S, E>): LoadedStream<S> => ({
  revision: null,
  state: decider.initialState,
  fingerprints: new Set(),
  personal: false,
});

/** The stream's events up to `loaded`'s revision, oldest first, read from the log. */
export async function readHistory<E extends DomainEvent>(
  log: EventLog,
  stream: string,
  loaded: LoadedStream<unknown>,
): Promise<{ events: WithEventId<E>[]; positions: Position[] }> {
  if (loaded.revision === null) return { events: [], positions: [] };
  const recorded = await log.readStream(stream, { maxCount: loaded.revision + 1 });
  return { events: recorded.map((event) => toDomain<E>(event)), positions: recorded.map((e) => e.position) };
}

/**
 * Loads a stream for a command: what this process kept of it from its last command, plus only the events
 * appended since (by anyone: read from the kept revision on), so a command's cost does not grow with the
 * stream's history. The decider's `evolve` is pure, so a kept state is reused as it is.
 *
 * A stream holding personal data is kept for `PERSONAL_KEPT_MS` after its last command, and only where the
 * log can say whether it still opens (the encryption layer): before it is used again the layer confirms its
 * learner's key is still in use (asked of the key store at most a second before, as for every read), so
 * after an erasure, here or in another process, their opened fields are never used again; they are read
 * whole instead, as erased.
 */
export async function loadStream<S, E extends DomainEvent>(
  log: EventLog,
  decider: Decider<unknown, S, E>,
  stream: string,
): Promise<LoadedStream<S>> {
  const memory = memoryOf(log, decider);
  let kept = memory.get(stream) as LoadedStream<S> | undefined;
  if (kept?.personal && !(await log.personalDataOpens?.(stream))) {
    memory.delete(stream);
    kept = undefined;
  }
  const from = kept?.revision === null || kept === undefined ? 0 : kept.revision + 1;
  const recorded = await log.readStream(stream, from > 0 ? { fromRevision: from } : undefined);
  const loaded = extend(
    decider,
    kept ?? emptyStream(decider),
    recorded.map((event) => toDomain<E>(event)),
  );
  remember(log, decider, stream, loaded);
  return loaded;
}

/**
 * Keeps what a command left of a stream (after its append); one holding personal data only for
 * `PERSONAL_KEPT_MS`, and only in a log that can tell whether it still opens.
 */
export function remember<S, E extends DomainEvent>(
  log: EventLog,
  decider: Decider<unknown, S, E>,
  stream: string,
  loaded: LoadedStream<S>,
): void {
  const memory = memoryOf(log, decider);
  if (loaded.revision === null || (loaded.personal && !log.personalDataOpens)) memory.delete(stream);
  else
    memory.set(stream, loaded, {
      ttl: loaded.personal ? PERSONAL_KEPT_MS : 0,
    });
}

/** Drops what this process kept of a stream (another process wrote to it first). */
export function forget(log: EventLog, decider: object, stream: string): void {
  memoryOf(log, decider).delete(stream);
}
