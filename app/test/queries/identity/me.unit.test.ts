/**
 * GET /api/auth/me and the token rules: the user record from the read models with
 * read-your-writes, and a 401 for every token that is not a valid, current one.
 */
import { randomUUID } from 'node:crypto';
import { streams } from '@tickwise/contracts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@tickwise/platform';
import jwt from 'jsonwebtoken';
import { freshEmail, GOOD_PASSWORD, type Stack, startStack, TEST_JWT_SECRET } from '../../../src/testing';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ storage: 'memory' });
});
afterAll(async () => {
  await stack.close();
});

const ME = '/api/auth/me';
const INVALID = { error: 'Invalid or expired token' };

interface Registered {
  email: string;
  token: string;
  user: { id: string; [key: string]: unknown };
  position: string;
}

async function register(body: Record<string, unknown> = {}): Promise<Registered> {
  const email = freshEmail('me');
  const res = await stack.client().post('/api/auth/register', { email, password: GOOD_PASSWORD, ...body });
  expect(res.status).toBe(201);
  return { email, token: res.body.token, user: res.body.user, position: res.headers['x-position'] ?? '' };
}

const me = (token: string | undefined, position?: string) => {
  const req = stack.client().get(ME);
  if (token !== undefined) req.set('Authorization', `Bearer ${token}`);
  if (position) req.set('X-Min-Position', position);
  return req;
};

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token as the service would sign it, with some claims or options changed. */
function signed(
  userId: string,
  overrides: {
    secret?: string;
    algorithm?: jwt.Algorithm;
    claims?: Record<string, unknown>;
    options?: jwt.SignOptions;
  } = {},
) {
  return jwt.sign({ iat_ms: Date.now(), ...overrides.claims }, overrides.secret ?? TEST_JWT_SECRET, {
    algorithm: overrides.algorithm ?? 'HS256',
    subject: userId,
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    expiresIn: 3600,
    jwtid: randomUUID(),
    ...overrides.options,
  });
}

describe('GET /api/auth/me', () => {
  test('with the token and X-Min-Position from register, answers the same user record', async () => {
    const { token, user, position } = await register({ firstName: 'Mia', lastName: 'Ray' });
    const res = await me(token, position);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(user);
    expect(res.body).toMatchObject({
      firstName: 'Mia',
      lastName: 'Ray',
      isCompliant: false,
      roles: ['learner'],
    });
  });

  test('with the token from login (and its position) answers the same record', async () => {
    const { email, user } = await register();
    const login = await stack.client().post('/api/auth/login', { email, password: GOOD_PASSWORD });
    const res = await me(login.body.token, login.headers['x-position']);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(user);
  });

  test('a token signed here by the test with the configured secret is accepted (the control for the negatives)', async () => {
    const { user, position } = await register();
    const res = await me(signed(user.id), position);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });

  test('roles granted to the user appear in the record', async () => {
    const { user } = await register();
    const { position } = await stack.storage.log.appendToStream(
      streams.user(user.id),
      [
        {
          type: 'RoleGranted',
          data: { userId: user.id, role: 'auditor', grantedBy: 'system:test' },
          metadata: {
            correlationId: 'test',
            causationId: 'test',
            actor: 'system:test',
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'any' },
    );
    const res = await me(signed(user.id), position);
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual(['learner', 'auditor']);
  });

  test('an X-Min-Position that is not a position is 400', async () => {
    const { token } = await register();
    const res = await me(token, 'not-a-position');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'X-Min-Position: must be a log position' });
  });
});

describe('token negatives: 401 on /api/auth/me', () => {
  let user: Registered;
  beforeAll(async () => {
    user = await register();
    expect((await me(user.token, user.position)).status).toBe(200);
  });

  test('no token', async () => {
    const res = await me(undefined);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Authentication required' });
  });

  test('alg "none" with the valid claims of a real token and no signature', async () => {
    const claims = user.token.split('.')[1] ?? '';
    for (const token of [
      `${b64({ alg: 'none', typ: 'JWT' })}.${claims}.`,
      `${b64({ alg: 'none' })}.${claims}`,
    ]) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID);
    }
  });

  test('signed with another secret', async () => {
    const res = await me(signed(user.user.id, { secret: 'y'.repeat(40) }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  test('signed with the right secret but another HMAC algorithm (HS256 is pinned)', async () => {
    const res = await me(signed(user.user.id, { algorithm: 'HS512' }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  test('a tampered payload (another user id under the original signature)', async () => {
    const other = await register();
    const [header, payload, signature] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const res = await me(`${header}.${b64({ ...claims, sub: other.user.id })}.${signature}`, other.position);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  test('expired', async () => {
    // Issued 2 h ago for 1 h: expired an hour ago (the same token with a future exp is the control above).
    const issued = nowSeconds() - 7200;
    const token = signed(user.user.id, {
      claims: { iat: issued, iat_ms: issued * 1000 },
      options: { expiresIn: 3600 },
    });
    expect((jwt.decode(token) as { exp: number }).exp).toBe(issued + 3600);
    const stillValid = signed(user.user.id, {
      claims: { iat: issued, iat_ms: issued * 1000 },
      options: { expiresIn: 10_800 },
    });
    expect((await me(stillValid)).status).toBe(200);
    const res = await me(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  test('wrong audience', async () => {
    const res = await me(signed(user.user.id, { options: { audience: 'someone-else' } }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  test('wrong issuer', async () => {
    const res = await me(signed(user.user.id, { options: { issuer: 'evil' } }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  test('without a jti', async () => {
    const token = jwt.sign({ iat_ms: Date.now() }, TEST_JWT_SECRET, {
      algorithm: 'HS256',
      subject: user.user.id,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      expiresIn: 3600,
    });
    const res = await me(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  test('for a user that does not exist', async () => {
    const res = await me(signed(randomUUID()));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  test.each([
    ['a Basic scheme', () => `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['Bearer without a token', () => 'Bearer'],
    ['Bearer with two tokens', () => `Bearer ${user.token} ${user.token}`],
    ['a token without a scheme', () => user.token],
    ['garbage after Bearer', () => 'Bearer not.a.jwt'],
  ])('a malformed Authorization header: %s', async (_name, header) => {
    const res = await stack.client().get(ME).set('Authorization', header());
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });
});

describe('logout', () => {
  test('tokens issued before logout stop working at once; a later login works', async () => {
    const { email, token, position } = await register();
    const login = await stack.client().post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect((await me(login.body.token, login.headers['x-position'])).status).toBe(200);

    const head = await stack.head();
    const logout = await stack
      .client()
      .post('/api/auth/logout')
      .set('Authorization', `Bearer ${token}`)
      .set('X-Min-Position', position);
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ ok: true });
    const loggedOut = logout.headers['x-position'] ?? '';
    expect(loggedOut).toMatch(/^\d+/);
    const events = await stack.eventsAfter(head);
    expect(events.map((e) => e.type)).toEqual(['UserLoggedOut']);
    const revokedBefore = (events[0]?.data as { tokensRevokedBefore?: string } | undefined)
      ?.tokensRevokedBefore;
    expect(Date.parse(revokedBefore ?? '')).toBeGreaterThan(Date.parse(String(login.body.user.createdAt)));

    for (const old of [token, login.body.token]) {
      const res = await me(old, loggedOut);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID);
    }
    // The command service refuses it too.
    const again = await stack
      .client()
      .post('/api/auth/logout')
      .set('Authorization', `Bearer ${token}`)
      .set('X-Min-Position', loggedOut);
    expect(again.status).toBe(401);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = await stack.client().post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(fresh.status).toBe(200);
    expect((await me(fresh.body.token, fresh.headers['x-position'])).status).toBe(200);
  });

  describe('in force on the very next request, while the projections lag behind the log', () => {
    let lagging: Stack;
    beforeAll(async () => {
      lagging = await startStack({ storage: 'memory', projectionCommitDelayMs: 60 });
    });
    afterAll(async () => {
      await lagging.close();
    });

    test('20 × logout, then the old token at once (no X-Min-Position): 401 every time, on reads and on writes', async () => {
      const email = freshEmail('lag');
      const registered = await lagging
        .client()
        .post('/api/auth/register', { email, password: GOOD_PASSWORD });
      expect(registered.status).toBe(201);
      const outcomes: number[] = [];
      for (let round = 0; round < 20; round++) {
        const login = await lagging.client().post('/api/auth/login', { email, password: GOOD_PASSWORD });
        expect(login.status).toBe(200);
        const token = String(login.body.token);
        const logout = await lagging
          .client()
          .post('/api/auth/logout')
          .set('Authorization', `Bearer ${token}`);
        expect(logout.status).toBe(200);
        const read = await lagging.client().get(ME).set('Authorization', `Bearer ${token}`);
        const write = await lagging
          .client()
          .post('/api/compliance/document-views', { documentType: 'risk_disclosure', version: '1.0' })
          .set('Authorization', `Bearer ${token}`);
        outcomes.push(read.status, write.status);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(outcomes).toEqual(Array.from({ length: 40 }, () => 401));
    }, 30_000);

    test("20 × a new registration's token works on the very next request, without X-Min-Position", async () => {
      const statuses: number[] = [];
      for (let round = 0; round < 20; round++) {
        const res = await lagging
          .client()
          .post('/api/auth/register', { email: freshEmail('lag'), password: GOOD_PASSWORD });
        const token = String(res.body.token);
        statuses.push((await lagging.client().get(ME).set('Authorization', `Bearer ${token}`)).status);
      }
      expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
    }, 30_000);
  });

  test('logout without a token is 401 and appends nothing', async () => {
    const head = await stack.head();
    const res = await stack.client().post('/api/auth/logout');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Authentication required' });
    const bad = await stack.client().post('/api/auth/logout').set('Authorization', 'Bearer nope');
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual(INVALID);
    expect(await stack.eventsAfter(head)).toEqual([]);
  });
});

describe('token lifetime', () => {
  test('JWT_TTL_SECONDS sets exp', async () => {
    const short = await startStack({ storage: 'memory', env: { JWT_TTL_SECONDS: '120' } });
    try {
      const res = await short
        .client()
        .post('/api/auth/register', { email: freshEmail(), password: GOOD_PASSWORD });
      expect(res.status).toBe(201);
      const claims = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString('utf8')) as {
        iat: number;
        exp: number;
      };
      expect(claims.exp - claims.iat).toBe(120);
    } finally {
      await short.close();
    }
  });
});

test('no error body carries a stack trace or an internal message', () => {
  expect(stack.errorResponses.length).toBeGreaterThan(15);
  for (const response of stack.errorResponses) {
    expect(response.body).toEqual({ error: expect.any(String) });
    expect(JSON.parse(response.text)).toEqual(response.body);
    expect((response.body as { error: string }).error).not.toMatch(
      /\n|\bat .+:\d+|\/work\/|node_modules|\.ts\b|Error:|jwt|signature|malformed/i,
    );
  }
  expect(stack.projectionErrors).toEqual([]);
});
