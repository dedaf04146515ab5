import type { MongoClient } from 'mongodb';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterMongo,
  RateLimiterRes,
} from 'rate-limiter-flexible';

export interface ThrottleOptions {
  /** With MONGO_URL the counters live in MongoDB, shared by every command-service instance. */
  mongo?: { client: MongoClient; dbName: string };
  /** Free consecutive failures per account before back-off starts. */
  freeFailures?: number;
  /** At most this many login attempts per account per hour, whatever happens. */
  attemptsPerHour?: number;
  /** Login and registration attempts per IP address per minute. */
  perIpPerMinute?: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const MAX_BACKOFF_SECONDS = 15 * 60;

function limiter(
  options: ThrottleOptions,
  keyPrefix: string,
  points: number,
  duration: number,
): RateLimiterAbstract {
  return options.mongo
    ? new RateLimiterMongo({
        storeClient: options.mongo.client,
        dbName: options.mongo.dbName,
        tableName: 'rate_limits',
        keyPrefix,
        points,
        duration,
      })
    : new RateLimiterMemory({ keyPrefix, points, duration });
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * Login throttling (rate-limiter-flexible): per account, exponential back-off after repeated failures
 * (1 s, 2 s, 4 s … up to 15 min) and never more than 100 attempts an hour; per IP, a fixed rate.
 */
export function createLoginThrottle(options: ThrottleOptions = {}) {
  const freeFailures = options.freeFailures ?? 5;
  const failures = limiter(options, 'login_fail', 10_000, 24 * 3600);
  const backoff = limiter(options, 'login_block', 1, MAX_BACKOFF_SECONDS);
  const hourly = limiter(options, 'login_hour', options.attemptsPerHour ?? 100, 3600);
  const perIp = limiter(options, 'ip', options.perIpPerMinute ?? 30, 60);

  const blockedFor = async (limiterToCheck: RateLimiterAbstract, key: string): Promise<number> => {
    const state = await limiterToCheck.get(key);
    return state && state.remainingPoints <= 0 && state.msBeforeNext > 0 ? retryAfter(state) : 0;
  };

  return {
    /** Counts an attempt from an IP (login or registration); refuses when the IP is over its rate. */
    async admitIp(ip: string): Promise<ThrottleVerdict> {
      try {
        await perIp.consume(ip);
        return { allowed: true };
      } catch (res) {
        if (res instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: retryAfter(res) };
        throw res;
      }
    },
    /** Before verifying a password: is this account in back-off, or over its hourly budget? */
    async admitAccount(account: string): Promise<ThrottleVerdict> {
      const blocked = await blockedFor(backoff, account);
      if (blocked > 0) return { allowed: false, retryAfterSeconds: blocked };
      try {
        await hourly.consume(account);
        return { allowed: true };
      } catch (res) {
        if (res instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: retryAfter(res) };
        throw res;
      }
    },
    async recordFailure(account: string): Promise<void> {
      const res = await failures.penalty(account, 1);
      const over = res.consumedPoints - freeFailures;
      if (over > 0) await backoff.block(account, Math.min(MAX_BACKOFF_SECONDS, 2 ** (over - 1)));
    },
    async recordSuccess(account: string): Promise<void> {
      await failures.delete(account);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
