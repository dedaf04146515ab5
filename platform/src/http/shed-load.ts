import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Sema } from 'async-sema';
import type { Middleware } from 'koa';
import { threadPoolSize } from '../runtime/thread-pool-priority';
import { HttpError } from './errors';

/** When a service answers "busy" at once rather than let a request wait (`MAX_IN_FLIGHT`, `MAX_LOOP_DELAY_MS`). */
export interface LoadLimits {
  /** API requests being answered at once, beyond which a new one is refused. */
  maxInFlight: number;
  /** Event-loop delay (worst in the last half second) beyond which new API requests are refused. */
  maxLoopDelayMs: number;
  /** Password hashes (argon2) computed at once (`PASSWORD_LANES`, default libuv's pool size, 4). */
  passwordLanes: number;
  /**
   * Password hashes waiting for a lane, beyond which a login or registration is refused (`PASSWORD_QUEUE`); one
   * is also refused when it would wait more than about a second (`MAX_LANE_WAIT_MS`).
   */
  passwordQueue: number;
}

/**
 * As many lanes as libuv's thread pool has threads (`UV_THREADPOOL_SIZE`, default 4), where argon2 runs: every
 * login is hashed as soon as a thread is free, as without lanes, and only what waits beyond the queue is
 * refused. The pool's threads run at a lower priority than the event loop (`lowerThreadPoolPriority`), so a
 * storm of logins takes the CPU the other requests leave idle rather than a share of the loop's core.
 */
export const defaultLanes = (env: NodeJS.ProcessEnv = process.env) => threadPoolSize(env);

export const BUSY_MESSAGE = 'Tickwise is busy right now; please try again in a moment';

/**
 * Sampled every half second: a loop this late makes every request queued behind it late too. The watch runs
 * until `signal` aborts (the service stopping).
 */
function loopDelayWatch(signal: AbortSignal | undefined): () => number {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let worstMs = 0;
  const sampler = setInterval(() => {
    worstMs = delay.max / 1e6;
    delay.reset();
  }, 500).unref();
  const stop = () => {
    clearInterval(sampler);
    delay.disable();
  };
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop, { once: true });
  return () => worstMs;
}

/**
 * Sheds load before a request would wait seconds: an API request past `maxInFlight`, or one arriving while
 * the event loop runs late, gets 503 with Retry-After at once and changes nothing. Health, readiness and
 * metrics are never refused (an operator must see a busy service). Its watch of the loop stops when `signal`
 * aborts.
 */
export function shedLoad(limits: LoadLimits, signal?: AbortSignal): Middleware {
  const loopDelayMs = loopDelayWatch(signal);
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

/** Runs a piece of work in one of a few lanes, or refuses it at once (503 busy) when too many are waiting. */
export type WorkLanes = <T>(work: () => Promise<T>) => Promise<T>;

/** How long a piece of work may expect to wait for a lane before it is refused (about a second). */
export const MAX_LANE_WAIT_MS = 1000;

/**
 * At most `lanes` pieces of CPU-bound work at once; the rest wait their turn, in order. A new piece is refused
 * at once with 503 and Retry-After, before anything is done, when `queue` pieces are already waiting or when
 * its expected wait (the pieces ahead of it times the recent run time of a piece, shared among the lanes)
 * passes `maxWaitMs`: the bound is in time, so a slower machine or a busier one refuses sooner instead of
 * leaving logins to wait seconds. argon2 runs on libuv's pool of four threads: unbounded, a storm of logins
 * takes every core and every other request waits behind it.
 */
export function workLanes(lanes: number, queue: number, maxWaitMs = MAX_LANE_WAIT_MS): WorkLanes {
  const running = Math.max(1, lanes);
  const sema = new Sema(running);
  let taken = 0;
  /** A piece's run time, averaged over the recent ones (none measured yet: no wait is expected). */
  let averageMs = 0;
  return async (work) => {
    const ahead = taken + 1 - running;
    if (taken >= running + queue || (ahead > 0 && (ahead * averageMs) / running > maxWaitMs)) {
      throw new HttpError(503, BUSY_MESSAGE, { 'Retry-After': '1' });
    }
    taken += 1;
    try {
      await sema.acquire();
      const started = performance.now();
      try {
        return await work();
      } finally {
        sema.release();
        const tookMs = performance.now() - started;
        averageMs = averageMs === 0 ? tookMs : 0.8 * averageMs + 0.2 * tookMs;
      }
    } finally {
      taken -= 1;
    }
  };
}
