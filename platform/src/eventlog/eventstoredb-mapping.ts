/**
 * How the EventStoreDB adapter translates between the port and `@eventstore/db-client` 6.2: positions,
 * stream-read options and append outcomes. Pure functions, so they are tested without a server.
 */
import {
  BACKWARDS,
  type CurrentRevision,
  END,
  START as ES_START,
  type AppendResult as EsAppendResult,
  type ReadStreamOptions as EsReadStreamOptions,
  FORWARDS,
  type ReadPosition,
} from '@eventstore/db-client';
import { type Position, type ReadStreamOptions, START } from './port';

/** A `$all` position as the port's opaque string: `commit/prepare`, both unsigned 64-bit integers. */
export const encodePosition = (position: { commit: bigint; prepare: bigint }): Position =>
  `${position.commit}/${position.prepare}`;

/** Port position → client read position. START ('0') reads from the beginning of `$all`. */
export function toReadPosition(position: Position): ReadPosition {
  if (position === START) return ES_START;
  const match = /^(\d+)\/(\d+)$/.exec(position);
  if (!match?.[1] || !match[2]) {
    throw new Error(`not an EventStoreDB position ("commit/prepare"): ${position}`);
  }
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

/**
 * The port's stream read as the client's options, with the SQLite adapter's meaning for the edge values the
 * client would refuse or the server would read otherwise: `maxCount` 0 reads nothing and a negative one has no
 * limit (SQLite's `LIMIT`); a negative `fromRevision` reads the whole stream forwards and nothing backwards.
 * Undefined when there is nothing to read.
 */
export function streamReadOptions(options: ReadStreamOptions): EsReadStreamOptions | undefined {
  const backwards = options.direction === 'backwards';
  const { maxCount, fromRevision } = options;
  if (maxCount !== undefined && maxCount >= 0 && Math.floor(maxCount) === 0) return undefined;
  let from: EsReadStreamOptions['fromRevision'];
  if (fromRevision === undefined) from = backwards ? END : ES_START;
  else if (backwards) {
    if (fromRevision < 0) return undefined;
    from = BigInt(Math.floor(fromRevision));
  } else from = fromRevision <= 0 ? ES_START : BigInt(Math.ceil(fromRevision));
  return {
    direction: backwards ? BACKWARDS : FORWARDS,
    fromRevision: from,
    maxCount: maxCount === undefined || maxCount < 0 ? Number.MAX_SAFE_INTEGER : Math.floor(maxCount),
  };
}

/**
 * The revision of the last event an append wrote, or undefined when the server refused it for its expected
 * revision. A client made with `throwOnAppendFailure=false` (a connection-string setting) answers a refusal
 * with `success: false` instead of throwing `WrongExpectedVersionError`; its `nextExpectedRevision` is then
 * not the stream's revision (6.2.1's batch append sets it from a boolean), so the caller reads the stream.
 */
export const appendedRevision = (result: EsAppendResult): number | undefined =>
  result.success ? Number(result.nextExpectedRevision) : undefined;

/** `WrongExpectedVersionError.actualVersion` as the port's `actual`. */
export const actualRevision = (current: CurrentRevision): number | 'no_stream' =>
  typeof current === 'bigint' ? Number(current) : 'no_stream';
