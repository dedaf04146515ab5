import { type DomainEvent, personalFields } from '@tickwise/contracts';
import { LRUCache } from 'lru-cache';
import type { EventLog, Position, RecordedEvent } from '../eventlog/port';
import type { Decider } from './decider';

export type WithEventId<E extends DomainEvent> = E & { readonly eventId: string };

/**
 * The events of a stream as far as this process has seen them, with their global positions (where known)
 * and their indexes by id. Append-only and shared by a stream's successive states, so that a command adds
 * its events without copying the history before them; each state sees the first `length` entries.
 */
interface Tape<E extends DomainEvent> {
  readonly events: WithEventId<E>[];
  readonly positions: (Position | undefined)[];
  /** Each event's index by its id (a repeated command finds its events without a scan). */
  readonly eventIndex: Map<string, number>;
}

/** A stream as a command sees it: its history, the state folded from it, and its last revision. */
export interface LoadedStream<S, E extends DomainEvent> {
  /** The last event's revision; null for a stream with no events. */
  readonly revision: number | null;
  readonly state: S;
  /** How many events the stream has: the tape's first `length`. */
  readonly length: number;
  readonly tape: Tape<E>;
  /** Whether any event holds personal data: such a stream is kept only briefly, and only while it opens. */
  readonly personal: boolean;
}

/** The stream's events, oldest first: a copy of its part of the tape, which later states add to. */
export const historyOf = <E extends DomainEvent>(
  loaded: LoadedStream<unknown, E>,
): readonly WithEventId<E>[] => loaded.tape.events.slice(0, loaded.length);

/** The event with id `eventId` among the stream's, and its index. */
export function eventById<E extends DomainEvent>(
  loaded: LoadedStream<unknown, E>,
  eventId: string,
): { event: WithEventId<E>; index: number } | undefined {
  const index = loaded.tape.eventIndex.get(eventId);
  if (index === undefined || index >= loaded.length) return undefined;
  const event = loaded.tape.events[index];
  return event?.eventId === eventId ? { event, index } : undefined;
}

/** The global position of the stream's event at `index`, where known. */
export const positionAt = (loaded: LoadedStream<unknown, DomainEvent>, index: number) =>
  index < loaded.length ? loaded.tape.positions[index] : undefined;

/**
 * Streams kept per log and decider: the ones being written now; the least recently used go first. A kept
 * stream holds its whole history (a repeated command answers its original events), about 50 KB for a
 * learner of the bench's 50 events: 250 cover a classroom of 200 writing at once in about 12 MB a decider.
 */
const STREAMS_KEPT = 250;

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

const memories = new WeakMap<EventLog, Map<object, LRUCache<string, LoadedStream<unknown, DomainEvent>>>>();

function memoryOf(log: EventLog, decider: object): LRUCache<string, LoadedStream<unknown, DomainEvent>> {
  let byDecider = memories.get(log);
  if (!byDecider) {
    const kept = new Map<object, LRUCache<string, LoadedStream<unknown, DomainEvent>>>();
    // A closed log's streams are dropped at once, with the timers that would have expired them.
    log.onClose?.(() => {
      for (const memory of kept.values()) memory.clear();
      kept.clear();
    });
    byDecider = kept;
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

/**
 * `loaded` with `events` after it (recorded at `positions`). The events are added to the shared tape when
 * `loaded` is its newest state (always, as commands on a stream take turns); otherwise its part of the
 * tape is copied first, so an older state never sees events that are not its own.
 */
export function extend<S, E extends DomainEvent>(
  decider: Decider<unknown, S, E>,
  loaded: LoadedStream<S, E>,
  events: readonly WithEventId<E>[],
  positions: readonly (Position | undefined)[],
): LoadedStream<S, E> {
  if (events.length === 0) return loaded;
  const tape =
    loaded.tape.events.length === loaded.length
      ? loaded.tape
      : {
          events: loaded.tape.events.slice(0, loaded.length),
          positions: loaded.tape.positions.slice(0, loaded.length),
          eventIndex: new Map(
            loaded.tape.events.slice(0, loaded.length).map((event, index) => [event.eventId, index]),
          ),
        };
  for (const [offset, event] of events.entries()) {
    tape.eventIndex.set(event.eventId, loaded.length + offset);
    tape.events.push(event);
    tape.positions.push(positions[offset]);
  }
  return {
    revision: (loaded.revision ?? -1) + events.length,
    state: events.reduce(decider.evolve, loaded.state),
    length: loaded.length + events.length,
    tape,
    personal: loaded.personal || events.some(holdsPersonalData),
  };
}

export const emptyStream = <S, E extends DomainEvent>(
  decider: Decider<unknown, S, E>,
): LoadedStream<S, E> => ({
  revision: null,
  state: decider.initialState,
  length: 0,
  tape: { events: [], positions: [], eventIndex: new Map() },
  personal: false,
});

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
): Promise<LoadedStream<S, E>> {
  const memory = memoryOf(log, decider);
  let kept = memory.get(stream) as LoadedStream<S, E> | undefined;
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
    recorded.map((event) => event.position),
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
  loaded: LoadedStream<S, E>,
): void {
  const memory = memoryOf(log, decider);
  if (loaded.revision === null || (loaded.personal && !log.personalDataOpens)) memory.delete(stream);
  else
    memory.set(stream, loaded as LoadedStream<unknown, DomainEvent>, {
      ttl: loaded.personal ? PERSONAL_KEPT_MS : 0,
    });
}

/** Drops what this process kept of a stream (another process wrote to it first). */
export function forget(log: EventLog, decider: object, stream: string): void {
  memoryOf(log, decider).delete(stream);
}
