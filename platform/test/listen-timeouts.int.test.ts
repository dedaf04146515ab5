import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { HEADERS_TIMEOUT_MS, listen, REQUEST_TIMEOUT_MS } from '../src/runtime/process';

/** Sends `head` and then nothing more; resolves with what the server wrote before it closed the socket. */
function stall(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('a slow client cannot hold a connection', () => {
  test('the defaults give headers 10 s and a whole request 30 s, not Node’s five minutes', () => {
    expect(HEADERS_TIMEOUT_MS).toBe(10_000);
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  test('a body that never finishes arriving is answered 408 and the socket closed', async () => {
    // Like the body parser, the handler answers only once the whole body has arrived.
    const readsBody = (req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    };
    const server = await listen(readsBody, 0, '127.0.0.1', { requestMs: 1_500 });
    try {
      const answer = await stall(
        server.port,
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"em',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await server.close();
    }
  });

  test('headers that never finish arriving are answered 408 and the socket closed', async () => {
    const server = await listen((_req, res) => res.end('ok'), 0, '127.0.0.1', {
      headersMs: 1_000,
      requestMs: 5_000,
    });
    try {
      const answer = await stall(server.port, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await server.close();
    }
  });
});
