/**
 * Read your own writes. Command responses carry the commit position of what they appended (X-Position);
 * the highest one seen is kept in sessionStorage (it survives the reloads after sign-in and after the
 * compliance dialog, docs/product.md) and sent with every query (X-Min-Position), so the query service
 * answers only once its read models have caught up.
 */
import { comparePositions, isPosition } from '@tickwise/contracts/positions';
import { readItem, storageKeys, writeItem } from '../app/storage';

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
