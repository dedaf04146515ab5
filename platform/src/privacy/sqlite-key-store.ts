import Database from 'better-sqlite3';
import { setUpConnection } from '../storage/sqlite-busy';
import type { KeyStore, WrappedKey } from './key-store';

interface KeyRow {
  key_id: string;
  subject: string;
  wrapped: Buffer | null;
  created_at: string;
  destroyed_at: string | null;
}

const toKey = (row: KeyRow | undefined): WrappedKey | undefined =>
  row && {
    keyId: row.key_id,
    subject: row.subject,
    wrapped: row.wrapped,
    createdAt: row.created_at,
    destroyedAt: row.destroyed_at,
  };

/**
 * Data keys in their own SQLite file. A destroyed key's row stays (so a read can tell "erased" from "never
 * known") with its wrapped bytes set to NULL; `secure_delete` overwrites the freed bytes in the file and a
 * truncating WAL checkpoint leaves no copy in the write-ahead log.
 */
export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(options: { file: string }) {
    this.db = new Database(options.file);
    setUpConnection(this.db, 5000, (db) => {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('secure_delete = ON');
      db.exec(`CREATE TABLE IF NOT EXISTS data_keys (
      key_id TEXT PRIMARY KEY,
      subject TEXT NOT NULL,
      wrapped BLOB,
      created_at TEXT NOT NULL,
      destroyed_at TEXT
    );
    CREATE UNIQUE INDEX IF NOT EXISTS data_keys_in_use ON data_keys (subject) WHERE wrapped IS NOT NULL;
    CREATE INDEX IF NOT EXISTS data_keys_subject ON data_keys (subject);`);
    });
    this.statements = {
      active: this.db.prepare('SELECT * FROM data_keys WHERE subject = ? AND wrapped IS NOT NULL'),
      byId: this.db.prepare('SELECT * FROM data_keys WHERE key_id = ?'),
      byIds: this.db.prepare('SELECT * FROM data_keys WHERE key_id IN (SELECT value FROM json_each(?))'),
      insert: this.db.prepare(
        'INSERT OR IGNORE INTO data_keys (key_id, subject, wrapped, created_at) VALUES (?, ?, ?, ?)',
      ),
      destroy: this.db.prepare(
        'UPDATE data_keys SET wrapped = NULL, destroyed_at = ? WHERE subject = ? AND wrapped IS NOT NULL',
      ),
    };
  }

  async activeKeyOf(subject: string) {
    return toKey(this.statements.active.get(subject) as KeyRow | undefined);
  }

  async insertUnlessActive(key: WrappedKey) {
    // The unique index on keys in use makes a concurrent second key for one subject impossible.
    this.statements.insert.run(key.keyId, key.subject, key.wrapped, key.createdAt);
    const active = toKey(this.statements.active.get(key.subject) as KeyRow | undefined);
    if (!active) throw new Error(`no data key in use for ${key.subject} after inserting one`);
    return active;
  }

  async byId(keyId: string) {
    return toKey(this.statements.byId.get(keyId) as KeyRow | undefined);
  }

  async byIds(keyIds: readonly string[]) {
    const rows = this.statements.byIds.all(JSON.stringify(keyIds)) as KeyRow[];
    return new Map(rows.map((row) => [row.key_id, toKey(row) as WrappedKey]));
  }

  async destroySubject(subject: string, at: string) {
    const { changes } = this.statements.destroy.run(at, subject);
    if (changes > 0) this.db.pragma('wal_checkpoint(TRUNCATE)');
    return changes;
  }

  async close() {
    this.db.close();
  }
}
