import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectionPool } from './connection-pool';
import { answerLength, HttpConnection } from './http-connection';
import { drive, type Learner } from './load';

const learners: Learner[] = Array.from({ length: 8 }, (_, index) => ({
  index,
  userId: `user-${index}`,
  email: `learner${index}@example.com`,
  address: `10.0.0.${index}`,
  token: `token-${index}`,
}));

describe('answerLength: where an answer ends', () => {
  const bytes = (text: string) => Buffer.from(text, 'latin1');

  test('by Content-Length, only once the whole body is there', () => {
    const answer = 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello';
    expect(answerLength(bytes(answer))).toMatchObject({ length: answer.length, status: 200, close: false });
    expect(answerLength(bytes(answer.slice(0, -1)))).toBeUndefined();
    expect(answerLength(bytes('HTTP/1.1 200 OK\r\nContent-Len'))).toBeUndefined();
  });

  test('by chunked framing, only once the last chunk is there', () => {
    const answer =
      'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\na\r\n0123456789\r\n0\r\n\r\n';
    expect(answerLength(bytes(answer))).toMatchObject({ length: answer.length, status: 201, close: false });
    expect(answerLength(bytes(answer.slice(0, -2)))).toBeUndefined();
    expect(answerLength(bytes(answer.slice(0, 60)))).toBeUndefined();
  });

  test('a 204 has no body; Connection: close is seen', () => {
    const answer = 'HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n';
    expect(answerLength(bytes(answer))).toMatchObject({ length: answer.length, status: 204, close: true });
  });

  test('an answer without framing is an error, not a hang', () => {
    expect(() => answerLength(bytes('HTTP/1.1 200 OK\r\nX: y\r\n\r\nbody'))).toThrow(
      /neither Content-Length/,
    );
  });
});

describe('drive: the closed loop on raw keep-alive connections', () => {
  let server: Server;
  let url: string;
  /** The tokens each server-side socket was sent, how many requests it carried, and the bodies posted. */
  const tokensBySocket = new Map<object, Set<string>>();
  const requestsBySocket = new Map<object, number>();
  const posted: unknown[] = [];
  let served = 0;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk;
    });
    req.on('end', () => {
      served += 1;
      const seen = tokensBySocket.get(req.socket) ?? new Set<string>();
      tokensBySocket.set(req.socket, seen);
      seen.add(req.headers.authorization ?? 'none');
      requestsBySocket.set(req.socket, (requestsBySocket.get(req.socket) ?? 0) + 1);
      if (req.method === 'POST') posted.push(JSON.parse(body));
      if (req.url === '/busy' && served % 4 === 0) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end('{"error":"busy"}');
      } else if (req.url === '/chunked') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"part":1,');
        setImmediate(() => res.end('"last":true}'));
      } else if (req.url === '/closing' && served % 3 === 0) {
        res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
        res.end('{"ok":true}');
      } else {
        const answer = Buffer.from(JSON.stringify({ ok: true, path: req.url }));
        res.writeHead(req.method === 'POST' ? 201 : 200, {
          'content-type': 'application/json',
          'content-length': answer.length,
        });
        res.end(answer);
      }
    });
  };

  beforeEach(async () => {
    tokensBySocket.clear();
    requestsBySocket.clear();
    posted.length = 0;
    served = 0;
    server = createServer(handle);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  test('each connection plays one learner; statuses, rates and latencies are counted', async () => {
    const result = await drive({
      url,
      learners,
      workload: (_learner, n) =>
        n % 2 === 0 ? { method: 'GET', path: '/read' } : { method: 'POST', path: '/write', body: { n } },
      connections: 4,
      seconds: 0.5,
      warmupSeconds: 0.1,
      // However fast the machine, no connection reaches the request that would hand it to the next learner.
      requestsPerLearner: Number.MAX_SAFE_INTEGER,
    });
    expect(result.errors).toBe(0);
    expect(result.requests).toBeGreaterThan(20);
    expect(result.statuses).toEqual({ 200: expect.any(Number), 201: expect.any(Number) });
    expect(Math.abs((result.statuses[200] ?? 0) - (result.statuses[201] ?? 0))).toBeLessThanOrEqual(4);
    expect(result.p50).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
    expect(result.max).toBeGreaterThanOrEqual(result.p99);
    expect(result.openedInMs).toBeGreaterThan(0);
    // Four keep-alive sockets, each with one learner's token.
    expect(tokensBySocket.size).toBe(4);
    for (const tokens of tokensBySocket.values()) expect(tokens.size).toBe(1);
    expect(new Set([...tokensBySocket.values()].flatMap((t) => [...t])).size).toBe(4);
    expect(posted.every((body) => typeof (body as { n: number }).n === 'number')).toBe(true);
  });

  test('a connection moves on to the next learner on a new socket: learners never share one', async () => {
    const result = await drive({
      url,
      learners,
      workload: () => ({ method: 'GET', path: '/read' }),
      connections: 4,
      seconds: 0.3,
      warmupSeconds: 0.1,
      requestsPerLearner: 10,
    });
    expect(result.errors).toBe(0);
    // Enough requests that every connection has moved on at least twice, past all eight learners.
    expect(served).toBeGreaterThan(4 * 10 * 3);
    expect(tokensBySocket.size).toBeGreaterThan(8);
    for (const tokens of tokensBySocket.values()) expect(tokens.size).toBe(1);
    for (const count of requestsBySocket.values()) expect(count).toBeLessThanOrEqual(10);
    expect(new Set([...tokensBySocket.values()].flatMap((t) => [...t])).size).toBe(learners.length);
  });

  test('a refusal counts as an error and by its status; the loop goes on', async () => {
    const result = await drive({
      url,
      learners,
      workload: () => ({ method: 'GET', path: '/busy' }),
      connections: 2,
      seconds: 0.4,
      warmupSeconds: 0.1,
    });
    expect(result.statuses[503]).toBeGreaterThan(0);
    expect(result.statuses[200]).toBeGreaterThan(0);
    expect(result.errors).toBeGreaterThanOrEqual(result.statuses[503] ?? 0);
  });

  test('chunked answers and answers that close the connection are read to their end', async () => {
    for (const path of ['/chunked', '/closing']) {
      const result = await drive({
        url,
        learners,
        workload: () => ({ method: 'GET', path }),
        connections: 2,
        seconds: 0.4,
        warmupSeconds: 0.1,
      });
      expect(result.errors).toBe(0);
      expect(result.statuses[200]).toBeGreaterThan(10);
    }
    // The closing answers made the generator open new connections.
    expect(tokensBySocket.size).toBeGreaterThan(4);
  });

  test('a connection to a server that is gone answers an error, not a hang', async () => {
    const { port } = server.address() as AddressInfo;
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    const connection = new HttpConnection('127.0.0.1', port);
    const answer = await connection.send('GET /read HTTP/1.1\r\nhost: x\r\n\r\n');
    expect(answer).toEqual({ error: expect.objectContaining({ code: 'ECONNREFUSED' }) });
    connection.close();
    server = createServer(handle);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  });
});

describe('ConnectionPool: the open-loop generator’s keep-alive connections', () => {
  let server: Server;
  let url: string;
  const sockets = new Set<object>();
  let concurrent = 0;
  let mostConcurrent = 0;

  beforeEach(async () => {
    sockets.clear();
    concurrent = 0;
    mostConcurrent = 0;
    server = createServer((req, res) => {
      sockets.add(req.socket);
      if (req.url === '/hang') return;
      if (req.url === '/chunked') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"chunked":true}');
        return;
      }
      concurrent += 1;
      mostConcurrent = Math.max(mostConcurrent, concurrent);
      setTimeout(() => {
        concurrent -= 1;
        const answer = Buffer.from(JSON.stringify({ path: req.url }));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
        res.end(answer);
      }, 5);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  const get = (path: string) => `GET ${path} HTTP/1.1\r\nhost: x\r\n\r\n`;

  test('more requests than connections wait their turn; none is lost, at most `size` at once', async () => {
    const pool = new ConnectionPool(url, 3, 5000);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => pool.send(get(`/r${n}`), true)));
    pool.close();
    expect(answers.map((a) => ('status' in a ? a.status : a.failure))).toEqual(Array(20).fill(200));
    expect(answers.map((a) => ('body' in a ? JSON.parse(String(a.body)).path : undefined))).toEqual(
      Array.from({ length: 20 }, (_, n) => `/r${n}`),
    );
    expect(mostConcurrent).toBe(3);
    expect(sockets.size).toBe(3);
  });

  test('a body is kept only when asked for', async () => {
    const pool = new ConnectionPool(url, 1, 5000);
    expect(await pool.send(get('/a'))).toEqual({ status: 200 });
    expect(await pool.send(get('/b'), true)).toEqual({ status: 200, body: Buffer.from('{"path":"/b"}') });
    pool.close();
  });

  test('an answer that does not come in time is a timeout; the connection reopens for the next', async () => {
    const pool = new ConnectionPool(url, 1, 150);
    const hung = pool.send(get('/hang'));
    const next = pool.send(get('/after'), true);
    expect(await hung).toEqual({ failure: 'timeout' });
    expect(await next).toEqual({ status: 200, body: Buffer.from('{"path":"/after"}') });
    expect(sockets.size).toBe(2);
    pool.close();
  });

  test('a chunked answer whose body is wanted fails plainly, not with a wrong body', async () => {
    const pool = new ConnectionPool(url, 1, 5000);
    expect(await pool.send(get('/chunked'), true)).toEqual({ failure: 'connection' });
    expect(await pool.send(get('/chunked'))).toEqual({ status: 200 });
    pool.close();
  });
});
