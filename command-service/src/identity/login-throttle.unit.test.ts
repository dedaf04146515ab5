import { createLoginThrottle, type LoginThrottle, type ThrottleOptions } from './login-throttle';

const account = (n: number) => `${'a'.repeat(63)}${n}`;
const OWNER_IP = '198.51.100.7';
const ATTACKER_IP = '203.0.113.66';

describe('login throttle (in memory)', () => {
  const opened: LoginThrottle[] = [];
  /** A throttle closed after its test, so no counter's timer outlives it. */
  const throttleWith = (options?: ThrottleOptions) => {
    const throttle = createLoginThrottle(options);
    opened.push(throttle);
    return throttle;
  };
  afterEach(async () => {
    for (const throttle of opened.splice(0)) await throttle.close();
    jest.useRealTimers();
  });

  test('per account and address: 5 free failures, then exponential back-off 1 s, 2 s, 4 s … capped at 15 min', async () => {
    const throttle = throttleWith({ attemptsPerHour: 10_000 });
    const key = account(1);
    const blockedAfter: number[] = [];
    for (let failure = 1; failure <= 16; failure++) {
      await throttle.recordFailure(key, ATTACKER_IP);
      const verdict = await throttle.admitAccount(key, ATTACKER_IP);
      blockedAfter.push(verdict.allowed ? 0 : verdict.retryAfterSeconds);
    }
    expect(blockedAfter).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
  });

  test("an attacker's wrong passwords from their address do not lock the owner out of the same account", async () => {
    const throttle = throttleWith();
    const key = account(10);
    for (let i = 0; i < 30; i++) await throttle.recordFailure(key, ATTACKER_IP);
    expect((await throttle.admitAccount(key, ATTACKER_IP)).allowed).toBe(false);
    expect(await throttle.admitAccount(key, OWNER_IP)).toEqual({ allowed: true });
  });

  test('only far more failures from all addresses together make the whole account back off', async () => {
    const throttle = throttleWith({ accountFreeFailures: 100 });
    const key = account(11);
    // 100 failures spread over 25 addresses (4 each, under every pair's free failures): nobody is blocked.
    for (let i = 0; i < 100; i++) await throttle.recordFailure(key, `203.0.113.${i % 25}`);
    expect(await throttle.admitAccount(key, OWNER_IP)).toEqual({ allowed: true });
    await throttle.recordFailure(key, '203.0.113.200');
    expect(await throttle.admitAccount(key, OWNER_IP)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await throttle.admitAccount(account(12), OWNER_IP)).toEqual({ allowed: true });
  });

  test('a success forgets the failures from that address; other accounts are unaffected', async () => {
    const throttle = throttleWith();
    for (let i = 0; i < 5; i++) await throttle.recordFailure(account(2), OWNER_IP);
    await throttle.recordSuccess(account(2), OWNER_IP);
    for (let i = 0; i < 5; i++) await throttle.recordFailure(account(2), OWNER_IP);
    expect(await throttle.admitAccount(account(2), OWNER_IP)).toEqual({ allowed: true });
    await throttle.recordFailure(account(2), OWNER_IP);
    expect(await throttle.admitAccount(account(2), OWNER_IP)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    expect(await throttle.admitAccount(account(3), OWNER_IP)).toEqual({ allowed: true });
  });

  test('per account and address: never more than 100 attempts an hour, whatever their outcome', async () => {
    const throttle = throttleWith();
    for (let i = 0; i < 100; i++) {
      expect(await throttle.admitAccount(account(4), ATTACKER_IP)).toEqual({ allowed: true });
    }
    const refused = await throttle.admitAccount(account(4), ATTACKER_IP);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(await throttle.admitAccount(account(4), OWNER_IP)).toEqual({ allowed: true });
    expect(await throttle.admitAccount(account(5), ATTACKER_IP)).toEqual({ allowed: true });
  });

  test('per IP: 30 attempts a minute, then refused with a Retry-After of at most a minute', async () => {
    const throttle = throttleWith();
    for (let i = 0; i < 30; i++) expect(await throttle.admitIp('203.0.113.1')).toEqual({ allowed: true });
    const refused = await throttle.admitIp('203.0.113.1');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await throttle.admitIp('203.0.113.2')).toEqual({ allowed: true });
  });

  test('the limits are configurable', async () => {
    const throttle = throttleWith({ freeFailures: 1, attemptsPerHour: 2, perIpPerMinute: 1 });
    await throttle.recordFailure(account(6), OWNER_IP);
    expect(await throttle.admitAccount(account(6), OWNER_IP)).toEqual({ allowed: true });
    await throttle.recordFailure(account(6), OWNER_IP);
    expect(await throttle.admitAccount(account(6), OWNER_IP)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    expect(await throttle.admitAccount(account(7), OWNER_IP)).toEqual({ allowed: true });
    expect(await throttle.admitAccount(account(7), OWNER_IP)).toEqual({ allowed: true });
    expect((await throttle.admitAccount(account(7), OWNER_IP)).allowed).toBe(false);
    expect(await throttle.admitIp('203.0.113.3')).toEqual({ allowed: true });
    expect((await throttle.admitIp('203.0.113.3')).allowed).toBe(false);
  });

  test('closing forgets the counters kept in memory, with the timers that would have expired them', async () => {
    jest.useFakeTimers();
    const throttle = throttleWith();
    await throttle.admitIp(OWNER_IP);
    for (let i = 0; i < 6; i++) await throttle.recordFailure(account(9), ATTACKER_IP);
    expect((await throttle.admitAccount(account(9), ATTACKER_IP)).allowed).toBe(false);
    expect(jest.getTimerCount()).toBeGreaterThan(0);
    await throttle.close();
    expect(jest.getTimerCount()).toBe(0);
    expect(await throttle.admitAccount(account(9), ATTACKER_IP)).toEqual({ allowed: true });
  });
});
