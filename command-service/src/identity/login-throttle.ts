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
  /** Free consecutive failures for one account from one address before that pair backs off. */
  freeFailures?: number;
  /** Failures for one account from all addresses together (24 h) before the whole account backs off. */
  accountFreeFailures?: number;
  /** At most this many login attempts for one account from one address per hour, whatever happens. */
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
 * Login throttling (rate-limiter-flexible). The back-off is keyed by account AND address first, so an
 * attacker guessing from elsewhere cannot lock the owner out: after a few failures the pair backs off
 * (1 s, 2 s, 4 s … up to 15 min) and never gets more than 100 attempts an hour. Only a far larger number of
 * failures from all addresses together (a distributed attack) makes the whole account back off. Per IP, a
 * fixed rate.
 */
export function createLoginThrottle(options: ThrottleOptions = {}) {
  const freeFailures = options.freeFailures ?? 5;
  const accountFreeFailures = options.accountFreeFailures ?? 100;
  const pairFailures = limiter(options, 'login_fail', 10_000, 24 * 3600);
  const pairBackoff = limiter(options, 'login_block', 1, MAX_BACKOFF_SECONDS);
  const accountFailures = limiter(options, 'login_fail_account', 1_000_000, 24 * 3600);
  const accountBackoff = limiter(options, 'login_block_account', 1, MAX_BACKOFF_SECONDS);
  const hourly = limiter(options, 'login_hour', options.attemptsPerHour ?? 100, 3600);
  const perIp = limiter(options, 'ip', options.perIpPerMinute ?? 30, 60);
  const limiters = [pairFailures, pairBackoff, accountFailures, accountBackoff, hourly, perIp];
  const pair = (account: string, ip: string) => `${account}|${ip}`;

  const blockedFor = async (limiterToCheck: RateLimiterAbstract, key: string): Promise<number> => {
    const state = await limiterToCheck.get(key);
    return state && state.remainingPoints <= 0 && state.msBeforeNext > 0 ? retryAfter(state) : 0;
  };
  const backOff = async (backoff: RateLimiterAbstract, key: string, over: number) => {
    if (over > 0) await backoff.block(key, Math.min(MAX_BACKOFF_SECONDS, 2 ** (over - 1)));
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
    /** Before verifying a password: is this account (from this address, or as a whole) backing off? */
    async admitAccount(account: string, ip: string): Promise<ThrottleVerdict> {
      const blocked = Math.max(
        await blockedFor(pairBackoff, pair(account, ip)),
        await blockedFor(accountBackoff, account),
      );
      if (blocked > 0) return { allowed: false, retryAfterSeconds: blocked };
      try {
        await hourly.consume(pair(account, ip));
        return { allowed: true };
      } catch (res) {
        if (res instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: retryAfter(res) };
        throw res;
      }
    },
    async recordFailure(account: string, ip: string): Promise<void> {
      const fromHere = await pairFailures.penalty(pair(account, ip), 1);
      await backOff(pairBackoff, pair(account, ip), fromHere.consumedPoints - freeFailures);
      const fromAll = await accountFailures.penalty(account, 1);
      await backOff(accountBackoff, account, fromAll.consumedPoints - accountFreeFailures);
    },
    /** The owner got in from here: this address starts afresh (the account-wide count stays). */
    async recordSuccess(account: string, ip: string): Promise<void> {
      await pairFailures.delete(pair(account, ip));
    },
    /**
     * For a service that stops: forgets the counters kept in memory, and with them the timer each one set to
     * expire (counters in MongoDB stay, shared with the other instances).
     */
    async close(): Promise<void> {
      for (const counters of limiters) {
        if (!(counters instanceof RateLimiterMemory)) continue;
        for (const { key } of counters.dump().storage) await counters.delete(key);
      }
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
