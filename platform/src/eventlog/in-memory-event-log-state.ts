import { GENESIS_HASH, hashEnvelope } from './hash-chain';
import { newId } from './ids';
import {
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
  type TaggedEvent,
  WrongExpectedRevisionError,
} from './port';

/**
 * A stored event as the SQLite log keeps its row: data and metadata as JSON text, so every read parses fresh
 * objects and a caller cannot change what the next one reads.
 */
export interface InMemoryEventRow {
  readonly position: number;
  readonly eventId: string;
  readonly stream: string;
  readonly revision: number;
  readonly type: string;
  /** Writable so a test can change a stored byte behind the log's back, as one can in a SQLite file. */
  data: string;
  metadata: string;
}

/** An error carrying the name (or code) the SQLite log's error has in the same case, for callers that look. */
function storageError(message: string, fields: { name?: string; code?: string }): Error {
  const error = Object.assign(new Error(message), fields.code ? { code: fields.code } : {});
  if (fields.name) error.name = fields.name;
  return error;
}

/**
 * What an in-memory event log holds, apart from the log object: several `InMemoryEventLog`s given one state
 * share one log, as SQLite logs opened on one file do. Appends are applied whole or not at all, and each one
 * checks its expected revision and extends its stream's hash chain exactly as `SqliteAppender` does.
 */
export class InMemoryEventLogState {
  /** Every event in position order: positions count from 1, so the event at position p is `rows[p - 1]`. */
  readonly rows: InMemoryEventRow[] = [];
  readonly #byEventId = new Map<string, InMemoryEventRow>();
  readonly #streams = new Map<string, InMemoryEventRow[]>();
  /** Called after every append, whichever log on this state made it: wakes live subscriptions. */
  readonly #listeners = new Set<() => void>();

  /** The position of the last event; 0 when the log is empty. */
  head(): number {
    return this.rows.length;
  }

  /** One stream's events in revision order (revision r at index r). */
  stream(stream: string): readonly InMemoryEventRow[] {
    return this.#streams.get(stream) ?? [];
  }

  /**
   * Up to `limit` events after `position` (exclusive), of the given types when some are given. A negative
   * limit means none, as SQLite's `LIMIT -1`.
   */
  after(position: number, limit: number, types?: ReadonlySet<string>): InMemoryEventRow[] {
    if (Number.isNaN(position)) return [];
    const max = limit < 0 ? Number.POSITIVE_INFINITY : limit;
    const out: InMemoryEventRow[] = [];
    for (
      let index = Math.max(0, Math.floor(position));
      index < this.rows.length && out.length < max;
      index++
    ) {
      const row = this.rows[index];
      if (row && (!types || types.has(row.type))) out.push(row);
    }
    return out;
  }

  /** Registers a listener called after each append; answers how to remove it. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * One append: an idempotent replay answers the first append's result; otherwise the expected revision is
   * checked and the events are chained and stored. Everything that can fail runs before the first row is
   * stored, so a failed append leaves nothing behind.
   */
  append(
    stream: string,
    events: readonly NewEvent<TaggedEvent>[],
    expectedRevision: ExpectedRevision,
  ): AppendResult {
    const replay = this.#alreadyAppended(stream, events);
    if (replay) return replay;
    const existing = this.#streams.get(stream) ?? [];
    const last = existing.at(-1);
    const actual = last ? last.revision : 'no_stream';
    if (expectedRevision !== 'any' && expectedRevision !== actual) {
      throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
    }
    const rows = this.#chained(stream, events, last);
    for (const row of rows) {
      this.rows.push(row);
      this.#byEventId.set(row.eventId, row);
      existing.push(row);
    }
    this.#streams.set(stream, existing);
    for (const listener of this.#listeners) listener();
    const end = rows.at(-1) ?? last;
    return { nextRevision: end?.revision ?? -1, position: String(end?.position ?? 0) };
  }

  /** The rows an append would store, each hashed over its envelope and linked to the one before. */
  #chained(
    stream: string,
    events: readonly NewEvent<TaggedEvent>[],
    last: InMemoryEventRow | undefined,
  ): InMemoryEventRow[] {
    let revision = last ? last.revision : -1;
    let prevHash = last ? (JSON.parse(last.metadata) as { hash: string }).hash : GENESIS_HASH;
    let position = this.rows.length;
    const ids = new Set<string>();
    return events.map((event) => {
      const eventId = event.eventId ?? newId();
      // SQLite's UNIQUE(event_id) fails the whole append; its error carries this code.
      if (this.#byEventId.has(eventId) || ids.has(eventId)) {
        throw storageError(`event ${eventId} is already in the log`, { code: 'SQLITE_CONSTRAINT_UNIQUE' });
      }
      ids.add(eventId);
      revision += 1;
      position += 1;
      const metadata = { ...event.metadata, prevHash };
      const hash = hashEnvelope({ eventId, stream, revision, type: event.type, data: event.data, metadata });
      prevHash = hash;
      return {
        position,
        eventId,
        stream,
        revision,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify({ ...metadata, hash }),
      };
    });
  }

  /** Idempotency: when the events' first and last ids are already in this stream, the original result. */
  #alreadyAppended(stream: string, events: readonly NewEvent<TaggedEvent>[]): AppendResult | undefined {
    const firstId = events[0]?.eventId;
    const lastId = events[events.length - 1]?.eventId;
    if (!firstId || !lastId) return undefined;
    const first = this.#byEventId.get(firstId);
    if (!first) return undefined;
    const last = this.#byEventId.get(lastId);
    if (first.stream !== stream || !last || last.stream !== stream) {
      throw storageError(`event ${firstId} was already appended to another stream or only in part`, {
        name: 'RejectedBeforeWrite',
      });
    }
    return { nextRevision: last.revision, position: String(last.position) };
  }
}
