import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anyEvents } from '../src/eventlog/decode';
import { followLog } from '../src/eventlog/follow-log';
import type { EventLog, RecordedEvent, TaggedEvent } from '../src/eventlog/port';
import { START } from '../src/eventlog/port';
import { SqliteEventLog } from '../src/eventlog/sqlite-event-log';
import { event } from './eventlog.contract';

const dir = mkdtempSync(join(tmpdir(), 'tickwise-follow-'));
let log: EventLog<TaggedEvent>;
let n = 0;
beforeEach(() => {
  log = new SqliteEventLog({ file: join(dir, `events-${++n}.db`), events: anyEvents });
});
afterEach(() => log.close());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const append = (stream: string, ...types: string[]) =>
  log.appendToStream(
    stream,
    types.map((type) => event(type, {})),
    { expectedRevision: 'any' },
  );

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
};

describe('followLog', () => {
  test('hands over the stored events after `from`, then live ones, in order and in batches of at most batchSize', async () => {
    await append('s-1', 'A', 'B', 'C', 'D', 'E');
    const [first] = await log.readStream('s-1', { maxCount: 1 });
    const batches: string[][] = [];
    const stopping = new AbortController();
    const following = followLog(
      log,
      { from: first?.position ?? START, signal: stopping.signal, batchSize: 2 },
      async (batch) => {
        batches.push(batch.map((e) => e.type));
        return 'continue';
      },
    );
    await until(() => batches.flat().length === 4);
    await append('s-2', 'F');
    await until(() => batches.flat().length === 5);
    stopping.abort();
    await following;
    expect(batches.flat()).toEqual(['B', 'C', 'D', 'E', 'F']);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(2);
  });

  test("ends when the handler answers 'end', and hands over nothing after it", async () => {
    await append('s-1', 'A', 'B', 'C');
    const seen: RecordedEvent<TaggedEvent>[] = [];
    await followLog(log, { from: START, signal: new AbortController().signal }, async ([e]) => {
      if (e) seen.push(e);
      return seen.length === 2 ? 'end' : 'continue';
    });
    expect(seen.map((e) => e.type)).toEqual(['A', 'B']);
  });

  test('an idle log hands over empty batches every idleMs; without idleMs it waits for an event', async () => {
    // Two followers of the same idle log: the one without idleMs is never called while the other one sees
    // three idle ticks go by.
    const waiting = new AbortController();
    let calls = 0;
    const quiet = followLog(log, { from: START, signal: waiting.signal }, async () => {
      calls++;
      return 'continue';
    });
    const stopping = new AbortController();
    let idle = 0;
    const following = followLog(log, { from: START, signal: stopping.signal, idleMs: 20 }, async (batch) => {
      if (batch.length === 0) idle++;
      return 'continue';
    });
    await until(() => idle >= 3);
    stopping.abort();
    await following;
    waiting.abort();
    await quiet;
    expect(calls).toBe(0);
  });

  test('catching up a backlog lets the process do other work between batches', async () => {
    await append('s-1', ...Array.from({ length: 50 }, (_, i) => `E${i}`));
    // Other work already queued (as a request would be): an embedded log reads synchronously, so without a
    // turn of the event loop between batches it would not run before the whole backlog had been handed over.
    let otherWorkRan = false;
    setImmediate(() => {
      otherWorkRan = true;
    });
    const otherWorkRanAtBatch: boolean[] = [];
    await followLog(
      log,
      { from: START, signal: new AbortController().signal, batchSize: 10 },
      async (batch) => {
        otherWorkRanAtBatch.push(otherWorkRan);
        return otherWorkRanAtBatch.length * 10 >= 50 || batch.length === 0 ? 'end' : 'continue';
      },
    );
    expect(otherWorkRanAtBatch).toHaveLength(5);
    expect(otherWorkRanAtBatch.slice(1)).toEqual([true, true, true, true]);
  });

  test('aborting ends a follow that waits for events; an aborted signal never subscribes', async () => {
    const stopping = new AbortController();
    const following = followLog(log, { from: START, signal: stopping.signal }, async () => 'continue');
    stopping.abort();
    await expect(following).resolves.toBeUndefined();
    const subscribe = jest.spyOn(log, 'subscribe');
    await followLog(log, { from: START, signal: stopping.signal }, async () => 'continue');
    expect(subscribe).not.toHaveBeenCalled();
  });
});
