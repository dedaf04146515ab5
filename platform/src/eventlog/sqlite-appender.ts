import type Database from 'better-sqlite3';
import { GENESIS_HASH, hashEnvelope } from './hash-chain';
import { newId } from './ids';
import {
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
  type TaggedEvent,
  WrongExpectedRevisionError,
} from './port';

/** One append as the writer receives it: events already checked against their codecs (and sealed). */
export interface AppendRequest {
  stream: string;
  events: readonly NewEvent<TaggedEvent>[];
  expectedRevision: ExpectedRevision;
}

/** Why an append failed, as plain data: it crosses from the writer thread to the caller's. */
export type AppendFailure =
  | { kind: 'conflict'; stream: string; expected: ExpectedRevision; actual: number | 'no_stream' }
  | { kind: 'error'; name: string; message: string; code?: string };

export type AppendOutcome = { ok: true; result: AppendResult } | { ok: false; failure: AppendFailure };

/** An append refused by a check made before it wrote anything (the group transaction can go on). */
class RejectedBeforeWrite extends Error {
  override readonly name = 'RejectedBeforeWrite';
}

export function failureOf(error: unknown): AppendFailure {
  if (error instanceof WrongExpectedRevisionError)
    return { kind: 'conflict', stream: error.stream, expected: error.expected, actual: error.actual };
  const { name, message, code } = (error ?? {}) as { name?: unknown; message?: unknown; code?: unknown };
  return {
    kind: 'error',
    name: typeof name === 'string' ? name : 'Error',
    message: typeof message === 'string' ? message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** The error an append failure is thrown as: the typed conflict, or an error with the storage's code. */
export function errorOf(failure: AppendFailure): Error {
  if (failure.kind === 'conflict')
    return new WrongExpectedRevisionError(failure.stream, failure.expected, failure.actual);
  const error = Object.assign(new Error(failure.message), failure.code ? { code: failure.code } : {});
  error.name = failure.name;
  return error;
}

/**
 * The write side of the SQLite event log: appends committed in groups, synchronously, on the connection it is
 * given (the log's own, or a writer thread's — see `sqlite-writer-thread.ts`). Each append checks its
 * expected revision, extends its stream's hash chain and answers its position; a group is one transaction
 * and one fsync.
 */
export class SqliteAppender {
  private readonly stmt;
  /** better-sqlite3 nests a transaction inside another as a savepoint: a failed append undoes only itself. */
  private readonly appendOne: (append: AppendRequest) => AppendResult;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      last: db.prepare<[string], { revision: number; metadata: string }>(
        'SELECT revision, metadata FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
      ),
      insert: db.prepare<[string, string, number, string, string, string]>(
        'INSERT INTO events (event_id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      byEventId: db.prepare<[string], { stream: string; revision: number; position: number }>(
        'SELECT stream, revision, position FROM events WHERE event_id = ?',
      ),
    };
    this.appendOne = db.transaction((append: AppendRequest) => this.appendUnchecked(append));
  }

  /**
   * Commits a group of appends in one transaction; an append refused before it wrote (a revision conflict)
   * just fails alone. When something fails after an append had started writing, the group is committed again
   * one append at a time, each in its own savepoint, so only that append fails. Throws when even that fails.
   */
  commit(batch: readonly AppendRequest[]): AppendOutcome[] {
    try {
      return this.commitTogether(batch);
    } catch {
      return this.commitEachAlone(batch);
    }
  }

  private commitTogether(batch: readonly AppendRequest[]): AppendOutcome[] {
    const outcomes: AppendOutcome[] = [];
    this.db
      .transaction(() => {
        for (const append of batch) {
          try {
            outcomes.push({ ok: true, result: this.appendUnchecked(append) });
          } catch (error) {
            if (!(error instanceof RejectedBeforeWrite || error instanceof WrongExpectedRevisionError))
              throw error;
            outcomes.push({ ok: false, failure: failureOf(error) });
          }
        }
      })
      .immediate();
    return outcomes;
  }

  private commitEachAlone(batch: readonly AppendRequest[]): AppendOutcome[] {
    const outcomes: AppendOutcome[] = [];
    this.db
      .transaction(() => {
        for (const append of batch) {
          try {
            outcomes.push({ ok: true, result: this.appendOne(append) });
          } catch (error) {
            outcomes.push({ ok: false, failure: failureOf(error) });
          }
        }
      })
      .immediate();
    return outcomes;
  }

  /** One append inside the group transaction. */
  private appendUnchecked(append: AppendRequest): AppendResult {
    const { stream, events, expectedRevision } = append;
    const replay = this.alreadyAppended(stream, events);
    if (replay) return replay;
    const last = this.stmt.last.get(stream);
    const actual = last ? last.revision : 'no_stream';
    if (expectedRevision !== 'any' && expectedRevision !== actual) {
      throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
    }
    let revision = last ? last.revision : -1;
    let prevHash = last ? (JSON.parse(last.metadata) as { hash: string }).hash : GENESIS_HASH;
    let position = 0;
    for (const event of events) {
      revision += 1;
      const eventId = event.eventId ?? newId();
      const metadata = { ...event.metadata, prevHash };
      const hash = hashEnvelope({ eventId, stream, revision, type: event.type, data: event.data, metadata });
      const info = this.stmt.insert.run(
        eventId,
        stream,
        revision,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify({ ...metadata, hash }),
      );
      position = Number(info.lastInsertRowid);
      prevHash = hash;
    }
    return { nextRevision: revision, position: String(position) };
  }

  /** Idempotency: when the events' ids are already in this stream, answer the original result. */
  private alreadyAppended(
    stream: string,
    events: readonly NewEvent<TaggedEvent>[],
  ): AppendResult | undefined {
    const lastId = events[events.length - 1]?.eventId;
    const firstId = events[0]?.eventId;
    if (!firstId || !lastId) return undefined;
    const first = this.stmt.byEventId.get(firstId);
    if (!first) return undefined;
    const last = this.stmt.byEventId.get(lastId);
    if (first.stream !== stream || !last || last.stream !== stream) {
      throw new RejectedBeforeWrite(
        `event ${firstId} was already appended to another stream or only in part`,
      );
    }
    return { nextRevision: last.revision, position: String(last.position) };
  }
}
