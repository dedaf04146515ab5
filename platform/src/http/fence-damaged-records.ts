import type { Middleware } from 'koa';
import { DAMAGED_EVENTS, type DamagedEvent } from '../eventlog/damaged-events';
import { CorruptEventError } from '../eventlog/port';
import type { ReadModelStore } from '../readmodels/port';
import type { AuthState } from './authentication';

/**
 * After authentication: a learner whose records hold a damaged event (see `DAMAGED_EVENTS`) is answered 503
 * with Retry-After for every request, reads and writes, and the log names the stream and revision (the error
 * middleware's "unreadable event"). Everyone else is served. The list is read at most once per `refreshMs` (a
 * store without a read cache, MongoDB, is not asked on every request), and turned into a lookup only when it
 * changed. A list that cannot be read keeps the last one.
 */
const NONE: readonly DamagedEvent[] = [];

export function fenceDamagedRecords(store: ReadModelStore, refreshMs = 1000): Middleware {
  let seen: readonly DamagedEvent[] | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let listed: readonly DamagedEvent[] | undefined;
  let byLearner = new Map<string, DamagedEvent>();
  return async (ctx, next) => {
    const auth = ctx.state.auth as AuthState | undefined;
    if (auth?.status === 'valid') {
      if (Date.now() - readAt >= refreshMs) {
        readAt = Date.now();
        seen = await store.find<DamagedEvent>(DAMAGED_EVENTS).catch(() => seen);
      }
      const damaged = seen ?? NONE;
      if (damaged !== listed) {
        listed = damaged;
        byLearner = new Map(damaged.flatMap((d) => (d.userId ? [[d.userId, d] as const] : [])));
      }
      const fenced = byLearner.get(auth.principal.userId);
      if (fenced) {
        throw new CorruptEventError(
          fenced.stream,
          fenced.revision,
          fenced.reason,
          fenced.position ?? undefined,
        );
      }
    }
    await next();
  };
}
