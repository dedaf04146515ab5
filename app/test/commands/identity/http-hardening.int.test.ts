/**
 * HTTP hardening of the services: body limits and types, the one error format, no
 * internals in any error, security headers, health, readiness, metrics and logs without secrets.
 */
import { createLogger, inlineScriptHashes } from '@tickwise/platform';
import { allProjections } from '@tickwise/projections';
import request from 'supertest';
import { freshEmail, GOOD_PASSWORD, type Stack, startStack } from '../../../src/testing';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});

const REGISTER = '/api/auth/register';

async function expectNothingAppended(action: () => PromiseLike<unknown>) {
  const head = await stack.head();
  await action();
  expect(await stack.eventsAfter(head)).toEqual([]);
}

describe('request bodies', () => {
  test('a JSON body over 64 KB is 413 and appends nothing', async () => {
    await expectNothingAppended(async () => {
      const res = await stack
        .client()
        .post(REGISTER, { email: freshEmail(), password: GOOD_PASSWORD, padding: 'p'.repeat(70 * 1024) });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'Request body is too large (the limit is 64 KB)' });
    });
    const login = await stack
      .client()
      .post('/api/auth/login', { email: 'a@b.cd', password: 'p'.repeat(65 * 1024) });
    expect(login.status).toBe(413);
  });

  test('a body under 64 KB is accepted (the limit is not lower)', async () => {
    const res = await stack
      .client()
      .post(REGISTER, { email: freshEmail(), password: GOOD_PASSWORD, padding: 'p'.repeat(60 * 1024) });
    expect(res.status).toBe(201);
  });

  test.each([
    ['text/plain', 'email=a@b.cd'],
    ['application/x-www-form-urlencoded', 'email=a%40b.cd&password=Corr3ct-Horse-Battery'],
    ['text/html', '<p>hi</p>'],
    ['application/xml', '<email>a@b.cd</email>'],
  ])('a %s body on a write route is 415 and appends nothing', async (type, body) => {
    await expectNothingAppended(async () => {
      const res = await stack.client().post(REGISTER).set('Content-Type', type).send(body);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ error: 'Request body must be JSON (Content-Type: application/json)' });
    });
  });

  test('JSON with a charset parameter is still JSON', async () => {
    const res = await stack
      .client()
      .post(REGISTER)
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ email: freshEmail(), password: GOOD_PASSWORD }));
    expect(res.status).toBe(201);
  });

  test.each([
    ['truncated JSON', '{"email":', 'Request body is not valid JSON'],
    ['single quotes', "{'email': 'a@b.cd'}", 'Request body is not valid JSON'],
    ['a bare string', '"a@b.cd"', 'Request body is not valid JSON'],
    ['null', 'null', 'Request body is not valid JSON'],
    ['an array', '[]', 'body: must be a JSON object'],
  ])('%s is 400 with a message and appends nothing', async (_name, body, message) => {
    await expectNothingAppended(async () => {
      const res = await stack.client().post(REGISTER).set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });
    });
  });
});

describe('unknown routes', () => {
  test.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/nothing-here'],
    ['GET', '/api/auth/register'],
    ['GET', '/api/auth/login'],
    ['PUT', '/api/auth/nothing'],
  ])('%s %s is 404 {error}', async (method, path) => {
    const api = stack.client();
    const res = await (method === 'GET'
      ? api.get(path)
      : method === 'PUT'
        ? api.put(path, {})
        : api.post(path, {}));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  test('a known path with a method it does not take is 405 {error} with Allow', async () => {
    const res = await stack.client().put('/api/auth/login', {});
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ error: 'Method not allowed' });
    expect(res.headers.allow).toBe('POST');
  });
});

describe('security headers', () => {
  const directives = (csp: string | undefined) =>
    new Map(
      (csp ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map((parts) => [parts[0] ?? '', parts.slice(1)]),
    );

  test('every kind of response carries the strict CSP, nosniff, HSTS and a referrer policy', async () => {
    const api = stack.client();
    const responses = await Promise.all([
      api.post(REGISTER, { email: freshEmail(), password: GOOD_PASSWORD }), // command service, 201
      api.post(REGISTER).set('Content-Type', 'text/plain').send('x'), // command service, 415
      api.post(REGISTER, { password: 'x' }), // command service, 400
      api.get('/api/auth/me'), // query service, 401
      api.get('/api/unknown'), // query service, 404
      api.get('/healthz'), // ops route
    ]);
    expect(responses.map((r) => r.status)).toEqual([201, 415, 400, 401, 404, 200]);
    for (const res of responses) {
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'", ...inlineScriptHashes]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      for (const sources of csp.values()) {
        expect(sources).not.toContain("'unsafe-eval'");
        expect(sources).not.toContain('*');
      }
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=(\d{8,}|3153600\d)/);
      expect(res.headers['strict-transport-security']).toMatch(/includeSubDomains/);
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    // API answers are personal: no browser or proxy cache may keep them, errors included.
    for (const res of responses.slice(0, 5)) expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('health, readiness and metrics', () => {
  test('/healthz answers 200 on both services', async () => {
    const query = await stack.client().get('/healthz');
    expect(query.status).toBe(200);
    expect(query.body).toEqual({ status: 'ok', service: 'query-service' });
    const command = await request(stack.commandListener).get('/healthz');
    expect(command.status).toBe(200);
    expect(command.body).toEqual({ status: 'ok', service: 'command-service' });
  });

  test('/readyz answers 200 with the head and the lag of every projection, caught up after a write', async () => {
    const registered = await stack.client().post(REGISTER, { email: freshEmail(), password: GOOD_PASSWORD });
    const me = await stack
      .client()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${registered.body.token}`)
      .set('X-Min-Position', registered.headers['x-position'] ?? '');
    expect(me.status).toBe(200);
    const res = await stack.client().get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ready',
      head: await stack.head(),
      projectionLag: Object.fromEntries(allProjections.map((p) => [p.name, 0])),
    });
    const command = await request(stack.commandListener).get('/readyz');
    expect(command.status).toBe(200);
    expect(command.body).toMatchObject({ status: 'ready', head: expect.any(String) });
  });

  test('/metrics exposes request durations by route template, events appended and projection lag', async () => {
    await stack.client().post(REGISTER, { email: freshEmail(), password: GOOD_PASSWORD });
    // A refused request is counted under the status it was answered with (not Koa's 404 before the answer).
    expect((await stack.client().post(REGISTER, { password: 'x' })).status).toBe(400);
    await stack.client().get('/readyz');
    // An operator on the machine itself: a direct loopback connection, not relayed by a proxy.
    const res = await request(stack.url).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(res.text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/register",status="201"\} [1-9]\d*$/m,
    );
    expect(res.text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/register",status="400"\} [1-9]\d*$/m,
    );
    expect(res.text).not.toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/register",status="404"\}/m,
    );
    expect(res.text).toMatch(/^# TYPE events_appended_total counter$/m);
    expect(res.text).toMatch(/^events_appended_total\{type="EmailReserved"\} [1-9]\d*$/m);
    expect(res.text).toMatch(/^events_appended_total\{type="UserRegistered"\} [1-9]\d*$/m);
    expect(res.text).toMatch(/^projection_lag\{projection="users"\} \d+$/m);
  });

  test('/metrics is not public: a request relayed by a proxy (a remote client) gets 404, on both services', async () => {
    const viaProxy = await stack.client().get('/metrics');
    expect(viaProxy.status).toBe(404);
    expect(viaProxy.text).not.toMatch(/http_request_duration_seconds/);
    const command = await request(stack.commandListener)
      .get('/metrics')
      .set('X-Forwarded-For', '203.0.113.9');
    expect(command.status).toBe(404);
  });
});

describe('unexpected errors and logs', () => {
  const BROKEN_IP = '192.0.2.66';
  const INTERNAL = 'SQLITE_CORRUPT: database disk image is malformed (/work/data/events.db)';
  const lines: string[] = [];
  let observed: Stack;

  beforeAll(async () => {
    const capture = (name: string) =>
      createLogger({ name, level: 'trace', destination: { write: (line: string) => lines.push(line) } });
    observed = await startStack({
      commandDeps: (deps) => ({
        ...deps,
        logger: capture('command-service'),
        throttle: {
          ...deps.throttle,
          admitIp: async (ip: string) => {
            if (ip === BROKEN_IP) throw new Error(INTERNAL);
            return deps.throttle.admitIp(ip);
          },
        },
      }),
      queryDeps: (deps) => ({ ...deps, logger: capture('query-service') }),
    });
  });
  afterAll(async () => {
    await observed.close();
  });

  test('an unexpected error is a 500 with a generic message and the request id; details only in the log', async () => {
    const head = await observed.head();
    const res = await observed
      .client(BROKEN_IP)
      .post(REGISTER, { email: freshEmail(), password: GOOD_PASSWORD });
    expect(res.status).toBe(500);
    const requestId = res.headers['x-request-id'];
    expect(res.body).toEqual({ error: `Something went wrong on our side (reference ${requestId})` });
    expect(res.text).not.toMatch(/SQLITE|malformed|events\.db|\bat /);
    expect(await observed.eventsAfter(head)).toEqual([]);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ requestId, level: 50, err: expect.objectContaining({ message: INTERNAL }) }),
    );
  });

  test('one log line per request with id, route, status and duration; never a password, hash or token', async () => {
    const email = freshEmail();
    const api = observed.client();
    const registered = await api.post(REGISTER, { email, password: GOOD_PASSWORD });
    const login = await api.post('/api/auth/login', { email, password: GOOD_PASSWORD });
    await api.post('/api/auth/login', { email, password: 'Wrong-Passw0rd!' });
    const me = await api
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${login.body.token}`)
      .set('X-Min-Position', registered.headers['x-position'] ?? '');
    expect(me.status).toBe(200);

    const requestLines = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
    expect(requestLines).toContainEqual(
      expect.objectContaining({
        requestId: registered.headers['x-request-id'],
        method: 'POST',
        route: REGISTER,
        status: 201,
        durationMs: expect.any(Number),
      }),
    );
    expect(requestLines).toContainEqual(
      expect.objectContaining({
        requestId: me.headers['x-request-id'],
        route: '/api/auth/me',
        status: 200,
        userId: registered.body.user.id,
      }),
    );
    const reservation = (await observed.allEvents()).find(
      (e) => e.type === 'EmailReserved' && (e.data as { email: string }).email === email,
    );
    const hash = (reservation?.data as { passwordHash?: string } | undefined)?.passwordHash;
    expect(hash).toMatch(/^\$argon2id\$/);
    const everything = lines.join('\n');
    for (const secret of [
      GOOD_PASSWORD,
      'Wrong-Passw0rd!',
      hash ?? '-',
      registered.body.token,
      login.body.token,
    ]) {
      expect(everything).not.toContain(secret);
    }
  });

  test('no error body of either stack carries a stack trace or an internal message', () => {
    const all = [...stack.errorResponses, ...observed.errorResponses];
    const statuses = new Set(all.map((r) => r.status));
    for (const status of [400, 401, 404, 405, 413, 415, 500]) expect(statuses).toContain(status);
    for (const response of all) {
      expect(response.body).toEqual({ error: expect.any(String) });
      expect(JSON.parse(response.text)).toEqual(response.body);
      expect((response.body as { error: string }).error).not.toMatch(
        /\n|\bat .+:\d+|\/work\/|node_modules|\.ts\b|Error:|SQLITE|malformed|argon2|expected revision/i,
      );
    }
  });
});

test('the projections followed the log without an error', () => {
  expect(stack.projectionErrors).toEqual([]);
});
