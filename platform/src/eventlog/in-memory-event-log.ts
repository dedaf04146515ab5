import type { DomainEvent } from '@tickwise/contracts';
import { checkAppend, domainEvents, type EventCatalog, typedByTag } from './decode';
import { verifyChain } from './hash-chain';
import { InMemoryEventLogState, type InMemoryEventRow } from './in-memory-event-log-state';
import {
  type AppendResult,
  CorruptEventError,
  type EventLog,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  START,
  type StreamVerification,
  type SubscribeOptions,
  type Subscription,
  type TaggedEvent,
} from './port';

export { InMemoryEventLogState, type InMemoryEventRow } from './in-memory-event-log-state';

export interface InMemoryEventLogOptions<E extends TaggedEvent = DomainEvent> {
  /** The events the log holds; the product's `DomainEvent`s unless given (as for `SqliteEventLog`). */
  events?: EventCatalog<E>;
  /** The stored events: a new, empty log unless given. Logs given one state share one log. */
  state?: InMemoryEventLogState;
}

interface PendingAppend<E extends TaggedEvent> {
  stream: string;
  events: readonly NewEvent<E>[];
  expectedRevision: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** A stored row as an event: fresh objects parsed from its text, as the SQLite log reads a row. */
function recorded(row: InMemoryEventRow): RecordedEvent<TaggedEvent> {
  try {
    const { position, eventId, stream, revision, type } = row;
    const data: unknown = JSON.parse(row.data);
    const metadata = JSON.parse(row.metadata) as RecordedEvent<TaggedEvent>['metadata'];
    return { eventId, stream, revision, type, data, metadata, position: String(position) };
  } catch {
    throw new CorruptEventError(row.stream, row.revision);
  }
}

/** At most `maxCount` items (all of them when it is absent or negative, as SQLite's LIMIT). */
const limited = <T>(items: T[], maxCount: number | undefined): T[] =>
  maxCount === undefined || maxCount < 0 ? items : items.slice(0, maxCount);

/**
 * The event log in memory, for unit-tier tests of deciders, projections and routes: no file, no thread. It
 * keeps the SQLite adapter's semantics — codecs checked on append, the same hash chain, expected revisions,
 * idempotent appends by event id, positions '1', '2', … — and passes the same contract suite. As there, the
 * appends asked for in one turn of the event loop are applied together in the next: a caller's retry loop
 * still lets timers run, and code that reads before its append settled sees what it would see on SQLite.
 */
export class InMemoryEventLog<E extends TaggedEvent = DomainEvent> implements EventLog<E> {
  readonly state: InMemoryEventLogState;
  readonly #events: EventCatalog<E>;
  /** Appends asked for in this turn of the event loop, applied together in the next (a group commit). */
  #queue: PendingAppend<E>[] = [];
  /** How to stop each open subscription of this log: on close they finish. */
  readonly #subscriptions = new Set<() => void>();
  #closed = false;

  constructor(options: InMemoryEventLogOptions<E> = {}) {
    // Without a catalog the log holds the product's events (E keeps its default, DomainEvent).
    this.#events = options.events ?? (domainEvents as unknown as EventCatalog<E>);
    this.state = options.state ?? new InMemoryEventLogState();
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('event log is closed');
  }

  readonly #typed = (row: InMemoryEventRow): RecordedEvent<E> => typedByTag(this.#events, recorded(row));

  appendToStream(
    stream: string,
    events: readonly NewEvent<E>[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (this.#closed) return Promise.reject(new Error('event log is closed'));
    if (events.length === 0) return Promise.reject(new Error('appendToStream needs at least one event'));
    try {
      checkAppend(this.#events, stream, events);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ stream, events, expectedRevision: options.expectedRevision, resolve, reject });
      if (this.#queue.length === 1) setImmediate(() => this.#flush());
    });
  }

  /** Applies the appends queued in the last turn, in order; a failed one fails alone. */
  #flush(): void {
    for (const append of this.#queue.splice(0)) {
      try {
        append.resolve(this.state.append(append.stream, append.events, append.expectedRevision));
      } catch (error) {
        append.reject(error);
      }
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent<E>[]> {
    this.#assertOpen();
    const rows = this.state.stream(stream);
    const picked =
      options.direction === 'backwards'
        ? rows.filter((row) => row.revision <= (options.fromRevision ?? Number.MAX_SAFE_INTEGER)).reverse()
        : rows.filter((row) => row.revision >= (options.fromRevision ?? 0));
    return limited(picked, options.maxCount).map(this.#typed);
  }

  async *readAll(options: ReadAllOptions<E['type']> = {}): AsyncIterable<RecordedEvent<E>[]> {
    const batchSize = options.batchSize ?? 1000;
    let remaining = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    let after = Number(options.fromPosition ?? START);
    const types = options.types ? new Set<string>(options.types) : undefined;
    while (remaining > 0 && !this.#closed) {
      const rows = this.state.after(after, Math.min(batchSize, remaining), types);
      const last = rows.at(-1);
      if (!last) return;
      after = last.position;
      remaining -= rows.length;
      yield rows.map(this.#typed);
    }
  }

  /** Catch-up, then live: waits for the state's next append (by any log sharing it), no polling. */
  subscribe(options: SubscribeOptions): Subscription<E> {
    let after = Number(options.fromPosition ?? START);
    let open = true;
    let wake: (() => void) | undefined;
    const notify = () => {
      const resolve = wake;
      wake = undefined;
      resolve?.();
    };
    const stopListening = this.state.listen(notify);
    const log = this;
    const live = () => open && !log.#closed;
    async function* events(): AsyncGenerator<RecordedEvent<E>> {
      while (live()) {
        const rows = log.state.after(after, 500);
        if (rows.length === 0) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          continue;
        }
        for (const row of rows) {
          after = row.position;
          yield log.#typed(row);
          if (!open) return;
        }
      }
    }
    const iterator = events();
    const stop = () => {
      open = false;
      stopListening();
      this.#subscriptions.delete(stop);
      notify();
    };
    this.#subscriptions.add(stop);
    return {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => stop(),
    };
  }

  async headPosition(): Promise<Position> {
    this.#assertOpen();
    return String(this.state.head());
  }

  async verifyStream(stream: string): Promise<StreamVerification> {
    this.#assertOpen();
    const events: RecordedEvent<TaggedEvent>[] = [];
    for (const row of this.state.stream(stream)) {
      try {
        events.push(recorded(row));
      } catch {
        return { ok: false, stream, brokenAt: row.revision, reason: 'stored event is not valid JSON' };
      }
    }
    return verifyChain(stream, events);
  }

  /** Memory always takes writes: answers as long as the log is open. */
  async probeWrite(): Promise<void> {
    this.#assertOpen();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    // Appends already asked for are applied, as the SQLite log's close commits them.
    this.#flush();
    this.#closed = true;
    for (const stop of [...this.#subscriptions]) stop();
  }
}
