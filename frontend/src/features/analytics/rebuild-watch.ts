/**
 * Following a rebuild the analyst started. The rebuild runs in the background; the projections list is
 * polled while it runs, and the rebuild counts as finished once the projection is seen live again: after it
 * was seen rebuilding, or — for a rebuild so quick that no poll caught it running — in an answer fetched
 * at least SETTLE_MS after the rebuild was accepted.
 */
import type { ProjectionStatus, RebuildProgress } from '@tickwise/contracts';

/** How often the projections are asked for while something is rebuilding or catching up. */
export const POLL_MS = 500;
/** How long after a 202 a "live" answer is trusted to mean "already finished". */
export const SETTLE_MS = 1000;

export interface Watch {
  /** When the server accepted the rebuild (ms since the epoch). */
  readonly requestedAt: number;
  readonly seenRunning: boolean;
}

export type Watches = Readonly<Record<string, Watch>>;

/** Rebuilding (or with rebuild progress): the current version serves while a new one catches up. */
export const isRebuilding = (p: ProjectionStatus): boolean => p.state === 'rebuilding' || p.rebuild !== null;

/** Whether the projections list should be polled: a rebuild is running, expected, or a projection lags. */
export function shouldPoll(projections: readonly ProjectionStatus[] | undefined, watches: Watches): boolean {
  if (Object.keys(watches).length > 0) return true;
  return (projections ?? []).some((p) => isRebuilding(p) || p.state === 'catching_up');
}

export interface Observation {
  readonly watches: Watches;
  /** Projections whose rebuild this answer shows finished. */
  readonly finished: readonly string[];
}

/** What an answer of GET /api/admin/projections, fetched at `observedAt`, says about the watched rebuilds. */
export function observe(
  watches: Watches,
  projections: readonly ProjectionStatus[],
  observedAt: number,
): Observation {
  const next: Record<string, Watch> = {};
  const finished: string[] = [];
  for (const [name, watch] of Object.entries(watches)) {
    const status = projections.find((p) => p.name === name);
    if (status === undefined) {
      next[name] = watch;
    } else if (isRebuilding(status)) {
      next[name] = watch.seenRunning ? watch : { ...watch, seenRunning: true };
    } else if (watch.seenRunning || observedAt - watch.requestedAt >= SETTLE_MS) {
      finished.push(name);
    } else {
      next[name] = watch;
    }
  }
  const unchanged =
    finished.length === 0 && Object.entries(next).every(([name, watch]) => watches[name] === watch);
  return { watches: unchanged ? watches : next, finished };
}

/** The share of a rebuild done (0-1), or null while its total is not known yet. */
export function rebuildFraction(rebuild: RebuildProgress): number | null {
  if (!(rebuild.total > 0)) return null;
  return Math.min(1, Math.max(0, rebuild.processed / rebuild.total));
}
