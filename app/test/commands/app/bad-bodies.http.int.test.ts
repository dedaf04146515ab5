/**
 * Hostile and malformed request bodies on every write route of the route table: each one is refused with a
 * 4xx and a plain `{ error }`, never a 5xx, and nothing is appended. The corpus is generated from a fixed
 * seed, so a failure names a body that can be replayed.
 */
import { routeList } from '@tickwise/contracts';
import request from 'supertest';
import { compliantLearner, freshIp, type Learner, type Stack, startCourseStack } from '../../../src/testing';

const BODIES_PER_ROUTE = 1_000;

/** mulberry32: a small seeded generator, so the corpus is the same on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  'toString',
  '',
  '\u0000',
  'a'.repeat(300),
];
const FIELD_NAMES = [
  'email',
  'password',
  'firstName',
  'lastName',
  'moduleId',
  'lessonId',
  'completed',
  'questionId',
  'selectedAnswer',
  'isCorrect',
  'documentType',
  'version',
  'experienceLevel',
  'financialSituation',
  'riskCapacity',
  'investmentObjective',
  'annualIncome',
  'netWorth',
  'responses',
  'value',
];
const ODD_STRINGS = [
  '\u0000',
  '\u202e',
  '\ud800',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '{"a":1}',
  'x'.repeat(20_000),
  '😀'.repeat(100),
  '\r\n\r\nX-Injected: 1',
];
// Never a value any field of the contracts accepts on its own: fields are strings, small integers or booleans.
const BAD_NUMBERS = [-1.5, 1e308, -1e308, 0.000001, 2 ** 53 + 2, -0.5, 1e21];

/** Builds one raw JSON body that no write route can accept. */
function hostileBody(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const kind = Math.floor(random() * 8);
  const deep = (levels: number, open: string, close: string, inner = '1') =>
    `${open.repeat(levels)}${inner}${close.repeat(levels)}`;
  switch (kind) {
    case 0: // a JSON value that is not an object
      return JSON.stringify(pick([null, true, false, 42, 'text', [], [1, 2, 3], [{}], BAD_NUMBERS[0]]));
    case 1: // the prototype key at the top or inside a field
      return random() < 0.5
        ? `{"__proto__":{"isAdmin":true},"${pick(FIELD_NAMES)}":"x"}`
        : `{"${pick(FIELD_NAMES)}":{"__proto__":{"polluted":1}}}`;
    case 2: // nesting far past any contract, as arrays or objects
      return random() < 0.5
        ? `{"${pick(FIELD_NAMES)}":${deep(20 + Math.floor(random() * 8000), '[', ']')}}`
        : `{"a":${deep(20 + Math.floor(random() * 3000), '{"a":', '}')}}`;
    case 3: // many members
      return JSON.stringify(Object.fromEntries(Array.from({ length: 2_100 }, (_, i) => [`k${i}`, i])));
    case 4: // broken JSON
      return pick(['{', '{"email":', '{"a":1,}', "{'a':1}", '{"a":NaN}', '{"a":undefined}', '\u0000', '[}']);
    default: {
      // contract field names with values of a type no field takes (objects, arrays, odd numbers)
      const body: Record<string, unknown> = {};
      const fields = 1 + Math.floor(random() * 5);
      for (let i = 0; i < fields; i++) {
        const key = random() < 0.15 ? pick(HOSTILE_KEYS) : pick(FIELD_NAMES);
        body[key] = pick([
          { nested: pick(ODD_STRINGS) },
          [pick(ODD_STRINGS), pick(BAD_NUMBERS)],
          pick(BAD_NUMBERS),
          [{ questionId: pick(ODD_STRINGS), value: pick(BAD_NUMBERS) }],
        ]);
      }
      return JSON.stringify(body);
    }
  }
}

/** A concrete path for a route template (ids that exist or not do not matter: the body is refused first). */
const concrete = (path: string) =>
  path.replace(':id', '00000000-0000-4000-8000-000000000000').replace(':name', 'users');

const writeRoutes = routeList.filter((route) => route.method !== 'GET');

let stack: Stack;
let learner: Learner;
beforeAll(async () => {
  stack = await startCourseStack();
  learner = await compliantLearner(stack, 'bodies');
});
afterAll(async () => {
  await stack.close();
});

describe.each(writeRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
  '%s',
  (_name, route) => {
    test(`${BODIES_PER_ROUTE} hostile bodies: every one a 4xx with { error }, no 5xx, nothing appended`, async () => {
      const random = seeded(route.path.length * 7919 + route.method.length);
      const head = await stack.head();
      const statuses = new Map<number, number>();
      const path = concrete(route.path);
      const bodies = Array.from({ length: BODIES_PER_ROUTE }, () => hostileBody(random));
      const ip = freshIp();
      for (let start = 0; start < bodies.length; start += 20) {
        const answers = await Promise.all(
          bodies.slice(start, start + 20).map(async (body) => {
            const res = await request(stack.url)
              [route.method === 'PUT' ? 'put' : 'post'](path)
              .set('X-Forwarded-For', route.access === 'public' ? freshIp() : ip)
              .set('Authorization', `Bearer ${learner.token}`)
              .set('Content-Type', 'application/json')
              .set('Idempotency-Key', `fuzz-${start}-${body.length}`)
              .send(body);
            return { body, res };
          }),
        );
        for (const { body, res } of answers) {
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status < 400 || res.status >= 500 || typeof res.body?.error !== 'string') {
            throw new Error(
              `${route.method} ${path} answered ${res.status} ${res.text} to ${body.slice(0, 300)}`,
            );
          }
        }
      }
      expect(await stack.eventsAfter(head)).toEqual([]);
      expect([...statuses.keys()].every((status) => status >= 400 && status < 500)).toBe(true);
    });
  },
);

describe('the bodies the attack run sent', () => {
  test.each(writeRoutes.map((route) => [route.path, route] as const))(
    '__proto__ and 8,000 levels of nesting on %s answer 400 with a plain message',
    async (_path, route) => {
      const path = concrete(route.path);
      const send = (body: string) =>
        request(stack.url)
          [route.method === 'PUT' ? 'put' : 'post'](path)
          .set('X-Forwarded-For', freshIp())
          .set('Authorization', `Bearer ${learner.token}`)
          .set('Content-Type', 'application/json')
          .set('Idempotency-Key', 'attack-run-0001')
          .send(body);
      const proto = await send('{"__proto__":{"x":1},"email":"a@b.io","password":"x"}');
      expect(proto.status).toBe(400);
      expect(proto.body).toEqual({ error: 'Request body must not contain a "__proto__" key' });
      const deep = await send(`{"a":${'['.repeat(8000)}${']'.repeat(8000)}}`);
      expect(deep.status).toBe(400);
      expect(deep.body).toEqual({ error: 'Request body is nested too deeply (the limit is 16 levels)' });
    },
  );
});
