import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventLog } from '../src/eventlog/sqlite-event-log';
import { describeEventLogContract } from './eventlog.contract';

const dir = mkdtempSync(join(tmpdir(), 'tickwise-eventlog-'));
const file = join(dir, 'events.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeEventLogContract('SQLite', {
  open: async () => new SqliteEventLog({ file }),
  tamper: async (stream, revision) => {
    const db = new Database(file);
    const row = db
      .prepare('SELECT data FROM events WHERE stream = ? AND revision = ?')
      .get(stream, revision) as {
      data: string;
    };
    const flipped = row.data.replace(/\d/, (digit) => String((Number(digit) + 1) % 10));
    db.prepare('UPDATE events SET data = ? WHERE stream = ? AND revision = ?').run(flipped, stream, revision);
    db.close();
  },
});
