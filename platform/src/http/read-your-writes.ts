import { httpHeaders } from '@tickwise/contracts';
import type { Middleware } from 'koa';
import { comparePositions, isPosition, type Position } from '../eventlog/port';

export interface ReadYourWritesOptions {
  /** Resolves true once the read models the route reads have passed `position`, false after `timeoutMs`. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean>;
  /** The last position in the log: a client cannot have seen anything beyond it. */
  headPosition(): Promise<Position>;
  timeoutMs?: number;
}

/**
 * Read your own writes: a query that names a position waits (bounded) until the projections have passed
 * it, and otherwise answers 503 with Retry-After rather than stale data.
 */
export function readYourWrites(options: ReadYourWritesOptions): Middleware {
  const timeoutMs = options.timeoutMs ?? 3000;
  return async (ctx, next) => {
    const header = ctx.get(httpHeaders.minPosition);
    if (header) {
      if (!isPosition(header)) {
        ctx.status = 400;
        ctx.body = { error: `${httpHeaders.minPosition}: must be a log position` };
        return;
      }
      // Waiting for a position no write has reached would only hold the connection until the timeout.
      if (comparePositions(header, await options.headPosition()) > 0) {
        ctx.status = 400;
        ctx.body = { error: `${httpHeaders.minPosition}: is beyond the end of the log` };
        return;
      }
      if (!(await options.waitFor(header, timeoutMs))) {
        ctx.status = 503;
        ctx.set('Retry-After', '1');
        ctx.body = { error: 'The read model is still catching up; please retry in a moment' };
        return;
      }
    }
    await next();
  };
}
