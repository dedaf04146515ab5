import Database from 'better-sqlite3';

/**
 * The contract suite's `tamper` for a SQLite event log file: changes one digit of the stored data of the
 * event at `revision` of `stream`, behind the log's back (as someone with the file would).
 */
export const tamperWithSqliteLog = (file: string) => async (stream: string, revision: number) => {
  const db = new Database(file);
  const row = db
    .prepare('SELECT data FROM events WHERE stream = ? AND revision = ?')
    .get(stream, revision) as {
    data: string;
  };
  const flipped = row.data.replace(/\d/, (digit) => String((Number(digit) + 1) % 10));
  db.prepare('UPDATE events SET data = ? WHERE stream = ? AND revision = ?').run(flipped, stream, revision);
  db.close();
};
