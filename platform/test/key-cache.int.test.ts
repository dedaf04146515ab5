/**
 * Erasure reaches every reader at once, not after a cache's lifetime: two storage instances over the same
 * files (as the app's main thread and its projections thread, or two services, hold them). One erases a
 * learner; the other, which had their key in memory, can no longer decrypt: at once when it reads the
 * erasure event, and within `recheckAfterMs` when it reads only other events of theirs.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type DomainEvent,
  dataSubjectOf,
  ERASED,
  erasedSubjectsOf,
  personalFields,
  streams,
} from '@tickwise/contracts';
import { domainEvents } from '../src/eventlog/decode';
import type { NewEvent } from '../src/eventlog/port';
import { SqliteEventLog } from '../src/eventlog/sqlite-event-log';
import { DataKeys } from '../src/privacy/data-keys';
import { EncryptingEventLog, sealedEvents } from '../src/privacy/encrypting-event-log';
import { SqliteKeyStore } from '../src/privacy/sqlite-key-store';

const dir = mkdtempSync(join(tmpdir(), 'tickwise-key-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const master = randomBytes(32);

const meta = {
  correlationId: 'c',
  causationId: 'c',
  actor: 'u',
  occurredAt: '2026-11-26T10:00:00.000Z',
  schemaVersion: 1,
};
const userId = '0190c0de-0000-7000-8000-0000000c0ffe';
const stream = streams.user(userId);
const registered: NewEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    email: 'cached@example.org',
    firstName: 'Cass',
    lastName: 'Cache',
    registeredAt: meta.occurredAt,
  },
  metadata: meta,
};
const login: NewEvent = {
  type: 'LoginSucceeded',
  data: { userId, ip: '203.0.113.5', userAgent: 'CacheBrowser/2.0' },
  metadata: meta,
};

/** One instance over the shared files: its own connections, its own keys in memory, its own clock. */
function instance(now: () => number = Date.now) {
  const keys = new DataKeys(new SqliteKeyStore({ file: join(dir, 'keys.db') }), master, { now });
  const log = new EncryptingEventLog<DomainEvent>(
    new SqliteEventLog({ file: join(dir, 'events.db'), events: sealedEvents(personalFields) }),
    keys,
    { events: domainEvents, fields: personalFields, subjectOf: dataSubjectOf, erasedSubjectsOf },
  );
  return { keys, log };
}

test('erased by one instance: another that had the key in memory reads the erased values', async () => {
  let clock = 1_000_000;
  const eraser = instance();
  const reader = instance(() => clock);
  await eraser.log.appendToStream(stream, [registered, login], { expectedRevision: 'no_stream' });
  // The reader opens the learner's events: their key is now in its memory.
  expect((await reader.log.readStream(stream)).map((e) => e.data)).toEqual([registered.data, login.data]);

  await eraser.log.appendToStream(
    stream,
    [
      {
        type: 'LearnerErased',
        data: { userId, reason: 'learner_request', erasedAt: meta.occurredAt },
        metadata: meta,
      },
    ],
    { expectedRevision: 1 },
  );
  await eraser.keys.destroy(userId);

  // Reading only their logins (no erasure event among them): once `recheckAfterMs` has passed, the reader
  // asks the key store, which says the key is gone.
  const logins = async () => {
    const events = [];
    for await (const batch of reader.log.readAll({ types: ['LoginSucceeded'] })) events.push(...batch);
    return events.map((e) => e.data);
  };
  clock += 1_001;
  expect(await logins()).toEqual([{ userId, ip: ERASED, userAgent: ERASED }]);
  await Promise.all([eraser.log.close(), reader.log.close()]);
});

test('reading the erasure event itself drops the key at once, with no time passing', async () => {
  const other = '0190c0de-0000-7000-8000-0000000c0ff2';
  const theirs = streams.user(other);
  const forOther = (event: NewEvent): NewEvent =>
    ({ ...event, data: { ...(event.data as object), userId: other } }) as NewEvent;
  const eraser = instance();
  const reader = instance(() => 0);
  await eraser.log.appendToStream(theirs, [forOther(registered), forOther(login)], {
    expectedRevision: 'no_stream',
  });
  expect((await reader.log.readStream(theirs))[0]?.data).toMatchObject({ email: 'cached@example.org' });
  await eraser.log.appendToStream(
    theirs,
    [
      {
        type: 'LearnerErased',
        data: { userId: other, reason: 'learner_request', erasedAt: meta.occurredAt },
        metadata: meta,
      },
    ],
    { expectedRevision: 1 },
  );
  await eraser.keys.destroy(other);
  const [user, loggedIn] = await reader.log.readStream(theirs);
  expect(user?.data).toMatchObject({ email: ERASED, firstName: ERASED, lastName: ERASED });
  expect(loggedIn?.data).toMatchObject({ ip: ERASED, userAgent: ERASED });
  await Promise.all([eraser.log.close(), reader.log.close()]);
});
