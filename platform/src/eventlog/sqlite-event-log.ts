import type { DomainEvent } from '@tickwise/contracts';
import Database from 'better-sqlite3';
import { checkAppend, domainEvents, type EventCatalog, typedByTag } from './decode';
import { GENESIS_HASH, hashEnvelope, verifyChain } from './hash-chain';
import { newId } from './ids';
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
  type Subscription,
  type TaggedEvent,
  WrongExpectedRevisionError,
} from './port';

export interface SqliteEventLogOptions<E extends TaggedEvent = DomainEvent> {
  /** Path of the database file (its own file, separate from the read models). */
  file: string;
  /** The events the log holds; the product's `DomainEvent`s unless given. */
  events?: EventCatalog<E>;
  /** How often an idle live subscription looks for appends made by other processes. */
  pollIntervalMs?: number;
  busyTimeoutMs?: number;
}

interface EventRow {
  position: number;
  event_id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

type Outcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };

/** An append refused by a check made before it wrote anything (the group transaction can go on). */
class RejectedBeforeWrite extends Error {}

interface PendingAppend {
  stream: string;
  events: readonly NewEvent<TaggedEvent>[];
  expectedRevision: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

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
  private queue: PendingAppend[] = [];
  private flushScheduled = false;
  private readonly listeners = new Set<() => void>();
  private closed = false;

  /** better-sqlite3 nests a transaction inside another as a savepoint: a failed append undoes only itself. */
  private readonly appendOne: (append: PendingAppend) => AppendResult;
  private readonly stmt: {
    head: Database.Statement<[], { position: number | null }>;
    last: Database.Statement<[string], { revision: number; metadata: string }>;
    insert: Database.Statement<[string, string, number, string, string, string]>;
    byEventId: Database.Statement<[string], { stream: string; revision: number; position: number }>;
    forwards: Database.Statement<[string, number, number], EventRow>;
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
    this.db = new Database(options.file);
    this.db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec(SCHEMA);
    this.stmt = {
      head: this.db.prepare('SELECT MAX(position) AS position FROM events'),
      last: this.db.prepare(
        'SELECT revision, metadata FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
      ),
      insert: this.db.prepare(
        'INSERT INTO events (event_id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      byEventId: this.db.prepare('SELECT stream, revision, position FROM events WHERE event_id = ?'),
      forwards: this.db.prepare(
        'SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision ASC LIMIT ?',
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
    this.appendOne = this.db.transaction((append: PendingAppend) => this.appendUnchecked(append));
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
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits every queued append in one transaction; settles each promise after the commit. */
  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes = this.commitTogether(batch);
    } catch {
      // Something failed after an append had started writing (not a revision conflict, which is checked
      // before any write): commit the appends one by one, each in its own savepoint, so only it fails.
      try {
        outcomes = this.commitEachAlone(batch);
      } catch (error) {
        for (const append of batch) append.reject(error);
        return;
      }
    }
    batch.forEach((append, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) append.resolve(outcome.result);
      else append.reject(outcome?.error ?? new Error('append lost'));
    });
    for (const listener of this.listeners) listener();
  }

  /** The fast path: one transaction, one fsync; rejections decided before writing just skip their append. */
  private commitTogether(batch: readonly PendingAppend[]): Outcome[] {
    const outcomes: Outcome[] = [];
    this.db
      .transaction(() => {
        for (const append of batch) {
          try {
            outcomes.push({ ok: true, result: this.appendUnchecked(append) });
          } catch (error) {
            if (!(error instanceof RejectedBeforeWrite || error instanceof WrongExpectedRevisionError))
              throw error;
            outcomes.push({ ok: false, error });
          }
        }
      })
      .immediate();
    return outcomes;
  }

  private commitEachAlone(batch: readonly PendingAppend[]): Outcome[] {
    const outcomes: Outcome[] = [];
    this.db
      .transaction(() => {
        for (const append of batch) {
          try {
            outcomes.push({ ok: true, result: this.appendOne(append) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      })
      .immediate();
    return outcomes;
  }

  /** One append inside the group transaction (a savepoint: a failure undoes only this append). */
  private appendUnchecked(append: PendingAppend): AppendResult {
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

  private readonly typed = (stored: StoredEvent): RecordedEvent<E> => typedByTag(this.events, stored);

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent<E>[]> {
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const rows =
      options.direction === 'backwards'
        ? this.stmt.backwards.all(stream, options.fromRevision ?? Number.MAX_SAFE_INTEGER, maxCount)
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
      yield rows.map(([position, eventId, stream, revision, type, data]) =>
        this.typed(new StoredEvent(position, eventId, stream, revision, type, data, this.loadMetadata)),
      );
    }
  }

  private readonly loadMetadata = (position: number): string =>
    this.stmt.metadataAt.get(position)?.metadata ?? 'null';

  subscribe(options: { fromPosition?: Position }): Subscription<E> {
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
    const sleep = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, log.pollIntervalMs);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    // PRAGMA data_version changes when another connection (another process) commits; local appends
    // are signalled by `notify`. Until either happens an idle subscription costs one pragma a tick.
    // The version is read before the query, so a commit landing in between is never missed.
    const waitForAppend = async (version: number) => {
      while (open && !log.closed && !localAppend && log.dataVersion() === version) await sleep();
    };
    async function* events(): AsyncGenerator<RecordedEvent<E>> {
      while (open && !log.closed) {
        const version = log.dataVersion();
        localAppend = false;
        const rows = log.stmt.after.all(after, 500);
        if (rows.length === 0) {
          await waitForAppend(version);
          continue;
        }
        for (const row of rows) {
          after = row.position;
          yield log.typed(toStored(row));
          if (!open) return;
        }
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
    this.flush();
    this.closed = true;
    for (const listener of this.listeners) listener();
    this.db.close();
  }
}
