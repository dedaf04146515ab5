import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Middleware } from 'koa';

/** When a service answers "busy" at once rather than let a request wait (`MAX_IN_FLIGHT`, `MAX_LOOP_DELAY_MS`). */
export interface LoadLimits {
  /** API requests being answered at once, beyond which a new one is refused. */
  maxInFlight: number;
  /** Event-loop delay (worst in the last half second) beyond which new API requests are refused. */
  maxLoopDelayMs: number;
}

export const BUSY_MESSAGE = 'Tickwise is busy right now; please try again in a moment';

/** Sampled every half second: a loop this late makes every request queued behind it late too. */
function loopDelayWatch(): () => number {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let worstMs = 0;
  setInterval(() => {
    worstMs = delay.max / 1e6;
    delay.reset();
  }, 500).unref();
  return () => worstMs;
}

/**
 * Sheds load before a request would wait seconds: an API request past `maxInFlight`, or one arriving while
 * the event loop runs late, gets 503 with Retry-After at once and changes nothing. Health, readiness and
 * metrics are never refused (an operator must see a busy service).
 */
export function shedLoad(limits: LoadLimits): Middleware {
  const loopDelayMs = loopDelayWatch();
  let inFlight = 0;
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    if (inFlight >= limits.maxInFlight || loopDelayMs() > limits.maxLoopDelayMs) {
      ctx.status = 503;
      ctx.set('Retry-After', '1');
      ctx.body = { error: BUSY_MESSAGE };
      return;
    }
    inFlight += 1;
    try {
      await next();
    } finally {
      inFlight -= 1;
    }
  };
}
