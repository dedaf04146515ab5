import { randomBytes } from 'node:crypto';
import { anyEvents } from '../src/eventlog/decode';
import { InMemoryEventLog, InMemoryEventLogState } from '../src/eventlog/in-memory-event-log';
import { CorruptEventError, InvalidEventError } from '../src/eventlog/port';
import { DataKeys } from '../src/privacy/data-keys';
import { InMemoryKeyStore } from '../src/privacy/in-memory-key-store';
import { encrypted } from './encryption-support';
import { describeEventLogContract, event } from './eventlog.contract';

// One state for the suite, as the SQLite suite shares one file: each test opens a new log on it.
const state = new InMemoryEventLogState();

/** Changes one digit of the stored data of an event, behind the log's back (as `tamperWithSqliteLog`). */
const tamperWith = (held: InMemoryEventLogState) => async (stream: string, revision: number) => {
  const row = held.rows.find((r) => r.stream === stream && r.revision === revision);
  if (!row) throw new Error(`no event ${stream}@${revision} to tamper with`);
  row.data = row.data.replace(/\d/, (digit) => String((Number(digit) + 1) % 10));
};

describeEventLogContract('in memory', {
  open: async () => new InMemoryEventLog({ state, events: anyEvents }),
  tamper: tamperWith(state),
});

// The encryption layer over memory, its keys in memory too: the whole stack without a file.
const sealedState = new InMemoryEventLogState();
const keys = new DataKeys(new InMemoryKeyStore(), randomBytes(32));
describeEventLogContract('in memory + encryption', {
  open: async () => encrypted(new InMemoryEventLog({ state: sealedState, events: anyEvents }), keys),
  tamper: tamperWith(sealedState),
});

describe('in-memory event log beyond the contract', () => {
  test('an append failing on a taken event id fails alone and writes nothing of itself', async () => {
    const log = new InMemoryEventLog({ events: anyEvents });
    await log.appendToStream('owner', [event('Owned', {}, 'taken-id')], { expectedRevision: 'no_stream' });
    const results = await Promise.allSettled([
      log.appendToStream('a', [event('A', {})], { expectedRevision: 'no_stream' }),
      log.appendToStream('bad', [event('B1', {}, 'fresh-id'), event('B2', {}, 'taken-id')], {
        expectedRevision: 'no_stream',
      }),
      log.appendToStream('c', [event('C', {})], { expectedRevision: 'no_stream' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await log.readStream('bad')).toEqual([]);
    expect(await log.headPosition()).toBe('3');
    await log.close();
  });

  test('a replay whose ids sit in another stream is refused', async () => {
    const log = new InMemoryEventLog({ events: anyEvents });
    await log.appendToStream('first', [event('A', {}, 'id-1')], { expectedRevision: 'no_stream' });
    await expect(
      log.appendToStream('second', [event('A', {}, 'id-1')], { expectedRevision: 'no_stream' }),
    ).rejects.toMatchObject({ name: 'RejectedBeforeWrite' });
    await log.close();
  });

  test('two logs on one state are one log: the second sees and wakes on the first’s appends', async () => {
    const shared = new InMemoryEventLogState();
    const writer = new InMemoryEventLog({ state: shared, events: anyEvents });
    const reader = new InMemoryEventLog({ state: shared, events: anyEvents });
    const subscription = reader.subscribe({});
    const first = subscription[Symbol.asyncIterator]().next();
    await writer.appendToStream('s', [event('A', {})], { expectedRevision: 'no_stream' });
    expect((await first).value).toMatchObject({ stream: 's', type: 'A', position: '1' });
    await reader.close();
    // Closing the log finishes its subscriptions.
    expect(await subscription[Symbol.asyncIterator]().next()).toEqual({ done: true, value: undefined });
    await writer.close();
  });

  test('appends asked for in one turn are applied in the next, in order, as a group', async () => {
    const log = new InMemoryEventLog({ events: anyEvents });
    const first = log.appendToStream('s', [event('A', {})], { expectedRevision: 'no_stream' });
    const second = log.appendToStream('s', [event('B', {})], { expectedRevision: 0 });
    expect(await log.readStream('s')).toEqual([]);
    expect(await first).toEqual({ nextRevision: 0, position: '1' });
    expect(await second).toEqual({ nextRevision: 1, position: '2' });
    await log.close();
  });

  test('closing the log applies the appends already asked for', async () => {
    const shared = new InMemoryEventLogState();
    const log = new InMemoryEventLog({ state: shared, events: anyEvents });
    const appended = log.appendToStream('s', [event('A', {})], { expectedRevision: 'no_stream' });
    await log.close();
    expect(await appended).toEqual({ nextRevision: 0, position: '1' });
    expect(shared.head()).toBe(1);
  });

  test('a caller changing a read event does not change what the next reader gets', async () => {
    const log = new InMemoryEventLog({ events: anyEvents });
    await log.appendToStream('s', [event('A', { n: 1 })], { expectedRevision: 'no_stream' });
    const [read] = await log.readStream('s');
    (read?.data as { n: number }).n = 2;
    expect((await log.readStream('s'))[0]?.data).toEqual({ n: 1 });
    await log.close();
  });

  test('a closed log refuses appends and reads', async () => {
    const log = new InMemoryEventLog({ events: anyEvents });
    await log.close();
    await expect(log.appendToStream('s', [event('A', {})], { expectedRevision: 'any' })).rejects.toThrow(
      'event log is closed',
    );
    await expect(log.readStream('s')).rejects.toThrow('event log is closed');
    await expect(log.probeWrite()).rejects.toThrow('event log is closed');
  });

  describe('the log holds the product’s events', () => {
    const lessonCompleted = (completedAt: string) => ({
      type: 'LessonCompleted' as const,
      data: { moduleId: 1, lessonId: 2, completedAt },
      metadata: event('LessonCompleted', {}).metadata,
    });

    test('an event whose data does not match its codec is refused and nothing of the append is written', async () => {
      const log = new InMemoryEventLog();
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
      const shared = new InMemoryEventLogState();
      const anything = new InMemoryEventLog({ state: shared, events: anyEvents });
      await anything.appendToStream('learning-unknown', [event('LessonSkipped', {})], {
        expectedRevision: 'no_stream',
      });
      const log = new InMemoryEventLog({ state: shared });
      const read = log.readStream('learning-unknown');
      await expect(read).rejects.toBeInstanceOf(CorruptEventError);
      await expect(read).rejects.toMatchObject({ stream: 'learning-unknown', revision: 0 });
      await log.close();
      await anything.close();
    });
  });
});
