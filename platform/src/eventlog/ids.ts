import { createHash, randomUUID } from 'node:crypto';

/** A UUID-shaped id derived from a name (RFC 9562 version 8, SHA-256 based): same input, same id. */
export function deterministicId(...parts: readonly string[]): string {
  const bytes = createHash('sha256').update(parts.join('\u0000')).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80; // version 8
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Event ids for the events one command appends: the same command id always yields the same ids. */
export function commandEventIds(commandId: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => deterministicId('command', commandId, String(index)));
}

export const newId = (): string => randomUUID();
