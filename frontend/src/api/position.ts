/**
 * Read your own writes. Command responses carry the commit position of what they appended (X-Position);
 * the highest one seen is kept in sessionStorage (it survives the reloads the spec demands) and sent with
 * every query (X-Min-Position), so the query service answers only once its read models have caught up.
 */
import { readItem, storageKeys, writeItem } from '../app/storage';

/** Positions are opaque strings of one or more non-negative integers joined by '/', e.g. '42' or '7/7'. */
export const isPosition = (value: string): boolean => /^\d+(\/\d+)*$/.test(value);

/** Compares two positions (negative, zero, positive), part by part as integers. */
export function comparePositions(a: string, b: string): number {
  const pa = a.split('/').map(BigInt);
  const pb = b.split('/').map(BigInt);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0n;
    const y = pb[i] ?? 0n;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The highest position this tab has seen, or null. */
export function readPosition(): string | null {
  const stored = readItem('session', storageKeys.position);
  return stored !== null && isPosition(stored) ? stored : null;
}

/** Remembers `position` when it is higher than the one held. */
export function rememberPosition(position: string | null): void {
  if (position === null || !isPosition(position)) return;
  const held = readPosition();
  if (held === null || comparePositions(position, held) > 0) {
    writeItem('session', storageKeys.position, position);
  }
}
