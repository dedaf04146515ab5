import {
  BACKWARDS,
  END,
  START as ES_START,
  FORWARDS,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  actualRevision,
  appendedRevision,
  encodePosition,
  streamReadOptions,
  toReadPosition,
} from '../src/eventlog/eventstoredb-mapping';
import { comparePositions, START } from '../src/eventlog/port';

describe('EventStoreDB positions', () => {
  test('commit/prepare round-trip exactly, beyond 2^53, and order as the log does', () => {
    const big = { commit: 2n ** 60n + 1n, prepare: 2n ** 60n + 1n };
    expect(encodePosition(big)).toBe('1152921504606846977/1152921504606846977');
    expect(toReadPosition(encodePosition(big))).toEqual(big);
    const earlier = encodePosition({ commit: 2n ** 60n, prepare: 2n ** 60n + 5n });
    expect(comparePositions(earlier, encodePosition(big))).toBeLessThan(0);
    expect(comparePositions(START, earlier)).toBeLessThan(0);
  });

  test("the port's START reads $all from its start; anything but commit/prepare is refused", () => {
    expect(toReadPosition(START)).toBe(ES_START);
    for (const bad of ['12', '1/2/3', '-1/2', '1/', 'end']) {
      expect(() => toReadPosition(bad)).toThrow(/not an EventStoreDB position/);
    }
  });
});

describe('EventStoreDB stream reads, with the SQLite adapter’s meaning', () => {
  test('defaults: forwards from the start, backwards from the end, no limit', () => {
    expect(streamReadOptions({})).toEqual({
      direction: FORWARDS,
      fromRevision: ES_START,
      maxCount: Number.MAX_SAFE_INTEGER,
    });
    expect(streamReadOptions({ direction: 'backwards', maxCount: 1 })).toEqual({
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    });
    expect(streamReadOptions({ fromRevision: 3, maxCount: 2 })).toEqual({
      direction: FORWARDS,
      fromRevision: 3n,
      maxCount: 2,
    });
  });

  test('maxCount 0 reads nothing, a negative one has no limit (LIMIT 0, LIMIT -1)', () => {
    expect(streamReadOptions({ maxCount: 0 })).toBeUndefined();
    expect(streamReadOptions({ direction: 'backwards', maxCount: 0 })).toBeUndefined();
    expect(streamReadOptions({ maxCount: -1 })?.maxCount).toBe(Number.MAX_SAFE_INTEGER);
  });

  test('a negative revision reads the whole stream forwards and nothing backwards', () => {
    expect(streamReadOptions({ fromRevision: -1 })?.fromRevision).toBe(ES_START);
    expect(streamReadOptions({ direction: 'backwards', fromRevision: -1 })).toBeUndefined();
    expect(streamReadOptions({ direction: 'backwards', fromRevision: 0 })?.fromRevision).toBe(0n);
  });
});

describe('EventStoreDB append outcomes', () => {
  test('a refused append answered without an error is a conflict, not a success', () => {
    // What a client with throwOnAppendFailure=false answers (6.2.1's batch append: BigInt(true) = 1n).
    expect(appendedRevision({ success: false, nextExpectedRevision: 1n, position: undefined })).toBe(
      undefined,
    );
    const position = { commit: 10n, prepare: 10n };
    expect(appendedRevision({ success: true, nextExpectedRevision: 4n, position })).toBe(4);
  });

  test("the client's WrongExpectedVersionError gives the stream's actual revision", () => {
    const missing = new WrongExpectedVersionError(undefined, {
      streamName: 's',
      expected: 0n,
      current: 'no_stream',
    });
    expect(actualRevision(missing.actualVersion)).toBe('no_stream');
    const behind = new WrongExpectedVersionError(undefined, {
      streamName: 's',
      expected: 'no_stream',
      current: 7n,
    });
    expect(actualRevision(behind.actualVersion)).toBe(7);
  });
});
