import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { json, scriptFetch } from '../../test/fetch';
import { storageKeys } from '../app/storage';
import { type ApiRequest, CATCH_UP_RETRIES, createBaseQuery } from './base-query';
import { readPosition } from './position';

const api = {} as BaseQueryApi;
const baseQuery = createBaseQuery();
const run = (request: ApiRequest) => Promise.resolve(baseQuery(request, api, {}));

// Transport only: paths outside the route table, so the fakes' bodies are not held to a route's contract.
describe('the API base query', () => {
  it('sends the stored token as a Bearer header and includes cookies', async () => {
    localStorage.setItem(storageKeys.token, 'abc.def.ghi');
    const calls = scriptFetch(() => json({ ok: true }));
    await run({ url: '/api/test/reads' });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(calls[0]?.credentials).toBe('include');
  });

  it('sends no Authorization header without a stored token', async () => {
    const calls = scriptFetch(() => json({}));
    await run({ url: '/api/test/list' });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('sets the JSON content type only when there is a body', async () => {
    const calls = scriptFetch(() => json({}));
    await run({ url: '/api/test/end', method: 'POST' });
    await run({ url: '/api/test/sign-in', method: 'POST', body: { email: 'a@b.co', password: 'x' } });
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
    expect(calls[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[1]?.body).toEqual({ email: 'a@b.co', password: 'x' });
  });

  it('joins key parts with slashes to build the URL', async () => {
    const calls = scriptFetch(() => json([]));
    await run({ url: ['/api/test/list', 3, 'items'] });
    expect(calls[0]?.url).toBe('/api/test/list/3/items');
  });

  it('turns a non-OK response into "status: body text"', async () => {
    scriptFetch(() => json({ error: 'Invalid email or password' }, 401));
    const result = await run({ url: '/api/test/sign-in', method: 'POST', body: {} });
    expect(result.error).toEqual({ status: 401, message: '401: {"error":"Invalid email or password"}' });
  });

  it('uses the status text when the error body is empty', async () => {
    scriptFetch(() => ({ status: 503, statusText: 'Service Unavailable' }));
    const result = await run({ url: '/api/test/list' });
    expect(result.error?.message).toBe('503: Service Unavailable');
  });

  it('throws on 401 by default and returns null when configured to', async () => {
    scriptFetch(() => json({ error: 'Invalid or expired token' }, 401));
    expect((await run({ url: '/api/test/reads' })).error?.status).toBe(401);
    const configured = await run({ url: '/api/test/reads', on401: 'returnNull' });
    expect(configured).toEqual({ data: null });
  });

  it('still throws other errors when 401 is configured to return null', async () => {
    scriptFetch(() => json({ error: 'Forbidden' }, 403));
    const result = await run({ url: '/api/test/reads', on401: 'returnNull' });
    expect(result.error?.message).toBe('403: {"error":"Forbidden"}');
  });

  it('reports a network failure as an error with status 0', async () => {
    scriptFetch(() => new TypeError('Failed to fetch'));
    const result = await run({ url: '/api/test/reads' });
    expect(result.error).toEqual({ status: 0, message: 'Failed to fetch' });
  });

  it('returns parsed JSON, and null for an empty success body', async () => {
    scriptFetch((call) => (call.url === '/api/empty' ? { status: 204 } : json({ id: 1 })));
    expect((await run({ url: '/api/thing' })).data).toEqual({ id: 1 });
    expect((await run({ url: '/api/empty' })).data).toBeNull();
  });
});

describe('read your writes', () => {
  it('remembers the highest X-Position of command responses in sessionStorage', async () => {
    const positions = ['7', '12', '9'];
    scriptFetch(() => json({ ok: true }, 201, { 'X-Position': positions.shift() ?? '0' }));
    for (let i = 0; i < 3; i++) await run({ url: '/api/test/commands', method: 'POST', body: {} });
    expect(readPosition()).toBe('12');
    expect(sessionStorage.getItem(storageKeys.position)).toBe('12');
  });

  it('compares multi-part positions part by part as integers', async () => {
    const positions = ['10/10', '9/99', '10/11'];
    scriptFetch(() => json({ ok: true }, 201, { 'X-Position': positions.shift() ?? '0' }));
    for (let i = 0; i < 3; i++) await run({ url: '/api/test/commands', method: 'POST', body: {} });
    expect(readPosition()).toBe('10/11');
  });

  it('sends the remembered position as X-Min-Position on queries, not on commands', async () => {
    const calls = scriptFetch((call) =>
      call.method === 'POST' ? json({ token: 't' }, 201, { 'X-Position': '42' }) : json({}),
    );
    await run({ url: '/api/test/list' });
    await run({ url: '/api/test/accounts', method: 'POST', body: {} });
    await run({ url: '/api/test/reads' });
    await run({ url: '/api/test/commands', method: 'POST', body: {} });
    expect(calls[0]?.headers.has('X-Min-Position')).toBe(false);
    expect(calls[2]?.headers.get('X-Min-Position')).toBe('42');
    expect(calls[3]?.headers.has('X-Min-Position')).toBe(false);
  });

  it('ignores a malformed position header', async () => {
    scriptFetch(() => json({ ok: true }, 201, { 'X-Position': 'not-a-position' }));
    await run({ url: '/api/test/commands', method: 'POST', body: {} });
    expect(readPosition()).toBeNull();
  });

  describe('read-your-writes catch-up (503 with Retry-After to a query that named a position)', () => {
    const waits: number[] = [];
    const patient = createBaseQuery({
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const ask = (request: ApiRequest) => Promise.resolve(patient(request, api, {}));
    const catchingUp = () =>
      json({ error: 'The read model is still catching up' }, 503, { 'Retry-After': '1' });
    beforeEach(() => {
      waits.length = 0;
      sessionStorage.setItem(storageKeys.position, '42');
    });

    it('asks again after the wait the server names, and answers the caught-up result', async () => {
      let n = 0;
      const calls = scriptFetch(() => (++n === 1 ? catchingUp() : json({ id: 'u1' })));
      expect(await ask({ url: '/api/test/reads' })).toEqual({ data: { id: 'u1' } });
      expect(calls).toHaveLength(2);
      expect(waits).toEqual([1000]);
    });

    it(`gives up after ${CATCH_UP_RETRIES} retries with the server's 503`, async () => {
      const calls = scriptFetch(catchingUp);
      const result = await ask({ url: '/api/test/reads' });
      expect(result.error?.status).toBe(503);
      expect(calls).toHaveLength(CATCH_UP_RETRIES + 1);
    });

    it('does not repeat a 503 without Retry-After, a query without a position, or a command', async () => {
      const calls = scriptFetch(() => json({ error: 'down' }, 503));
      await ask({ url: '/api/test/reads' });
      expect(calls).toHaveLength(1);

      sessionStorage.clear();
      const unpositioned = scriptFetch(catchingUp);
      await ask({ url: '/api/test/reads' });
      expect(unpositioned).toHaveLength(1);

      sessionStorage.setItem(storageKeys.position, '42');
      const command = scriptFetch(catchingUp);
      await ask({ url: '/api/test/commands', method: 'POST', body: {} });
      expect(command).toHaveLength(1);
      expect(waits).toEqual([]);
    });
  });
});
