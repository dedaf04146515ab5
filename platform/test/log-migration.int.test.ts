/**
 * The copy at the heart of the data-folder migration (`migrateLog`), on real SQLite files with the product's
 * events and field table: personal fields sealed, everything else copied exactly, the old chains checked on
 * the way (a broken one stops it), fields sealed already kept, and learners already erased staying erased.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataSubjectOf, ERASED, personalFields, streams } from '@tickwise/contracts';
import Database from 'better-sqlite3';
import { anyEvents } from '../src/eventlog/decode';
import type { EventLog, NewEvent, TaggedEvent } from '../src/eventlog/port';
import { SqliteEventLog } from '../src/eventlog/sqlite-event-log';
import { EncryptingEventLog, sealedEvents } from '../src/privacy/encrypting-event-log';
import {
  BrokenChainError,
  firstClearPersonalField,
  migrateLog,
  verifiedHeads,
} from '../src/privacy/log-migration';
import { testKeys } from './encryption-support';

const dir = mkdtempSync(join(tmpdir(), 'tickwise-log-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const meta = {
  correlationId: 'c',
  causationId: 'c',
  actor: 'u',
  occurredAt: '2026-01-05T10:00:00.000Z',
  schemaVersion: 1,
};
const ada = '0190c0de-0000-7000-8000-0000000000ad';
const bea = '0190c0de-0000-7000-8000-0000000000be';
const registered = (userId: string, email: string): NewEvent => ({
  type: 'UserRegistered',
  data: { userId, email, firstName: 'First', lastName: `Last-${email}`, registeredAt: meta.occurredAt },
  metadata: meta,
});
const loggedIn = (userId: string): NewEvent => ({
  type: 'LoginSucceeded',
  data: { userId, ip: '203.0.113.9', userAgent: 'OldBrowser/1.0' },
  metadata: meta,
});

let n = 0;
/** A log as the previous release wrote it (the product's events, personal fields in the clear). */
async function previousRelease(): Promise<{ file: string; log: SqliteEventLog<TaggedEvent> }> {
  const file = join(dir, `old-${n++}.db`);
  const log = new SqliteEventLog<TaggedEvent>({ file });
  await log.appendToStream(streams.user(ada), [registered(ada, 'ada@example.org'), loggedIn(ada)], {
    expectedRevision: 'no_stream',
  });
  await log.appendToStream(streams.user(bea), [registered(bea, 'bea@example.org')], {
    expectedRevision: 'no_stream',
  });
  await log.appendToStream(streams.user(ada), [loggedIn(ada)], { expectedRevision: 1 });
  return { file, log };
}

function migration(source: EventLog<TaggedEvent>) {
  const keys = testKeys();
  const target = new SqliteEventLog<TaggedEvent>({
    file: join(dir, `new-${n++}.db`),
    events: sealedEvents(personalFields) as never,
  });
  const opened = new EncryptingEventLog<TaggedEvent>(target, keys, {
    events: anyEvents,
    fields: personalFields,
    subjectOf: dataSubjectOf,
  });
  const run = () =>
    migrateLog({
      source,
      target,
      keys,
      fields: personalFields,
      subjectOf: dataSubjectOf,
      previousFile: 'events.pre-encryption.db',
      previousCheckpoint: null,
      now: () => new Date('2026-02-01T00:00:00.000Z'),
    });
  return { keys, target, opened, run };
}

test('every event copied in order with its id, revision and metadata; personal fields sealed; chains verify', async () => {
  const { log } = await previousRelease();
  expect(await firstClearPersonalField(log, personalFields)).toMatchObject({
    stream: streams.user(ada),
    type: 'UserRegistered',
    field: 'email',
  });
  const { target, opened, run } = migration(log);
  const record = await run();
  const old = await log.readStream(streams.user(ada));
  const stored = await target.readStream(streams.user(ada));
  const read = await opened.readStream(streams.user(ada));
  expect(stored.map((e) => [e.eventId, e.revision, e.type, e.metadata.occurredAt, e.metadata.actor])).toEqual(
    old.map((e) => [e.eventId, e.revision, e.type, e.metadata.occurredAt, e.metadata.actor]),
  );
  expect(read.map((e) => e.data)).toEqual(old.map((e) => e.data));
  expect(JSON.stringify(stored.map((e) => e.data))).not.toMatch(/ada@example|203\.0\.113|OldBrowser/);
  expect(await firstClearPersonalField(target, personalFields)).toBeUndefined();
  // The new log's order is the old one's: positions line up, the record comes last.
  expect(stored.map((e) => e.position)).toEqual(old.map((e) => e.position));
  const heads = await verifiedHeads(target);
  expect(heads.events).toBe(5);
  expect(record).toMatchObject({ events: 4, streams: 2, previousPosition: '4' });
  expect(record.headsRoot).toBe((await verifiedHeads(log)).root());
  await Promise.all([log.close(), target.close()]);
});

test('an old log with a broken chain is not migrated: the stream and revision are named', async () => {
  const { file, log } = await previousRelease();
  const db = new Database(file);
  db.prepare("UPDATE events SET data = replace(data, 'bea@', 'eve@') WHERE revision = 0 AND stream = ?").run(
    streams.user(bea),
  );
  db.close();
  const { run, target } = migration(log);
  const error = await run().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(BrokenChainError);
  expect(error).toMatchObject({
    stream: streams.user(bea),
    revision: 0,
    message: expect.stringContaining('content does not match its hash'),
  });
  await Promise.all([log.close(), target.close()]);
});

test('a learner the old log records as erased stays erased; fields sealed already are kept as they are', async () => {
  const { log } = await previousRelease();
  const keys = testKeys();
  // Sealed by an interim version that already encrypted new events, with keys of the same key store.
  const interim = new EncryptingEventLog<TaggedEvent>(log, keys, {
    events: anyEvents,
    fields: personalFields,
    subjectOf: dataSubjectOf,
  });
  await interim.appendToStream(streams.user(bea), [loggedIn(bea)], { expectedRevision: 0 });
  const sealedBefore = (await log.readStream(streams.user(bea)))[1]?.data;
  await log.appendToStream(
    streams.user(ada),
    [
      {
        type: 'LearnerErased',
        data: { userId: ada, reason: 'learner_request', erasedAt: meta.occurredAt },
        metadata: meta,
      },
    ],
    { expectedRevision: 2 },
  );
  const target = new SqliteEventLog<TaggedEvent>({
    file: join(dir, `new-${n++}.db`),
    events: sealedEvents(personalFields) as never,
  });
  await migrateLog({
    source: log,
    target,
    keys,
    fields: personalFields,
    subjectOf: dataSubjectOf,
    previousFile: 'events.pre-encryption.db',
    previousCheckpoint: null,
    now: () => new Date('2026-02-01T00:00:00.000Z'),
  });
  expect((await target.readStream(streams.user(bea)))[1]?.data).toEqual(sealedBefore);
  const opened = new EncryptingEventLog<TaggedEvent>(target, keys, {
    events: anyEvents,
    fields: personalFields,
    subjectOf: dataSubjectOf,
  });
  const [adaRegistered] = await opened.readStream(streams.user(ada));
  expect(adaRegistered?.data).toMatchObject({ email: ERASED, firstName: ERASED, lastName: ERASED });
  const [beaRegistered, beaLogin] = await opened.readStream(streams.user(bea));
  expect(beaRegistered?.data).toMatchObject({ email: 'bea@example.org' });
  expect(beaLogin?.data).toMatchObject({ ip: '203.0.113.9' });
  await Promise.all([log.close(), target.close()]);
});
