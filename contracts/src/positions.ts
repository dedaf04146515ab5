/**
 * Positions in the global order of the event log, as the services and the browser both compare them.
 * No dependencies: the frontend imports this module alone (`@tickwise/contracts/positions`).
 */

/**
 * Opaque to callers; compare with `comparePositions`. Adapters encode it as one or more decimal integers
 * joined by '/' (EventStoreDB: "commit/prepare").
 */
export type Position = string;

export const isPosition = (value: string): boolean => /^\d+(\/\d+)*$/.test(value);

/** Negative, zero or positive, part by part as integers: works for every adapter's encoding. */
export function comparePositions(a: Position, b: Position): number {
  const pa = a.split('/').map(BigInt);
  const pb = b.split('/').map(BigInt);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0n;
    const y = pb[i] ?? 0n;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export function maxPosition(a: Position, b: Position): Position {
  return comparePositions(a, b) >= 0 ? a : b;
}
