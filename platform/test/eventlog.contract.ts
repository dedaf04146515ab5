import { commandEventIds } from '../src/eventlog/ids';
import {
  comparePositions,
  type EventLog,
  type NewEvent,
  type RecordedEvent,
  START,
  type TaggedEvent,
  WrongExpectedRevisionError,
} from '../src/eventlog/port';

/**
 * What an adapter's test file hands to the shared suite: a log that stores any event (`anyEvents`), since
 * the suite tests the storage, not the domain's events.
 */
export interface EventLogHarness {
  open(): Promise<EventLog<TaggedEvent>>;
  /** Changes one stored byte of an event behind the adapter's back (adapters whose store allows it). */
  tamper?: (stream: string, revision: number) => Promise<void>;
}

let counter = 0;
/** Stream names unique per test run, so a shared server (EventStoreDB) needs no cleaning. */
export const uniqueStream = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}`;

export function event(type: string, data: Record<string, unknown>, eventId?: string): NewEvent<TaggedEvent> {
  return {
    type,
    data,
    ...(eventId ? { eventId } : {}),
    metadata: {
      correlationId: 'corr-1',
      causationId: 'cause-1',
      actor: 'user-1',
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

async function take(
  iterable: AsyncIterable<RecordedEvent<TaggedEvent>>,
  count: number,
  ms = 5000,
): Promise<RecordedEvent<TaggedEvent>[]> {
  const out: RecordedEvent<TaggedEvent>[] = [];
  const iterator = iterable[Symbol.asyncIterator]();
  const deadline = Date.now() + ms;
  while (out.length < count) {
    let timer: NodeJS.Timeout | undefined;
    const next = await Promise.race([
      iterator.next(),
      new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
      }),
    ]);
    clearTimeout(timer);
    if (next === 'timeout')
      throw new Error(`subscription delivered ${out.length} of ${count} events in ${ms} ms`);
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}

export function describeEventLogContract(name: string, harness: EventLogHarness): void {
  describe(`event log contract: ${name}`, () => {
    let log: EventLog<TaggedEvent>;
    beforeEach(async () => {
      log = await harness.open();
    });
    afterEach(async () => {
      await log.close();
    });

    test('appends to a new stream and reads it back in order, forwards and backwards', async () => {
      const stream = uniqueStream('append');
      const result = await log.appendToStream(
        stream,
        [event('A', { n: 1 }), event('B', { n: 2 }), event('C', { n: 3, nested: { ok: true } })],
        { expectedRevision: 'no_stream' },
      );
      expect(result.nextRevision).toBe(2);
      const events = await log.readStream(stream);
      expect(events.map((e) => [e.revision, e.type, e.data])).toEqual([
        [0, 'A', { n: 1 }],
        [1, 'B', { n: 2 }],
        [2, 'C', { n: 3, nested: { ok: true } }],
      ]);
      expect(events[2]?.position).toBe(result.position);
      expect(events[0]?.metadata).toMatchObject({
        correlationId: 'corr-1',
        causationId: 'cause-1',
        actor: 'user-1',
      });
      const backwards = await log.readStream(stream, { direction: 'backwards', maxCount: 2 });
      expect(backwards.map((e) => e.revision)).toEqual([2, 1]);
      const from1 = await log.readStream(stream, { fromRevision: 1 });
      expect(from1.map((e) => e.revision)).toEqual([1, 2]);
      expect(await log.readStream(uniqueStream('missing'))).toEqual([]);
    });

    test('a wrong expected revision throws the typed conflict error and appends nothing', async () => {
      const stream = uniqueStream('conflict');
      await log.appendToStream(stream, [event('A', {})], { expectedRevision: 'no_stream' });
      await expect(
        log.appendToStream(stream, [event('B', {})], { expectedRevision: 'no_stream' }),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(
        log.appendToStream(stream, [event('B', {})], { expectedRevision: 5 }),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(
        log.appendToStream(uniqueStream('none'), [event('B', {})], { expectedRevision: 0 }),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await log.readStream(stream)).map((e) => e.type)).toEqual(['A']);
      const ok = await log.appendToStream(stream, [event('C', {})], { expectedRevision: 0 });
      expect(ok.nextRevision).toBe(1);
      const any = await log.appendToStream(stream, [event('D', {})], { expectedRevision: 'any' });
      expect(any.nextRevision).toBe(2);
    });

    test('appends arriving together: a conflict fails only its own append', async () => {
      const [a, b, c] = [uniqueStream('ga'), uniqueStream('gb'), uniqueStream('gc')];
      await log.appendToStream(b, [event('Seed', {})], { expectedRevision: 'no_stream' });
      const results = await Promise.allSettled([
        log.appendToStream(a, [event('A', {})], { expectedRevision: 'no_stream' }),
        log.appendToStream(b, [event('B', {})], { expectedRevision: 'no_stream' }),
        log.appendToStream(c, [event('C', {})], { expectedRevision: 'no_stream' }),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((await log.readStream(a)).length).toBe(1);
      expect((await log.readStream(b)).map((e) => e.type)).toEqual(['Seed']);
      expect((await log.readStream(c)).length).toBe(1);
    });

    test('8 concurrent writers with exact revisions: contiguous revisions, nothing lost or doubled', async () => {
      const stream = uniqueStream('writers');
      const perWriter = 20;
      let conflicts = 0;
      const writer = async (w: number) => {
        for (let i = 0; i < perWriter; ) {
          const last = (await log.readStream(stream, { direction: 'backwards', maxCount: 1 }))[0];
          try {
            await log.appendToStream(stream, [event('Written', { w, i })], {
              expectedRevision: last ? last.revision : 'no_stream',
            });
            i++;
          } catch (error) {
            if (!(error instanceof WrongExpectedRevisionError)) throw error;
            conflicts++;
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
      const events = await log.readStream(stream);
      expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 8 * perWriter }, (_, i) => i));
      const keys = events.map((e) => JSON.stringify(e.data));
      expect(new Set(keys).size).toBe(8 * perWriter);
      for (let w = 0; w < 8; w++) {
        const mine = events.map((e) => e.data as { w: number; i: number }).filter((d) => d.w === w);
        expect(mine.map((d) => d.i)).toEqual(Array.from({ length: perWriter }, (_, i) => i));
      }
      expect(conflicts).toBeGreaterThan(0);
      expect((await log.verifyStream(stream)).ok).toBe(true);
    });

    test('readAll returns the log in position order and resumes exclusively after a position', async () => {
      const before = await log.headPosition();
      const stream = uniqueStream('all');
      await log.appendToStream(stream, [event('A', {}), event('B', {})], { expectedRevision: 'no_stream' });
      const other = uniqueStream('all-other');
      await log.appendToStream(other, [event('C', {})], { expectedRevision: 'no_stream' });
      const seen: RecordedEvent<TaggedEvent>[] = [];
      for await (const batch of log.readAll({ fromPosition: before, batchSize: 2 })) seen.push(...batch);
      const mine = seen.filter((e) => e.stream === stream || e.stream === other);
      expect(mine.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      // Events read from the global log carry the same envelope as the stream read (metadata included).
      const fromStream = await log.readStream(stream);
      expect(mine[0]?.metadata).toEqual(fromStream[0]?.metadata);
      expect(mine[1]?.eventId).toBe(fromStream[1]?.eventId);
      const onlyB: RecordedEvent<TaggedEvent>[] = [];
      for await (const batch of log.readAll({ fromPosition: before, types: ['B', 'C'] }))
        onlyB.push(...batch);
      expect(onlyB.filter((e) => e.stream === stream || e.stream === other).map((e) => e.type)).toEqual([
        'B',
        'C',
      ]);
      for (let i = 1; i < seen.length; i++) {
        expect(comparePositions(seen[i - 1]?.position ?? START, seen[i]?.position ?? START)).toBeLessThan(0);
      }
      const firstPosition = mine[0]?.position ?? START;
      const resumed: RecordedEvent<TaggedEvent>[] = [];
      for await (const batch of log.readAll({ fromPosition: firstPosition })) resumed.push(...batch);
      expect(resumed.filter((e) => e.stream === stream || e.stream === other).map((e) => e.type)).toEqual([
        'B',
        'C',
      ]);
      expect(comparePositions(await log.headPosition(), mine[2]?.position ?? START)).toBeGreaterThanOrEqual(
        0,
      );
    });

    test('a catch-up subscription delivers history, then live appends, in order; and resumes', async () => {
      const before = await log.headPosition();
      const stream = uniqueStream('sub');
      await log.appendToStream(stream, [event('Old1', {}), event('Old2', {})], {
        expectedRevision: 'no_stream',
      });
      const subscription = log.subscribe({ fromPosition: before });
      const mine = (async () => {
        const out: RecordedEvent<TaggedEvent>[] = [];
        for await (const e of subscription) {
          if (e.stream === stream) out.push(e);
          if (out.length === 4) break;
        }
        return out;
      })();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await log.appendToStream(stream, [event('Live1', {})], { expectedRevision: 1 });
      await log.appendToStream(stream, [event('Live2', {})], { expectedRevision: 2 });
      const delivered = await mine;
      await subscription.close();
      expect(delivered.map((e) => e.type)).toEqual(['Old1', 'Old2', 'Live1', 'Live2']);

      const resumeFrom = delivered[1]?.position ?? START;
      const resumed = log.subscribe({ fromPosition: resumeFrom });
      const next = await take(resumed, 1);
      await resumed.close();
      expect(next.map((e) => [e.stream, e.type])).toEqual([[stream, 'Live1']]);
    });

    test('every event carries metadata and a verifiable hash chain', async () => {
      const stream = uniqueStream('chain');
      await log.appendToStream(stream, [event('A', { x: 1 }), event('B', { y: 'é' })], {
        expectedRevision: 'no_stream',
      });
      await log.appendToStream(stream, [event('C', { z: [1, 2] })], { expectedRevision: 1 });
      const events = await log.readStream(stream);
      expect(events[0]?.metadata.prevHash).toBe('0'.repeat(64));
      expect(events[1]?.metadata.prevHash).toBe(events[0]?.metadata.hash);
      expect(events[2]?.metadata.prevHash).toBe(events[1]?.metadata.hash);
      for (const e of events) {
        expect(e.metadata.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(typeof e.metadata.occurredAt).toBe('string');
        expect(e.metadata.schemaVersion).toBe(1);
      }
      expect(await log.verifyStream(stream)).toEqual({ ok: true, stream, events: 3 });
    });

    if (harness.tamper) {
      const tamper = harness.tamper;
      test('tampering with one stored byte is detected at that revision', async () => {
        const stream = uniqueStream('tamper');
        await log.appendToStream(
          stream,
          [event('A', { amount: 100 }), event('B', { amount: 200 }), event('C', {})],
          {
            expectedRevision: 'no_stream',
          },
        );
        await tamper(stream, 1);
        const verification = await log.verifyStream(stream);
        expect(verification).toMatchObject({ ok: false, stream, brokenAt: 1 });
      });
    }

    test('the same command appended twice (same event ids) appends once and answers the same result', async () => {
      const stream = uniqueStream('idem');
      const ids = commandEventIds('command-42', 2);
      const events = [event('A', {}, ids[0]), event('B', {}, ids[1])];
      const first = await log.appendToStream(stream, events, { expectedRevision: 'no_stream' });
      const second = await log.appendToStream(stream, events, { expectedRevision: 'no_stream' });
      expect(second).toEqual(first);
      expect((await log.readStream(stream)).map((e) => e.eventId)).toEqual(ids);
      expect(commandEventIds('command-42', 2)).toEqual(ids);
      expect(commandEventIds('command-43', 2)).not.toEqual(ids);
    });
  });
}
