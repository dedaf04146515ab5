import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { anyEvents } from '../src/eventlog/decode';
import { newId } from '../src/eventlog/ids';
import { CorruptEventError, InvalidEventError } from '../src/eventlog/port';
import { SqliteEventLog } from '../src/eventlog/sqlite-event-log';
import { describeEventLogContract, event } from './eventlog.contract';
import { tamperWithSqliteLog } from './sqlite-tamper';

const dir = mkdtempSync(join(tmpdir(), 'tickwise-eventlog-'));
const file = join(dir, 'events.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeEventLogContract('SQLite', {
  open: async () => new SqliteEventLog({ file, events: anyEvents }),
  tamper: tamperWithSqliteLog(file),
});

// The servers' log: appends committed by a writer thread on its own connection, reads on this one.
const threadFile = join(dir, 'events-writer-thread.db');
describeEventLogContract('SQLite with a writer thread', {
  open: async () => new SqliteEventLog({ file: threadFile, events: anyEvents, writerThread: true }),
  tamper: tamperWithSqliteLog(threadFile),
});

describe.each([
  ['on its own connection', false, file],
  ['on a writer thread', true, threadFile],
])('SQLite group commit %s', (_, writerThread, file) => {
  test('an append failing halfway through writing fails alone; the others in its group commit', async () => {
    const log = new SqliteEventLog({ file, events: anyEvents, writerThread });
    const taken = newId();
    await log.appendToStream('group-owner', [event('Owned', {}, taken)], { expectedRevision: 'no_stream' });
    const results = await Promise.allSettled([
      log.appendToStream('group-a', [event('A', {})], { expectedRevision: 'no_stream' }),
      // Its first event is new, its second reuses an id stored elsewhere: the insert fails mid-append.
      log.appendToStream('group-bad', [event('B1', {}, newId()), event('B2', {}, taken)], {
        expectedRevision: 'no_stream',
      }),
      log.appendToStream('group-c', [event('C', {})], { expectedRevision: 'no_stream' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await log.readStream('group-bad')).toEqual([]);
    expect((await log.readStream('group-a')).length).toBe(1);
    expect((await log.readStream('group-c')).length).toBe(1);
    await log.close();
  });
});

describe('the log holds the product’s events', () => {
  const lessonCompleted = (completedAt: string) => ({
    type: 'LessonCompleted' as const,
    data: { moduleId: 1, lessonId: 2, completedAt },
    metadata: event('LessonCompleted', {}).metadata,
  });

  test('an event whose data does not match its codec is refused and nothing of the append is written', async () => {
    const log = new SqliteEventLog({ file });
    await expect(
      log.appendToStream(
        'learning-codec',
        [lessonCompleted('2026-01-01T10:00:00.000Z'), lessonCompleted('yesterday')],
        { expectedRevision: 'no_stream' },
      ),
    ).rejects.toThrow(
      new InvalidEventError(
        'learning-codec',
        'LessonCompleted',
        'completedAt: must be an ISO 8601 date-time',
      ),
    );
    expect(await log.readStream('learning-codec')).toEqual([]);
    await log.close();
  });

  test('a stored event of a type the code does not know cannot be read: the error names stream and revision', async () => {
    const log = new SqliteEventLog({ file });
    await log.appendToStream('learning-unknown', [lessonCompleted('2026-01-01T10:00:00.000Z')], {
      expectedRevision: 'no_stream',
    });
    const db = new Database(file);
    db.prepare("UPDATE events SET type = 'LessonSkipped' WHERE stream = 'learning-unknown'").run();
    db.close();
    const read = log.readStream('learning-unknown');
    await expect(read).rejects.toBeInstanceOf(CorruptEventError);
    await expect(read).rejects.toMatchObject({ stream: 'learning-unknown', revision: 0 });
    await log.close();
  });
});

describe('SQLite subscriptions of one log', () => {
  test('idle subscriptions share one poll: another connection’s append reaches them all in the same turn', async () => {
    const sharedFile = join(dir, 'shared-poll.db');
    const reader = new SqliteEventLog({ file: sharedFile, events: anyEvents });
    const writer = new SqliteEventLog({ file: sharedFile, events: anyEvents });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const received: string[] = [];
    let atFirst: number | undefined;
    let inTurnOfFirst: number | undefined;
    const subscriptions = [];
    const following = [];
    // Opened 2 ms apart: polls of their own would come due 2 ms apart too, in different turns.
    for (let n = 0; n < 5; n++) {
      const subscription = reader.subscribe({});
      subscriptions.push(subscription);
      following.push(
        (async () => {
          for await (const recorded of subscription) {
            received.push(`${n}:${recorded.type}`);
            if (atFirst === undefined) {
              atFirst = received.length;
              setImmediate(() => {
                inTurnOfFirst = received.length;
              });
            }
            return;
          }
        })(),
      );
      await pause(2);
    }
    await pause(20);
    await writer.appendToStream('shared-poll', [event('Polled', {})], { expectedRevision: 'no_stream' });
    await Promise.all(following);
    await new Promise((resolve) => setImmediate(resolve));
    expect(received.sort()).toEqual(['0:Polled', '1:Polled', '2:Polled', '3:Polled', '4:Polled']);
    expect(atFirst).toBe(1);
    expect(inTurnOfFirst).toBe(5);
    for (const subscription of subscriptions) await subscription.close();
    await writer.close();
    await reader.close();
  });

  test('an append made while the subscriber handles the event before it is handed over next, not missed', async () => {
    const sharedFile = join(dir, 'append-while-handling.db');
    const reader = new SqliteEventLog({ file: sharedFile, events: anyEvents });
    const writer = new SqliteEventLog({ file: sharedFile, events: anyEvents });
    await writer.appendToStream('handled', [event('First', {})], { expectedRevision: 'no_stream' });
    const subscription = reader.subscribe({});
    const iterator = subscription[Symbol.asyncIterator]();
    expect((await iterator.next()).value?.type).toBe('First');
    // Still "handling" First: another connection appends, then this process appends on the reader's own log.
    await writer.appendToStream('handled', [event('Second', {})], { expectedRevision: 0 });
    expect((await iterator.next()).value?.type).toBe('Second');
    await reader.appendToStream('handled', [event('Third', {})], { expectedRevision: 1 });
    expect((await iterator.next()).value?.type).toBe('Third');
    await subscription.close();
    await writer.close();
    await reader.close();
  });

  test('subscriptions at the same place share a read only while nothing was committed since', async () => {
    const sharedFile = join(dir, 'shared-read.db');
    const log = new SqliteEventLog({ file: sharedFile, events: anyEvents });
    await log.appendToStream('shared-read', [event('First', { n: 1 })], { expectedRevision: 'no_stream' });
    const subscriptions = [log.subscribe({}), log.subscribe({}), log.subscribe({})];
    const [a, b, c] = subscriptions.map((subscription) => subscription[Symbol.asyncIterator]());
    if (!a || !b || !c) throw new Error('three subscriptions');
    // All in one turn of the event loop: `a` reads the log; another connection commits (synchronously, as a
    // writer thread or another process may at any moment); `b` asks the same question as `a` and must not be
    // handed `a`'s rows, which lack that commit.
    const firstOfA = (await a.next()).value;
    const other = new Database(sharedFile);
    other
      .prepare(
        'INSERT INTO events (event_id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(newId(), 'shared-read', 1, 'Second', '{"n":2}', '{}');
    other.close();
    const fromB = [(await b.next()).value?.type, (await b.next()).value?.type];
    const fromA = (await a.next()).value?.type;
    // `c` asks what `b` asked, after the same commit: it shares `b`'s read, yet gets events of its own.
    const firstOfC = (await c.next()).value;
    expect({ fromA, fromB, c: [firstOfC?.type, (await c.next()).value?.type] }).toEqual({
      fromA: 'Second',
      fromB: ['First', 'Second'],
      c: ['First', 'Second'],
    });
    expect(firstOfC?.data).toEqual(firstOfA?.data);
    expect(firstOfC?.data).not.toBe(firstOfA?.data);
    for (const subscription of subscriptions) await subscription.close();
    await log.close();
  });
});
