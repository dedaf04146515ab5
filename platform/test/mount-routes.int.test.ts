import Router from '@koa/router';
import { type Module, moduleLevels } from '@tickwise/contracts';
import Koa from 'koa';
import request from 'supertest';
import type { AuthState } from '../src/http/authentication';
import { MAX_GZIP_BYTES, MIN_GZIP_BYTES, mountRoutes } from '../src/http/mount-routes';

const signedIn: AuthState = {
  status: 'valid',
  principal: { userId: 'learner-1', roles: ['learner'], isCompliant: true },
  tokenId: 'token-1',
};

/** A query service whose GET /api/modules answers `modules`, for a signed-in, compliant learner. */
function serving(modules: readonly Module[]) {
  const app = new Koa();
  app.use(async (ctx, next) => {
    ctx.state.auth = signedIn;
    ctx.state.requestId = 'request-1';
    await next();
  });
  const router = new Router();
  mountRoutes(router, 'query', { modules: async () => ({ body: [...modules] }) });
  app.use(router.routes());
  return request(app.callback());
}

/** Modules whose JSON comes to about `bytes` bytes. */
function modulesOf(bytes: number): Module[] {
  const count = Math.max(1, Math.ceil(bytes / 1000));
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    title: `Module ${i + 1}`,
    description: 'Margin is a good-faith deposit, not a down payment. '.repeat(Math.ceil(bytes / count / 52)),
    level: moduleLevels[0],
    duration: 30,
  }));
}

const get = (modules: readonly Module[], encoding: string) =>
  serving(modules).get('/api/modules').set('Accept-Encoding', encoding);

describe('mountRoutes: answers as JSON, gzipped where it pays', () => {
  test('an answer under 1 KB is sent as it is, without Vary, even to a client that takes gzip', async () => {
    const small = modulesOf(300);
    const res = await get(small, 'gzip');
    expect(Number(res.headers['content-length'])).toBeLessThan(MIN_GZIP_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual(small);
  });

  test('an answer of 1 KB or more is gzipped for a client that takes it, plain for one that does not', async () => {
    const modules = modulesOf(20_000);
    const packed = await get(modules, 'gzip, deflate, br');
    const plain = await get(modules, 'identity');
    const refused = await get(modules, 'gzip;q=0');
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect([plain, refused].map((res) => res.headers['content-encoding'])).toEqual([undefined, undefined]);
    for (const res of [packed, plain, refused]) {
      expect(res.status).toBe(200);
      expect(res.headers.vary).toBe('Accept-Encoding');
      // Inflated by the client where it was gzipped: the same answer, to the byte.
      expect(res.text).toBe(plain.text);
    }
    expect(JSON.parse(plain.text)).toEqual(modules);
    expect(Number(plain.headers['content-length'])).toBeGreaterThanOrEqual(20_000);
    expect(Number(packed.headers['content-length'])).toBeLessThan(
      Number(plain.headers['content-length']) / 4,
    );
  });

  test('an answer over the cap is sent as it is: compressing it would hold the event loop', async () => {
    const large = modulesOf(MAX_GZIP_BYTES + 10_000);
    const res = await get(large, 'gzip');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(MAX_GZIP_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toEqual(large);
  });
});
