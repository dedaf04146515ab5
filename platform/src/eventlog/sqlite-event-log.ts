import type { DomainEvent } from '@tickwise/contracts';
import Database from 'better-sqlite3';
import { setUpConnection } from '../storage/sqlite-busy';
import { checkAppend, domainEvents, type EventCatalog, typedByTag } from './decode';
import { verifyChain } from './hash-chain';
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
import { type AppendOutcome, type AppendRequest, errorOf } from './sqlite-appender';
import { type Appender, InlineAppender, ThreadAppender } from './sqlite-writer';

export interface SqliteEventLogOptions<E extends TaggedEvent = DomainEvent> {
  /** Path of the database file (its own file, separate from the read models). */
  file: string;
  /** The events the log holds; the product's `DomainEvent`s unless given. */
  events?: EventCatalog<E>;
  /** How often an idle live subscription looks for appends made by other processes. */
  pollIntervalMs?: number;
  busyTimeoutMs?: number;
  /**
   * Commit appends on a writer thread with its own connection (see ThreadAppender), so the fsync of a group
   * commit never blocks this thread's event loop; the servers use it. Default: on this thread.
   */
  writerThread?: boolean;
  /**
   * Where each caller of a committed group carries on: by default each in an immediate of its own, so a batch
   * of 200 appends does not run all 200 continuations in one callback. The servers pass their turn gate, which
   * also keeps those continuations within a turn's budget (docs/adr/0011-turn-budget.md).
   */
  settle?: (work: () => void) => void;
}

const inOwnImmediate = (work: () => void): void => {
  setImmediate(work);
};

interface EventRow {
  position: number;
  event_id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

interface PendingAppend extends AppendRequest {
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** The most events a subscription reads at once; a shorter read has reached the end of the log. */
const READ_AHEAD = 500;

/** The columns `readAll` reads: everything but the metadata, which is fetched on demand. */
const LEAN = 'position, event_id, stream, revision, type, data';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position  INTEGER PRIMARY KEY,
  event_id  TEXT NOT NULL UNIQUE,
  stream    TEXT NOT NULL,
  revision  INTEGER NOT NULL,
  type      TEXT NOT NULL,
  data      TEXT NOT NULL,
  metadata  TEXT NOT NULL,
  UNIQUE (stream, revision)
);`;

/**
 * A stored event read from SQLite. Its metadata is parsed on first use: projections replaying the log
 * read only `data`, and skipping the second JSON.parse is a large share of a rebuild's time.
 */
class StoredEvent implements RecordedEvent<TaggedEvent> {
  readonly eventId: string;
  readonly stream: string;
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
  readonly position: Position;
  /** The metadata's text, or how to load it by position (replayed rows are read without it). */
  #rawMetadata: string | ((position: number) => string) | undefined;
  #metadata: StoredEvent['metadata'] | undefined;

  constructor(
    position: number,
    eventId: string,
    stream: string,
    revision: number,
    type: string,
    data: string,
    metadata: string | ((position: number) => string) | undefined,
  ) {
    this.eventId = eventId;
    this.stream = stream;
    this.revision = revision;
    this.type = type;
    try {
      this.data = JSON.parse(data);
    } catch {
      throw new CorruptEventError(stream, revision);
    }
    this.position = String(position);
    this.#rawMetadata = metadata;
  }

  #metadataText(): string {
    const raw = this.#rawMetadata;
    return typeof raw === 'string' ? raw : (raw?.(Number(this.position)) ?? 'null');
  }

  get metadata(): RecordedEvent<TaggedEvent>['metadata'] {
    this.#metadata ??= JSON.parse(this.#metadataText()) as RecordedEvent<TaggedEvent>['metadata'];
    return this.#metadata;
  }

  toJSON() {
    const { eventId, stream, revision, type, data, metadata, position } = this;
    return { eventId, stream, revision, type, data, metadata, position };
  }
}

const toStored = (row: EventRow): StoredEvent =>
  new StoredEvent(row.position, row.event_id, row.stream, row.revision, row.type, row.data, row.metadata);

/**
 * The `readAll` columns (everything but the metadata) as an array (`Statement.raw()`): no object per row on
 * the hot replay path, and nothing of the row kept alive by the event but what it holds.
 */
type LeanRawRow = [number, string, string, number, string, string];

/**
 * The embedded event log: one SQLite file in WAL mode with synchronous=FULL, so an acknowledged append
 * survives power loss. Appends that arrive in the same turn of the event loop are committed together in
 * one transaction (one fsync): group commit. Each append keeps its own expected-revision check, and a
 * conflict fails only that append. Several processes may share the file.
 */
export class SqliteEventLog<E extends TaggedEvent = DomainEvent> implements EventLog<E> {
  private readonly db: Database.Database;
  private readonly events: EventCatalog<E>;
  private readonly pollIntervalMs: number;
  private readonly settle: (work: () => void) => void;
  private queue: PendingAppend[] = [];
  private flushScheduled = false;
  /** The group commit under way: one at a time, the next gathers what arrives meanwhile. */
  private flushing: Promise<void> | undefined;
  private readonly appender: Appender;
  private readonly listeners = new Set<() => void>();
  /**
   * Idle subscriptions, each waiting for the next poll with its resolver. One timer and one
   * `PRAGMA data_version` a tick serve them all, and they wake in the same turn: a process following the log
   * from ten places polls once, and their reads and commits land together.
   */
  private readonly pollWaiters = new Set<(version: number) => void>();
  private pollTimer: NodeJS.Timeout | undefined;
  /**
   * The latest read of what follows a position, kept until the turn of the event loop ends. Subscriptions that
   * follow the log from the same place (a thread's projections, all caught up) wake in the same turn and ask the
   * same question: the first one reads, the others take its rows (each still parses its own events). A row set
   * is reused only for the same position and the same data version read before it: no other connection has
   * committed since, and a commit of this connection drops it.
   */
  private recentRead: { after: number; version: number; rows: EventRow[] } | undefined;
  private closed = false;

  private readonly stmt: {
    head: Database.Statement<[], { position: number | null }>;
    forwards: Database.Statement<[string, number, number], EventRow>;
    forwardsToEnd: Database.Statement<[string, number], EventRow>;
    backwards: Database.Statement<[string, number, number], EventRow>;
    after: Database.Statement<[number, number], EventRow>;
    allAfter: Database.Statement<[number, number], LeanRawRow>;
    afterOfTypes: Database.Statement<[number, string, number], LeanRawRow>;
    metadataAt: Database.Statement<[number], { metadata: string }>;
    dataVersion: Database.Statement<[], { data_version: number }>;
  };

  constructor(options: SqliteEventLogOptions<E>) {
    // Without a catalog the log holds the product's events (E keeps its default, DomainEvent).
    this.events = options.events ?? (domainEvents as unknown as EventCatalog<E>);
    this.pollIntervalMs = options.pollIntervalMs ?? 5;
    this.settle = options.settle ?? inOwnImmediate;
    this.db = new Database(options.file);
    setUpConnection(this.db, options.busyTimeoutMs ?? 5000, (db) => {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.exec(SCHEMA);
    });
    this.stmt = {
      head: this.db.prepare('SELECT MAX(position) AS position FROM events'),
      forwards: this.db.prepare(
        'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision ASC LIMIT ?',
      ),
      // Without a LIMIT: a command's read of what follows its kept revision (usually nothing) takes a
      // quarter of the time the LIMIT ? form does (measured: 4.7 µs against 18 µs).
      forwardsToEnd: this.db.prepare(
        'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision ASC',
      ),
      backwards: this.db.prepare(
        'SELECT * FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?',
      ),
      after: this.db.prepare('SELECT * FROM events WHERE position > ? ORDER BY position ASC LIMIT ?'),
      allAfter: this.db
        .prepare<[number, number], LeanRawRow>(
          `SELECT ${LEAN} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`,
        )
        .raw(true),
      afterOfTypes: this.db
        .prepare<[number, string, number], LeanRawRow>(
          `SELECT ${LEAN} FROM events WHERE position > ? AND type IN (SELECT value FROM json_each(?)) ORDER BY position ASC LIMIT ?`,
        )
        .raw(true),
      metadataAt: this.db.prepare('SELECT metadata FROM events WHERE position = ?'),
      dataVersion: this.db.prepare('PRAGMA data_version'),
    };
    const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    this.appender = options.writerThread
      ? new ThreadAppender({ file: options.file, busyTimeoutMs })
      : new InlineAppender(this.db);
  }

  appendToStream(
    stream: string,
    events: readonly NewEvent<E>[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('event log is closed'));
    if (events.length === 0) return Promise.reject(new Error('appendToStream needs at least one event'));
    try {
      checkAppend(this.events, stream, events);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ stream, events, expectedRevision: options.expectedRevision, resolve, reject });
      this.scheduleFlush();
    });
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.flushing) return;
    this.flushScheduled = true;
    setImmediate(() => void this.flush());
  }

  /** Commits every queued append as one group; settles each promise after the commit. */
  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const done = this.commit(batch);
    this.flushing = done;
    await done;
    this.flushing = undefined;
    if (this.queue.length > 0) this.scheduleFlush();
  }

  private async commit(batch: readonly PendingAppend[]): Promise<void> {
    let outcomes: AppendOutcome[];
    try {
      outcomes = await this.appender.commit(batch);
    } catch (error) {
      for (const append of batch) append.reject(error);
      return;
    }
    batch.forEach((append, index) => {
      const outcome = outcomes[index];
      this.settle(() => {
        if (outcome?.ok) append.resolve(outcome.result);
        else append.reject(outcome ? errorOf(outcome.failure) : new Error('append lost'));
      });
    });
    this.recentRead = undefined;
    for (const listener of this.listeners) listener();
  }

  /** What follows `after` (at most READ_AHEAD rows), given the data version read before asking. */
  private rowsAfter(after: number, version: number): EventRow[] {
    const recent = this.recentRead;
    if (recent && recent.after === after && recent.version === version) return recent.rows;
    if (!recent)
      setImmediate(() => {
        this.recentRead = undefined;
      });
    const rows = this.stmt.after.all(after, READ_AHEAD);
    this.recentRead = { after, version, rows };
    return rows;
  }

  private readonly typed = (stored: StoredEvent): RecordedEvent<E> => typedByTag(this.events, stored);

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent<E>[]> {
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const rows =
      options.direction === 'backwards'
        ? this.stmt.backwards.all(stream, options.fromRevision ?? Number.MAX_SAFE_INTEGER, maxCount)
        : options.maxCount === undefined
          ? this.stmt.forwardsToEnd.all(stream, options.fromRevision ?? 0)
          : this.stmt.forwards.all(stream, options.fromRevision ?? 0, maxCount);
    return rows.map((row) => this.typed(toStored(row)));
  }

  async *readAll(options: ReadAllOptions<E['type']> = {}): AsyncIterable<RecordedEvent<E>[]> {
    const batchSize = options.batchSize ?? 1000;
    let remaining = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    let after = Number(options.fromPosition ?? START);
    const types = options.types ? JSON.stringify(options.types) : undefined;
    while (remaining > 0 && !this.closed) {
      const limit = Math.min(batchSize, remaining);
      const rows = types
        ? this.stmt.afterOfTypes.all(after, types, limit)
        : this.stmt.allAfter.all(after, limit);
      if (rows.length === 0) return;
      after = rows[rows.length - 1]?.[0] ?? after;
      remaining -= rows.length;
      // Metadata is loaded only if a reader asks for it (projections never do).
      const events: RecordedEvent<E>[] = [];
      for (const [position, eventId, stream, revision, type, data] of rows) {
        const event = this.readable(
          () => new StoredEvent(position, eventId, stream, revision, type, data, this.loadMetadata),
          position,
          options.onUnreadable,
        );
        if (event) events.push(event);
      }
      yield events;
    }
  }

  /**
   * The row as an event; a row that cannot be read is reported to `onUnreadable` (with its position) and
   * skipped, or fails the read when nobody asked to be told.
   */
  private readable(
    row: () => StoredEvent,
    position: number,
    onUnreadable: ((error: CorruptEventError) => void) | undefined,
  ): RecordedEvent<E> | undefined {
    try {
      return this.typed(row());
    } catch (error) {
      if (!(error instanceof CorruptEventError) || !onUnreadable) throw error;
      onUnreadable(new CorruptEventError(error.stream, error.revision, error.reason, String(position)));
      return undefined;
    }
  }

  private readonly loadMetadata = (position: number): string =>
    this.stmt.metadataAt.get(position)?.metadata ?? 'null';

  subscribe(options: SubscribeOptions): Subscription<E> {
    let after = Number(options.fromPosition ?? START);
    let open = true;
    let localAppend = false;
    let wake: (() => void) | undefined;
    const notify = () => {
      localAppend = true;
      wake?.();
    };
    this.listeners.add(notify);
    const log = this;
    /** The data version at the log's next poll, or undefined when woken sooner (a local append, a close). */
    const sleep = () =>
      new Promise<number | undefined>((resolve) => {
        const done = (version?: number) => {
          log.pollWaiters.delete(done);
          wake = undefined;
          resolve(version);
        };
        wake = () => done();
        log.pollWaiters.add(done);
        log.schedulePoll();
      });
    // PRAGMA data_version changes when another connection (another process, the writer thread) commits;
    // local appends are signalled by `notify`. Until either happens, idle subscriptions wait on the log's one
    // poll. The version is read before the query, so a commit landing in between is never missed. Waiting
    // answers the version it saw move (read before the next query, so it can stand for it), or undefined when
    // a local append or a close woke it.
    const waitForAppend = async (version: number): Promise<number | undefined> => {
      const now = log.dataVersion();
      if (now !== version) return now;
      while (open && !log.closed && !localAppend) {
        const polled = await sleep();
        if (polled !== undefined && polled !== version) return polled;
      }
      return undefined;
    };
    async function* events(): AsyncGenerator<RecordedEvent<E>> {
      let seen: number | undefined;
      while (open && !log.closed) {
        const version = seen ?? log.dataVersion();
        seen = undefined;
        localAppend = false;
        const rows = log.rowsAfter(after, version);
        for (const row of rows) {
          after = row.position;
          const event = log.readable(() => toStored(row), row.position, options.onUnreadable);
          if (event) yield event;
          if (!open) return;
        }
        // A short read took everything committed up to `version`: nothing more is there until the version
        // moves or a local append is signalled, so wait for that rather than asking again for nothing.
        if (rows.length < READ_AHEAD) seen = await waitForAppend(version);
      }
    }
    const iterator = events();
    return {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        open = false;
        log.listeners.delete(notify);
        wake?.();
      },
    };
  }

  /** Starts the shared poll's next tick, unless one is already due. */
  private schedulePoll(): void {
    this.pollTimer ??= setTimeout(() => {
      this.pollTimer = undefined;
      const version = this.dataVersion();
      for (const waiter of [...this.pollWaiters]) waiter(version);
    }, this.pollIntervalMs);
  }

  private dataVersion(): number {
    return this.closed ? -1 : (this.stmt.dataVersion.get()?.data_version ?? 0);
  }

  async headPosition(): Promise<Position> {
    const head = this.stmt.head.get()?.position;
    return head === null || head === undefined ? START : String(head);
  }

  async verifyStream(stream: string): Promise<StreamVerification> {
    const rows = this.stmt.forwards.all(stream, 0, Number.MAX_SAFE_INTEGER);
    const events: StoredEvent[] = [];
    for (const row of rows) {
      try {
        events.push(toStored(row));
      } catch {
        return { ok: false, stream, brokenAt: row.revision, reason: 'stored event is not valid JSON' };
      }
    }
    return verifyChain(stream, events);
  }

  /** Commits one tiny row beside the log, as durably as an append: does the disk take writes again? */
  async probeWrite(): Promise<void> {
    this.db.exec('CREATE TABLE IF NOT EXISTS write_probe (id INTEGER PRIMARY KEY, at TEXT NOT NULL)');
    this.db
      .prepare('INSERT OR REPLACE INTO write_probe (id, at) VALUES (1, ?)')
      .run(new Date().toISOString());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await new Promise((resolve) => setImmediate(resolve));
    await this.flushing;
    await this.flush();
    this.closed = true;
    for (const late of this.queue.splice(0)) late.reject(new Error('event log is closed'));
    await this.appender.close();
    for (const listener of this.listeners) listener();
    clearTimeout(this.pollTimer);
    this.db.close();
  }
}
