import { createLoginThrottle } from './login-throttle';

const account = (n: number) => `${'a'.repeat(63)}${n}`;

describe('login throttle (in memory)', () => {
  test('per account: 5 free failures, then exponential back-off 1 s, 2 s, 4 s … capped at 15 min', async () => {
    const throttle = createLoginThrottle({ attemptsPerHour: 10_000 });
    const key = account(1);
    const blockedAfter: number[] = [];
    for (let failure = 1; failure <= 16; failure++) {
      await throttle.recordFailure(key);
      const verdict = await throttle.admitAccount(key);
      blockedAfter.push(verdict.allowed ? 0 : verdict.retryAfterSeconds);
    }
    expect(blockedAfter).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
  });

  test('per account: a success forgets the failures; other accounts are unaffected', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 5; i++) await throttle.recordFailure(account(2));
    await throttle.recordSuccess(account(2));
    for (let i = 0; i < 5; i++) await throttle.recordFailure(account(2));
    expect(await throttle.admitAccount(account(2))).toEqual({ allowed: true });
    await throttle.recordFailure(account(2));
    expect(await throttle.admitAccount(account(2))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await throttle.admitAccount(account(3))).toEqual({ allowed: true });
  });

  test('per account: never more than 100 attempts an hour, whatever their outcome', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 100; i++) expect(await throttle.admitAccount(account(4))).toEqual({ allowed: true });
    const refused = await throttle.admitAccount(account(4));
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await throttle.admitAccount(account(5))).toEqual({ allowed: true });
  });

  test('per IP: 30 attempts a minute, then refused with a Retry-After of at most a minute', async () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 30; i++) expect(await throttle.admitIp('203.0.113.1')).toEqual({ allowed: true });
    const refused = await throttle.admitIp('203.0.113.1');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await throttle.admitIp('203.0.113.2')).toEqual({ allowed: true });
  });

  test('the limits are configurable', async () => {
    const throttle = createLoginThrottle({ freeFailures: 1, attemptsPerHour: 2, perIpPerMinute: 1 });
    await throttle.recordFailure(account(6));
    expect(await throttle.admitAccount(account(6))).toEqual({ allowed: true });
    await throttle.recordFailure(account(6));
    expect(await throttle.admitAccount(account(6))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await throttle.admitAccount(account(7))).toEqual({ allowed: true });
    expect(await throttle.admitAccount(account(7))).toEqual({ allowed: true });
    expect((await throttle.admitAccount(account(7))).allowed).toBe(false);
    expect(await throttle.admitIp('203.0.113.3')).toEqual({ allowed: true });
    expect((await throttle.admitIp('203.0.113.3')).allowed).toBe(false);
  });
});
