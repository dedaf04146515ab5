/**
 * A damaged event in a real SQLite log: readers that ask to be told skip it and learn its stream, revision and
 * position; the integrity scan finds data that is no longer JSON and data whose hash no longer matches, records
 * the first damaged event of each stream, and forgets one that was repaired.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DAMAGED_EVENTS, listDamagedEvents, scanLogIntegrity } from '../src/eventlog/damaged-events';
import { anyEvents } from '../src/eventlog/decode';
import { CorruptEventError, type TaggedEvent } from '../src/eventlog/port';
import { SqliteEventLog } from '../src/eventlog/sqlite-event-log';
import { SqliteReadModelStore } from '../src/readmodels/sqlite-read-models';
import { event } from './eventlog.contract';
import { tamperWithSqliteLog } from './sqlite-tamper';

let dir: string;
let log: SqliteEventLog<TaggedEvent>;
let store: SqliteReadModelStore;
const file = () => join(dir, 'events.db');
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tickwise-damaged-'));
  log = new SqliteEventLog({ file: file(), events: anyEvents });
  store = new SqliteReadModelStore({ file: join(dir, 'read-models.db') });
  await log.appendToStream('compliance-a', [event('A', { n: 1 }), event('A', { n: 2 })], {
    expectedRevision: 'no_stream',
  });
  await log.appendToStream('learning-b', [event('B', { n: 3 })], { expectedRevision: 'no_stream' });
  await log.appendToStream('compliance-a', [event('A', { n: 4 })], { expectedRevision: 1 });
});
afterEach(async () => {
  await log.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const breakJson = (stream: string, revision: number) => {
  const db = new Database(file());
  db.prepare('UPDATE events SET data = substr(data, 2) WHERE stream = ? AND revision = ?').run(
    stream,
    revision,
  );
  db.close();
};

test('readAll and subscribe skip an unreadable event when told, naming stream, revision and position', async () => {
  breakJson('compliance-a', 1);
  const unreadable: CorruptEventError[] = [];
  const read: string[] = [];
  for await (const batch of log.readAll({ onUnreadable: (e) => unreadable.push(e) }))
    read.push(...batch.map((e) => `${e.stream}@${e.revision}`));
  expect(read).toEqual(['compliance-a@0', 'learning-b@0', 'compliance-a@2']);
  expect(unreadable.map((e) => [e.stream, e.revision, e.position])).toEqual([['compliance-a', 1, '2']]);

  const live: string[] = [];
  const subscription = log.subscribe({ onUnreadable: (e) => unreadable.push(e) });
  for await (const e of subscription) {
    live.push(`${e.stream}@${e.revision}`);
    if (live.length === 3) break;
  }
  await subscription.close();
  expect(live).toEqual(read);
  // Without being told, the read fails at the damaged event as before.
  await expect(async () => {
    for await (const _ of log.readAll()) void _;
  }).rejects.toThrow(CorruptEventError);
});

test('the integrity scan records the first damaged event of each stream: not JSON, or content that no longer matches its hash', async () => {
  breakJson('compliance-a', 1);
  const db = new Database(file());
  const original = db.prepare("SELECT data FROM events WHERE stream = 'learning-b'").get() as {
    data: string;
  };
  await tamperWithSqliteLog(file())('learning-b', 0);
  const found: string[] = [];
  const result = await scanLogIntegrity(log, store, { onDamaged: (d) => found.push(d.stream) });
  expect(result.events).toBe(3);
  expect(found).toEqual(['compliance-a', 'learning-b']);
  expect(await listDamagedEvents(store)).toEqual([
    expect.objectContaining({
      stream: 'compliance-a',
      revision: 1,
      position: '2',
      userId: 'a',
      reason: 'it is not valid JSON',
      foundBy: 'integrity scan',
    }),
    expect.objectContaining({
      stream: 'learning-b',
      revision: 0,
      position: '3',
      userId: 'b',
      reason: 'its content does not match its hash: it was changed',
    }),
  ]);

  // Repaired (the original row put back): the next scan forgets it.
  db.prepare("UPDATE events SET data = ? WHERE stream = 'learning-b'").run(original.data);
  db.close();
  await scanLogIntegrity(log, store);
  expect((await listDamagedEvents(store)).map((d) => d.stream)).toEqual(['compliance-a']);
  expect(await store.count(DAMAGED_EVENTS)).toBe(1);
});
