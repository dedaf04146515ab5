import Database from 'better-sqlite3';
import { setUpConnection } from '../storage/sqlite-busy';
import type { Change, ChangeFeed } from './change-feed';
import type { Checkpoint, CollectionSpec, Doc, FieldValue, FindQuery, ReadModelStore, WriteOp } from './port';

export interface SqliteReadModelOptions {
  /** Its own file, separate from the event log. */
  file: string;
  busyTimeoutMs?: number;
}

const COLLECTION_NAME = /^[A-Za-z0-9_.:-]{1,120}$/;
const FIELD_NAME = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

function tableName(collection: string): string {
  if (!COLLECTION_NAME.test(collection)) throw new Error(`invalid collection name: ${collection}`);
  return `"rm_${collection}"`;
}

function jsonPath(field: string): string {
  if (!FIELD_NAME.test(field)) throw new Error(`invalid field name: ${field}`);
  return `json_extract(doc, '$.${field}')`;
}

/** A commit touching more documents of one collection than this records the collection, not each id. */
const PER_DOCUMENT_CHANGES = 64;
/** How many change records are kept; a reader further behind than this forgets its whole cache. */
const KEPT_CHANGES = 50_000;

/**
 * Commits made by any connection of this thread (another store on the same file in the same thread, as the
 * test stack's projections are): a read cache of this thread asks it on every read (see `changeFeed`).
 */
let threadCommits = 0;

/** A commit asked for and not yet made: its writes, its checkpoint, and its caller's promise. */
interface CommitUnit {
  readonly writes: readonly WriteOp[];
  readonly checkpoint: { name: string; position: string } | undefined;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

const bindable = (value: FieldValue): string | number | null =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value;

/**
 * Read models in one SQLite file: a table per collection holding JSON documents, with expression indexes
 * on the fields a collection declares. WAL with synchronous=NORMAL: read models can always be rebuilt from
 * the log, and a document batch commits atomically with its projection's checkpoint.
 */
export class SqliteReadModelStore implements ReadModelStore {
  private readonly db: Database.Database;
  private readonly known = new Set<string>();
  private readonly statements = new Map<string, Database.Statement>();
  private commits = 0;

  constructor(options: SqliteReadModelOptions) {
    this.db = new Database(options.file);
    setUpConnection(this.db, options.busyTimeoutMs ?? 5000, (db) => {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      // Read models hold personal data until a learner is erased: a replaced or deleted row is overwritten in
      // the file (not left in a free page), and the WAL is cut back once checkpointed (no old copies in it).
      db.pragma('secure_delete = ON');
      db.pragma('journal_size_limit = 0');
      db.exec(
        'CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL, updated_at TEXT NOT NULL)',
      );
      // What each commit changed, for the read caches of other connections (see `changeFeed`).
      db.exec(
        'CREATE TABLE IF NOT EXISTS changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, collection TEXT NOT NULL, doc_id TEXT)',
      );
    });
  }

  /**
   * Which documents other connections (another thread's projections, another process) have changed.
   * `PRAGMA data_version` moves only when another connection commits, and costs no I/O: a reader asks it on
   * every read and reads the `changes` table only when it moved.
   */
  changeFeed(): ChangeFeed {
    const version = this.db.prepare('PRAGMA data_version').pluck();
    const since = this.db.prepare(
      'SELECT seq, collection, doc_id AS id FROM changes WHERE seq > ? ORDER BY seq',
    );
    const oldest = this.db.prepare('SELECT MIN(seq) FROM changes').pluck();
    const latest = this.db.prepare('SELECT COALESCE(MAX(seq), 0) FROM changes').pluck();
    return {
      version: () => version.get() as number,
      localVersion: () => threadCommits,
      latest: () => latest.get() as number,
      since: (after) => {
        const first = oldest.get() as number | null;
        // Records after `after` were pruned: what changed in between is unknown.
        if (first !== null && first > after + 1) return null;
        const rows = since.all(after) as Array<{ seq: number; collection: string; id: string | null }>;
        return {
          latest: rows.at(-1)?.seq ?? after,
          changes: rows.map(({ collection, id }): Change => ({ collection, id })),
        };
      },
    };
  }

  /** Records what a commit changed (inside its transaction): each document, or the whole collection. */
  private recordChanges(writes: readonly WriteOp[]): void {
    const byCollection = new Map<string, Set<string>>();
    for (const write of writes) {
      const ids = byCollection.get(write.collection) ?? new Set<string>();
      ids.add(write.kind === 'upsert' ? write.doc.id : write.id);
      byCollection.set(write.collection, ids);
    }
    const insert = this.prepare('INSERT INTO changes (collection, doc_id) VALUES (?, ?)');
    let last = 0;
    for (const [collection, ids] of byCollection) {
      if (ids.size > PER_DOCUMENT_CHANGES) last = Number(insert.run(collection, null).lastInsertRowid);
      else for (const id of ids) last = Number(insert.run(collection, id).lastInsertRowid);
    }
    if (++this.commits % 500 === 0)
      this.prepare('DELETE FROM changes WHERE seq <= ?').run(last - KEPT_CHANGES);
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private ensureTable(collection: string): void {
    if (this.known.has(collection)) return;
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${tableName(collection)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`,
    );
    this.known.add(collection);
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    this.ensureTable(spec.name);
    for (const field of spec.indexes ?? []) {
      const index = `"ix_${spec.name}_${field}"`;
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${index} ON ${tableName(spec.name)} (${jsonPath(field)})`);
    }
  }

  async dropCollection(name: string): Promise<void> {
    this.db.exec(`DROP TABLE IF EXISTS ${tableName(name)}`);
    this.prepare('INSERT INTO changes (collection, doc_id) VALUES (?, NULL)').run(name);
    this.known.delete(name);
    for (const sql of [...this.statements.keys()])
      if (sql.includes(tableName(name))) this.statements.delete(sql);
  }

  async listCollections(): Promise<string[]> {
    const rows = this.db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm\\_%' ESCAPE '\\' ORDER BY name",
      )
      .all() as Array<{ name: string }>;
    return rows.map((row) => row.name.slice(3));
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | undefined> {
    this.ensureTable(collection);
    const row = this.prepare(`SELECT doc FROM ${tableName(collection)} WHERE id = ?`).get(id) as
      | { doc: string }
      | undefined;
    return row ? (JSON.parse(row.doc) as T) : undefined;
  }

  async getMany<T extends Doc = Doc>(collection: string, ids: readonly string[]): Promise<Map<string, T>> {
    this.ensureTable(collection);
    const found = new Map<string, T>();
    const select = this.prepare(
      `SELECT id, doc FROM ${tableName(collection)} WHERE id IN (SELECT value FROM json_each(?))`,
    );
    for (let i = 0; i < ids.length; i += 5000) {
      const rows = select.all(JSON.stringify(ids.slice(i, i + 5000))) as Array<{ id: string; doc: string }>;
      for (const row of rows) found.set(row.id, JSON.parse(row.doc) as T);
    }
    return found;
  }

  private whereClause(where: FindQuery['where']): { sql: string; params: Array<string | number | null> } {
    const clauses: string[] = [];
    const params: Array<string | number | null> = [];
    for (const [field, value] of Object.entries(where ?? {})) {
      if (Array.isArray(value)) {
        if (value.length === 0) {
          clauses.push('0');
          continue;
        }
        clauses.push(`${jsonPath(field)} IN (${value.map(() => '?').join(', ')})`);
        params.push(...value.map(bindable));
      } else if (value === null) {
        clauses.push(`${jsonPath(field)} IS NULL`);
      } else {
        clauses.push(`${jsonPath(field)} = ?`);
        params.push(bindable(value as FieldValue));
      }
    }
    return { sql: clauses.length ? ` WHERE ${clauses.join(' AND ')}` : '', params };
  }

  async find<T extends Doc = Doc>(collection: string, query: FindQuery = {}): Promise<T[]> {
    this.ensureTable(collection);
    const { sql, params } = this.whereClause(query.where);
    const order = (query.sort ?? []).map(
      (s) => `${jsonPath(s.field)} ${s.direction === 'desc' ? 'DESC' : 'ASC'}`,
    );
    const orderSql = ` ORDER BY ${[...order, 'id ASC'].join(', ')}`;
    const limitSql = query.limit !== undefined ? ` LIMIT ${Math.max(0, Math.floor(query.limit))}` : '';
    const rows = this.prepare(`SELECT doc FROM ${tableName(collection)}${sql}${orderSql}${limitSql}`).all(
      ...params,
    ) as Array<{ doc: string }>;
    return rows.map((row) => JSON.parse(row.doc) as T);
  }

  async count(collection: string, where?: FindQuery['where']): Promise<number> {
    this.ensureTable(collection);
    const { sql, params } = this.whereClause(where);
    const row = this.prepare(`SELECT COUNT(*) AS n FROM ${tableName(collection)}${sql}`).get(...params) as {
      n: number;
    };
    return row.n;
  }

  /**
   * Commits asked for in the same turn go in one transaction, in the order asked: each projection of a
   * process commits its batch with its checkpoint after the same appends, and one transaction (one WAL
   * write, one `changes` record set) serves them all. Should that transaction fail, each unit is tried
   * again alone, so one unit's failure is its own.
   */
  async commit(writes: readonly WriteOp[], checkpoint?: { name: string; position: string }): Promise<void> {
    for (const write of writes) this.ensureTable(write.collection);
    return new Promise((resolve, reject) => {
      this.pending.push({ writes, checkpoint, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.commitPending());
    });
  }

  private readonly pending: CommitUnit[] = [];

  private commitPending(): void {
    const units = this.pending.splice(0);
    if (units.length === 0) return;
    try {
      this.db
        .transaction(() => {
          for (const unit of units) this.write(unit);
        })
        .immediate();
      threadCommits += 1;
      for (const unit of units) unit.resolve();
    } catch (error) {
      if (units.length === 1) {
        units[0]?.reject(error);
        return;
      }
      for (const unit of units) {
        try {
          this.db.transaction(() => this.write(unit)).immediate();
          threadCommits += 1;
          unit.resolve();
        } catch (own) {
          unit.reject(own);
        }
      }
    }
  }

  /** One unit's writes, change records and checkpoint, inside the caller's transaction. */
  private write({ writes, checkpoint }: CommitUnit): void {
    for (const write of writes) {
      if (write.kind === 'upsert') {
        this.prepare(
          `INSERT INTO ${tableName(write.collection)} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`,
        ).run(write.doc.id, JSON.stringify(write.doc));
      } else {
        this.prepare(`DELETE FROM ${tableName(write.collection)} WHERE id = ?`).run(write.id);
      }
    }
    this.recordChanges(writes);
    if (checkpoint) {
      this.prepare(
        'INSERT INTO checkpoints (name, position, updated_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at',
      ).run(checkpoint.name, checkpoint.position, new Date().toISOString());
    }
  }

  async getCheckpoint(name: string): Promise<Checkpoint | undefined> {
    const row = this.prepare('SELECT name, position, updated_at FROM checkpoints WHERE name = ?').get(name) as
      | { name: string; position: string; updated_at: string }
      | undefined;
    return row ? { name: row.name, position: row.position, updatedAt: row.updated_at } : undefined;
  }

  async deleteCheckpoint(name: string): Promise<void> {
    this.prepare('DELETE FROM checkpoints WHERE name = ?').run(name);
  }

  async close(): Promise<void> {
    this.commitPending();
    this.db.close();
  }
}
