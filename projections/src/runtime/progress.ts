import type { Position } from '@tickwise/platform';

/** The first component of a position as a number: a log offset that grows with the log (SQLite: a count). */
export const positionOffset = (position: Position): number => Number(position.split('/')[0] ?? 0);

/** How far a checkpoint is behind the head, in position units (events, for the SQLite log). */
export const lag = (head: Position, checkpoint: Position | undefined): number =>
  Math.max(0, positionOffset(head) - positionOffset(checkpoint ?? '0'));

export interface RebuildProgress {
  projection: string;
  generation: number;
  events: number;
  position: Position;
  head: Position;
  /** 0..1 */
  fraction: number;
  eventsPerSecond: number;
  etaSeconds: number | null;
  done: boolean;
}

export function progressOf(
  base: Omit<RebuildProgress, 'fraction' | 'eventsPerSecond' | 'etaSeconds'>,
  startedAtMs: number,
  nowMs: number,
): RebuildProgress {
  const elapsed = Math.max(0.001, (nowMs - startedAtMs) / 1000);
  const head = positionOffset(base.head);
  const at = positionOffset(base.position);
  const fraction = base.done ? 1 : head > 0 ? Math.min(1, at / head) : 1;
  const eventsPerSecond = base.events / elapsed;
  const offsetsPerSecond = at / elapsed;
  const etaSeconds = base.done
    ? 0
    : offsetsPerSecond > 0
      ? Math.max(0, (head - at) / offsetsPerSecond)
      : null;
  return { ...base, fraction, eventsPerSecond, etaSeconds };
}
