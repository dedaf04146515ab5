import { createHash, randomBytes } from 'node:crypto';

/** A UUID-shaped id derived from a name (RFC 9562 version 8, SHA-256 based): same input, same id. */
export function deterministicId(...parts: readonly string[]): string {
  const bytes = createHash('sha256').update(parts.join('\u0000')).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80; // version 8
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of a command's index-th event: the same command id always yields the same ids. */
export const commandEventId = (commandId: string, index: number): string =>
  deterministicId('command', commandId, String(index));

/** Event ids for the events one command appends. */
export function commandEventIds(commandId: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => commandEventId(commandId, index));
}

let lastMs = 0;
let sequence = 0;
// Random bytes are drawn 4 KiB at a time: one small randomBytes call per id costs more than the rest of an append.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;

function random8(): Buffer {
  if (poolOffset + 8 > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  poolOffset += 8;
  return pool.subarray(poolOffset - 8, poolOffset);
}

/**
 * A new time-ordered id (RFC 9562 UUID version 7): ids made later sort later, so the log's event-id index
 * and read-model keys grow at their end instead of at random places (several times faster to insert).
 */
export function newId(): string {
  // Within one millisecond a 12-bit counter keeps ids ordered; when it runs out the timestamp moves on by one.
  let now = Date.now();
  if (now <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
    now = lastMs;
  } else {
    sequence = 0;
    lastMs = now;
  }
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  random8().copy(bytes, 8);
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
