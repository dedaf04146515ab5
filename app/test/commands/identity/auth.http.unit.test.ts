/**
 * Register and login over HTTP against the whole stack (real SQLite files, live projections): the session
 * and validation rules, and that a refused command appends nothing.
 */
import { normalizeEmail, streams } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import {
  argon2Hasher,
  EMAIL_TAKEN,
  emailKey,
  fakeDateOnly,
  freshEmail,
  GOOD_PASSWORD,
  INVALID_CREDENTIALS,
  OWASP_ARGON2,
  type Stack,
  startStack,
  tokenSubject,
} from '../../../src/testing';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ storage: 'memory' });
});
afterAll(async () => {
  await stack.close();
});

const REGISTER = '/api/auth/register';
const LOGIN = '/api/auth/login';
const USER_FIELDS = ['createdAt', 'email', 'firstName', 'id', 'isCompliant', 'lastName', 'roles'];
const POSITION = /^\d+(\/\d+)*$/;

/** The events appended while `action` ran. */
async function appendedBy(action: () => PromiseLike<unknown>): Promise<RecordedEvent[]> {
  const head = await stack.head();
  await action();
  return stack.eventsAfter(head);
}

const decodeJwtPart = (token: string, index: 0 | 1): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[index] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

async function registerUser(email = freshEmail(), password = GOOD_PASSWORD) {
  const res = await stack.client().post(REGISTER, { email, password, firstName: 'Ann', lastName: 'Lee' });
  expect(res.status).toBe(201);
  return {
    email,
    password,
    token: res.body.token as string,
    user: res.body.user,
    position: res.headers['x-position'],
  };
}

describe('POST /api/auth/register', () => {
  test('answers 201 {token, user}: a learner, not compliant, with the commit position in X-Position', async () => {
    const email = freshEmail('Ann.Lee');
    const before = Date.now();
    const res = await stack
      .client()
      .post(REGISTER, { email, password: GOOD_PASSWORD, firstName: 'Ann', lastName: 'Lee' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['token', 'user']);
    expect(Object.keys(res.body.user).sort()).toEqual(USER_FIELDS);
    expect(res.body.user).toEqual({
      id: expect.any(String),
      email,
      firstName: 'Ann',
      lastName: 'Lee',
      isCompliant: false,
      roles: ['learner'],
      createdAt: expect.any(String),
    });
    const createdAt = Date.parse(res.body.user.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before - 5);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 5);
    expect(res.headers['x-position']).toMatch(POSITION);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(tokenSubject(res.body.token)).toBe(res.body.user.id);
  });

  test('the token is an HS256 JWT with iss, aud, a 12 h exp, a jti and the user as subject', async () => {
    const { token, user } = await registerUser();
    expect(decodeJwtPart(token, 0)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwtPart(token, 1);
    expect(claims).toMatchObject({
      iss: 'tickwise',
      aud: 'tickwise-web',
      sub: user.id,
      jti: expect.any(String),
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(12 * 3600);
    const other = await registerUser();
    expect(decodeJwtPart(other.token, 1).jti).not.toBe(claims.jti);
  });

  test("records EmailReserved (with an argon2id hash at the stack's cost) and UserRegistered, and no password", async () => {
    const email = freshEmail();
    let userId = '';
    const events = await appendedBy(async () => {
      const res = await stack.client().post(REGISTER, { email, password: GOOD_PASSWORD });
      userId = res.body.user.id;
    });
    expect(events.map((e) => [e.stream, e.type])).toEqual([
      [streams.email(emailKey(email)), 'EmailReserved'],
      [streams.user(userId), 'UserRegistered'],
    ]);
    expect(events[0]?.data).toEqual({
      email,
      userId,
      // Test stacks hash at the cheapest cost; production's (OWASP's) is checked in passwords.unit.test.ts.
      passwordHash: expect.stringMatching(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/),
    });
    expect(events[1]?.data).toEqual({
      userId,
      email,
      firstName: '',
      lastName: '',
      registeredAt: expect.any(String),
    });
    expect(JSON.stringify(events)).not.toContain(GOOD_PASSWORD);
  });

  test('login works the instant register returns, with the same user record', async () => {
    const email = freshEmail();
    const api = stack.client();
    const registered = await api.post(REGISTER, {
      email,
      password: GOOD_PASSWORD,
      firstName: 'Bo',
      lastName: 'Ng',
    });
    const login = await api.post(LOGIN, { email, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(['token', 'user']);
    expect(login.body.user).toEqual(registered.body.user);
    expect(tokenSubject(login.body.token)).toBe(registered.body.user.id);
    expect(login.body.token).not.toBe(registered.body.token);
    expect(login.headers['x-position']).toMatch(POSITION);
  });

  test('the address identifies the account whatever its case and surrounding spaces', async () => {
    const email = freshEmail('Case.Test');
    const res = await stack.client().post(REGISTER, { email: `  ${email}  `, password: GOOD_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(email);
    const login = await stack
      .client()
      .post(LOGIN, { email: ` ${email.toUpperCase()} `, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(res.body.user.id);
  });

  test('a successful login records LoginSucceeded (address and agent, no secret) on the user stream', async () => {
    const { email, user } = await registerUser();
    const events = await appendedBy(() =>
      stack
        .client('203.0.113.77')
        .post(LOGIN, { email, password: GOOD_PASSWORD })
        .set('User-Agent', 'jest-agent'),
    );
    expect(events.map((e) => [e.stream, e.type])).toEqual([[streams.user(user.id), 'LoginSucceeded']]);
    expect(events[0]?.data).toEqual({ userId: user.id, ip: '203.0.113.77', userAgent: 'jest-agent' });
  });

  test('first and last name are optional: they default to empty', async () => {
    const res = await stack.client().post(REGISTER, { email: freshEmail(), password: GOOD_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      firstName: '',
      lastName: '',
      roles: ['learner'],
      isCompliant: false,
    });
  });

  test('unknown fields are dropped: asking for roles, an id or compliance changes nothing', async () => {
    const email = freshEmail();
    let body: Record<string, unknown> = {};
    const events = await appendedBy(async () => {
      const res = await stack.client().post(REGISTER, {
        email,
        password: GOOD_PASSWORD,
        isAdmin: true,
        roles: ['admin', 'auditor'],
        role: 'admin',
        id: 'attacker-chosen-id',
        isCompliant: true,
        createdAt: '2000-01-01T00:00:00.000Z',
      });
      expect(res.status).toBe(201);
      body = res.body.user;
    });
    expect(body).toMatchObject({ roles: ['learner'], isCompliant: false });
    expect(body.id).not.toBe('attacker-chosen-id');
    expect(body.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(events.map((e) => e.type)).toEqual(['EmailReserved', 'UserRegistered']);
    expect(Object.keys(events[1]?.data as object).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'registeredAt',
      'userId',
    ]);
  });

  test('the same Idempotency-Key and body sent twice registers once and answers the same user', async () => {
    const email = freshEmail();
    const api = stack.client();
    const key = `reg-${email.replace(/[^A-Za-z0-9._:-]/g, '-')}`;
    const first = await api.post(REGISTER, { email, password: GOOD_PASSWORD }).set('Idempotency-Key', key);
    expect(first.status).toBe(201);
    const events = await appendedBy(async () => {
      const again = await api.post(REGISTER, { email, password: GOOD_PASSWORD }).set('Idempotency-Key', key);
      expect(again.status).toBe(201);
      expect(again.body.user).toEqual(first.body.user);
      expect(again.headers['x-position']).toBe(first.headers['x-position']);
    });
    expect(events).toEqual([]);
  });

  test('two people sending the same Idempotency-Key or X-Request-Id each get their own account', async () => {
    const api = stack.client();
    const [a, b, c, d] = [freshEmail(), freshEmail(), freshEmail(), freshEmail()];
    const first = await api
      .post(REGISTER, { email: a, password: GOOD_PASSWORD })
      .set('Idempotency-Key', 'shared-key-123');
    const second = await api
      .post(REGISTER, { email: b, password: GOOD_PASSWORD })
      .set('Idempotency-Key', 'shared-key-123');
    const third = await api
      .post(REGISTER, { email: c, password: GOOD_PASSWORD })
      .set('X-Request-Id', 'same-request-id');
    const fourth = await api
      .post(REGISTER, { email: d, password: GOOD_PASSWORD })
      .set('X-Request-Id', 'same-request-id');
    expect([first.status, second.status, third.status, fourth.status]).toEqual([201, 201, 201, 201]);
    const ids = [first, second, third, fourth].map((r) => r.body.user.id);
    expect(new Set(ids).size).toBe(4);
    expect(second.body.user.email).toBe(b);
    const logins = await Promise.all(
      [a, b, a].map((email) =>
        api
          .post('/api/auth/login', { email, password: GOOD_PASSWORD })
          .set('X-Request-Id', 'same-login-request'),
      ),
    );
    expect(logins.map((r) => r.status)).toEqual([200, 200, 200]);
  });
});

describe('validation: 400 with a message naming the field, and nothing appended', () => {
  const long = (n: number) => 'a'.repeat(n);
  test.each<[string, Record<string, unknown>, string]>([
    ['no body fields', {}, 'email: required'],
    ['a missing e-mail', { password: GOOD_PASSWORD }, 'email: required'],
    [
      'a malformed e-mail',
      { email: 'not-an-email', password: GOOD_PASSWORD },
      'email: must be an e-mail address',
    ],
    [
      'an e-mail without a domain dot',
      { email: 'ann@localhost', password: GOOD_PASSWORD },
      'email: must be an e-mail address',
    ],
    [
      'an e-mail that is not a string',
      { email: 42, password: GOOD_PASSWORD },
      'email: must be an e-mail address',
    ],
    ['a missing password', { email: 'ann@example.com' }, 'password: required'],
    [
      'a 7-character password',
      { email: 'ann@example.com', password: 'Abc-123' },
      'password: must be a string of 8-128 characters',
    ],
    [
      'a 129-character password',
      { email: 'ann@example.com', password: long(129) },
      'password: must be a string of 8-128 characters',
    ],
    [
      'a first name over 100 characters',
      { email: 'ann@example.com', password: GOOD_PASSWORD, firstName: long(101) },
      'firstName: must be plain text of at most 100 characters (no control or text-direction characters)',
    ],
    [
      'a last name that is not text',
      { email: 'ann@example.com', password: GOOD_PASSWORD, lastName: 7 },
      'lastName: must be plain text of at most 100 characters (no control or text-direction characters)',
    ],
    [
      'a first name with a right-to-left override',
      { email: 'ann@example.com', password: GOOD_PASSWORD, firstName: 'Ann\u202Etxt.exe' },
      'firstName: must be plain text of at most 100 characters (no control or text-direction characters)',
    ],
    [
      'an e-mail address with a NUL',
      { email: 'ann\u0000@example.com', password: GOOD_PASSWORD },
      'email: must be an e-mail address',
    ],
  ])('register with %s', async (_name, body, message) => {
    const events = await appendedBy(async () => {
      const res = await stack.client().post(REGISTER, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });
    });
    expect(events).toEqual([]);
  });

  test.each(['password1', 'qwerty123', 'PASSWORD1', 'iloveyou', '12345678'])(
    'the common password %s is refused, naming password',
    async (password) => {
      const events = await appendedBy(async () => {
        const res = await stack.client().post(REGISTER, { email: freshEmail(), password });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: expect.stringMatching(/^password: .*common/) });
      });
      expect(events).toEqual([]);
    },
  );

  test('a password that is the e-mail address (or its local part) is refused', async () => {
    const email = freshEmail('longlocalpart');
    for (const password of [email, email.split('@')[0] ?? '']) {
      const events = await appendedBy(async () => {
        const res = await stack.client().post(REGISTER, { email, password });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: 'password: must not be your e-mail address' });
      });
      expect(events).toEqual([]);
    }
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['no body fields', {}, 'email: required'],
    ['a missing password', { email: 'ann@example.com' }, 'password: required'],
    [
      'an empty password',
      { email: 'ann@example.com', password: '' },
      'password: must be a string of 1-128 characters',
    ],
    ['a malformed e-mail', { email: 'ann', password: 'whatever1' }, 'email: must be an e-mail address'],
  ])('login with %s', async (_name, body, message) => {
    const events = await appendedBy(async () => {
      const res = await stack.client().post(LOGIN, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });
    });
    expect(events).toEqual([]);
  });
});

describe('duplicate e-mail', () => {
  test('registering a taken address (any case) is 409 with a clear message and appends nothing', async () => {
    const { email, user } = await registerUser();
    const events = await appendedBy(async () => {
      const res = await stack
        .client()
        .post(REGISTER, { email: ` ${email.toUpperCase()}`, password: 'Another-Passw0rd!' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: EMAIL_TAKEN });
    });
    expect(events).toEqual([]);
    // The account and its password are unchanged.
    const login = await stack.client().post(LOGIN, { email, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(user.id);
  });

  test('20 concurrent registrations of one address: exactly one 201, 19 × 409, one reservation and one user', async () => {
    const base = freshEmail('race');
    const variants = (i: number) =>
      [base, base.toUpperCase(), `  ${base}`, `${base} `, base.replace(/^r/, 'R')][i % 5] ?? base;
    const api = stack.client();
    const passwords = Array.from({ length: 20 }, (_, i) => `${GOOD_PASSWORD}-${i}`);
    const head = await stack.head();
    const responses = await Promise.all(
      passwords.map((password, i) =>
        api.post(REGISTER, { email: variants(i), password, firstName: `R${i}` }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const res of responses.filter((r) => r.status === 409))
      expect(res.body).toEqual({ error: EMAIL_TAKEN });

    const winnerIndex = statuses.indexOf(201);
    const winner = responses[winnerIndex]?.body.user;
    const events = await stack.eventsAfter(head);
    const reservations = events.filter((e) => e.type === 'EmailReserved');
    const registrations = events.filter((e) => e.type === 'UserRegistered');
    expect(reservations).toHaveLength(1);
    expect(reservations[0]?.stream).toBe(streams.email(emailKey(base)));
    expect(reservations[0]?.data).toMatchObject({ userId: winner.id });
    expect(registrations).toHaveLength(1);
    expect(registrations[0]?.data).toMatchObject({ userId: winner.id, firstName: `R${winnerIndex}` });
    const registeredEmail = (registrations[0]?.data as { email?: string } | undefined)?.email ?? '';
    expect(normalizeEmail(registeredEmail)).toBe(normalizeEmail(base));
    expect(events).toHaveLength(2);

    // The winner's password is the account's; a loser's is not.
    const loserPassword = passwords[(winnerIndex + 1) % 20] ?? '';
    expect((await stack.client().post(LOGIN, { email: base, password: passwords[winnerIndex] })).status).toBe(
      200,
    );
    expect((await stack.client().post(LOGIN, { email: base, password: loserPassword })).status).toBe(401);
  }, 30_000);
});

describe('login: wrong password and unknown e-mail look the same', () => {
  test('same status and identical body; each records exactly one LoginFailed with its reason and no secret', async () => {
    const { email } = await registerUser();
    const unknown = freshEmail('nobody');
    const api = stack.client();
    const wrongEvents = await appendedBy(async () => {
      const res = await api
        .post(LOGIN, { email, password: 'Wrong-Passw0rd!' })
        .set('User-Agent', 'jest-agent');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: INVALID_CREDENTIALS });
      expect(res.headers['retry-after']).toBeUndefined();
    });
    let wrongText = '';
    let unknownText = '';
    const unknownEvents = await appendedBy(async () => {
      const res = await api
        .post(LOGIN, { email: unknown, password: 'Wrong-Passw0rd!' })
        .set('User-Agent', 'jest-agent');
      expect(res.status).toBe(401);
      unknownText = res.text;
      const again = await stack.client().post(LOGIN, { email, password: 'Wrong-Passw0rd!' });
      wrongText = again.text;
    });
    expect(unknownText).toBe(wrongText);

    expect(wrongEvents).toHaveLength(1);
    expect(wrongEvents[0]?.type).toBe('LoginFailed');
    expect(wrongEvents[0]?.stream).toBe(streams.login(emailKey(email)));
    expect(wrongEvents[0]?.data).toEqual({
      emailHash: emailKey(email),
      reason: 'wrong_password',
      ip: api.ip,
      userAgent: 'jest-agent',
    });
    expect(unknownEvents[0]?.type).toBe('LoginFailed');
    expect(unknownEvents[0]?.data).toEqual({
      emailHash: emailKey(unknown),
      reason: 'unknown_email',
      ip: api.ip,
      userAgent: 'jest-agent',
    });
    const all = JSON.stringify([...wrongEvents, ...unknownEvents]);
    expect(all).not.toContain('Wrong-Passw0rd!');
    expect(all).not.toContain(unknown);
  });

  test('both take about as long (each verifies an argon2 hash at production cost): medians of 15 within 3×, apart by less than half a verify', async () => {
    // The test stacks hash at the cheapest cost; this one pays production's, so a skipped verification shows.
    const owasp = await startStack({ storage: 'memory', passwordCost: OWASP_ARGON2 });
    const { hash: hashPassword, verify: verifyPassword } = argon2Hasher(OWASP_ARGON2);
    const elapsed = async (work: () => PromiseLike<unknown>) => {
      const started = process.hrtime.bigint();
      await work();
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const hash = await hashPassword('Some-0ther-Password');
    const wrong: number[] = [];
    const missing: number[] = [];
    const verify: number[] = [];
    // Three learners, each from an address of their own: five failures per account and address stay within
    // the free failures before back-off and the address's limit, and fifteen of each keep one slow moment of
    // a busy machine from deciding the medians. Interleaved against drift.
    for (let round = 0; round < 3; round++) {
      const api = owasp.client();
      const email = freshEmail();
      expect(
        (await api.post(REGISTER, { email, password: GOOD_PASSWORD, firstName: 'Ann', lastName: 'Lee' }))
          .status,
      ).toBe(201);
      const unknown = freshEmail('ghost');
      // Warm-up (the first unknown-address login also prepares the dummy hash).
      if (round === 0) await api.post(LOGIN, { email: freshEmail('warmup'), password: 'Wrong-Passw0rd!' });
      const login = (address: string) =>
        elapsed(async () => {
          const res = await api.post(LOGIN, { email: address, password: 'Wrong-Passw0rd!' });
          expect(res.status).toBe(401);
        });
      for (let i = 0; i < 5; i++) {
        wrong.push(await login(email));
        missing.push(await login(unknown));
        verify.push(await elapsed(() => verifyPassword(hash, 'Wrong-Passw0rd!')));
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const [w, m] = [median(wrong), median(missing)];
    expect(Math.max(w, m) / Math.min(w, m)).toBeLessThan(3);
    // Skipping the verification for an unknown address would make it one whole verification faster.
    expect(Math.abs(w - m)).toBeLessThan(median(verify) / 2);
    await owasp.close();
  }, 30_000);
});

describe('throttling', () => {
  test('per account and address: after 5 failures each further failure blocks that address (1 s, then 2 s) with 429 + Retry-After, not the owner', async () => {
    fakeDateOnly();
    try {
      const { email } = await registerUser();
      const api = stack.client();
      const variants = [email, email.toUpperCase(), ` ${email}`];
      for (let i = 0; i < 6; i++) {
        const res = await api.post(LOGIN, { email: variants[i % 3], password: `Wrong-Passw0rd-${i}` });
        expect(res.status).toBe(401);
      }
      // Blocked now, even with the right password; the refusal itself appends nothing.
      const blocked = await appendedBy(async () => {
        const res = await api.post(LOGIN, { email, password: GOOD_PASSWORD });
        expect(res.status).toBe(429);
        expect(res.headers['retry-after']).toBe('1');
        expect(res.body).toEqual({ error: expect.stringMatching(/too many attempts/i) });
      });
      expect(blocked).toEqual([]);
      // The block runs out: the throttle reads the time from Date, moved on here by 1.1 s (timers stay real).
      jest.setSystemTime(Date.now() + 1_100);
      expect((await api.post(LOGIN, { email, password: 'Wrong-Passw0rd-7' })).status).toBe(401);
      const doubled = await api.post(LOGIN, { email: email.toUpperCase(), password: GOOD_PASSWORD });
      expect(doubled.status).toBe(429);
      expect(doubled.headers['retry-after']).toBe('2');
      // Other accounts are not affected.
      const other = await registerUser();
      expect((await api.post(LOGIN, { email: other.email, password: GOOD_PASSWORD })).status).toBe(200);
      // Nor is the owner signing in from their own address: the back-off belongs to the guessing address.
      const owner = await stack.client().post(LOGIN, { email, password: GOOD_PASSWORD });
      expect(owner.status).toBe(200);
    } finally {
      jest.useRealTimers();
    }
  }, 15_000);

  test('per account: a successful login resets the count of consecutive failures', async () => {
    const { email } = await registerUser();
    const api = stack.client();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5; i++) {
        expect((await api.post(LOGIN, { email, password: `Wrong-Passw0rd-${i}` })).status).toBe(401);
      }
      expect((await api.post(LOGIN, { email, password: GOOD_PASSWORD })).status).toBe(200);
    }
  }, 15_000);

  test('per IP: 30 login or registration attempts a minute, then 429 with Retry-After; other addresses go on', async () => {
    const api = stack.client();
    // Refused registrations (a common password) and failed logins both count; none are blocked by account.
    const attempts = [
      ...Array.from({ length: 20 }, () =>
        api.post(REGISTER, { email: freshEmail('ip'), password: 'password1' }),
      ),
      ...Array.from({ length: 10 }, () =>
        api.post(LOGIN, { email: freshEmail('ip'), password: 'Wrong-Passw0rd!' }),
      ),
    ];
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    const events = await appendedBy(async () => {
      const res = await api.post(REGISTER, { email: freshEmail('ip'), password: GOOD_PASSWORD });
      expect(res.status).toBe(429);
      const seconds = Number(res.headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(res.body).toEqual({ error: expect.stringMatching(/too many attempts/i) });
      expect((await api.post(LOGIN, { email: freshEmail('ip'), password: GOOD_PASSWORD })).status).toBe(429);
    });
    expect(events).toEqual([]);
    expect(
      (await stack.client().post(REGISTER, { email: freshEmail('ip'), password: GOOD_PASSWORD })).status,
    ).toBe(201);
  }, 15_000);
});

describe('error bodies', () => {
  test('every error answered above is exactly {error: string}, with no stack trace or internals', () => {
    const statuses = new Set(stack.errorResponses.map((r) => r.status));
    for (const status of [400, 401, 409, 429]) expect(statuses).toContain(status);
    for (const response of stack.errorResponses) {
      expect(response.body).toEqual({ error: expect.any(String) });
      expect(JSON.parse(response.text)).toEqual(response.body);
      const message = (response.body as { error: string }).error;
      expect(message).not.toMatch(
        /\n|\bat .+:\d+|\/work\/|node_modules|\.ts\b|Error:|SQLITE|argon2|expected revision/i,
      );
    }
  });

  test('the projections followed the log without an error', () => {
    expect(stack.projectionErrors).toEqual([]);
  });
});
