// One keep-alive HTTP/1.1 connection of the closed-loop generator, on a raw socket: a request is written as
// one string and its answer is read only as far as its status and where it ends (Content-Length or chunked
// framing); the body is not kept. autocannon cost about 130 µs of the generator's CPU a request here, as much
// as the bare read server it drove; this costs a fraction of that, so the generator leaves the app the core
// it does not need itself.
import { connect, type Socket } from 'node:net';

/** How a request ended: its status (and its body, when asked for), or why it has none. */
export type Answer = { status: number; body?: Buffer } | { error: Error };

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** Where the answer in `data` ends (its length), undefined while more is to come. */
export function answerLength(
  data: Buffer,
): { length: number; status: number; close: boolean; bodyStart: number; chunked: boolean } | undefined {
  const headEnd = data.indexOf(HEADER_END);
  if (headEnd < 0) return undefined;
  const head = data.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const close = /\r\nconnection:[ \t]*close/i.test(head);
  const bodyStart = headEnd + 4;
  // 1xx, 204 and 304 answers have no body.
  if (status < 200 || status === 204 || status === 304)
    return { length: bodyStart, status, close, bodyStart, chunked: false };
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
    let at = bodyStart;
    for (;;) {
      const lineEnd = data.indexOf(CRLF, at);
      if (lineEnd < 0) return undefined;
      const size = Number.parseInt(data.toString('latin1', at, lineEnd), 16);
      if (Number.isNaN(size)) throw new Error('a chunk size that is not hexadecimal');
      // The last chunk is followed by the (empty) trailer section's CRLF.
      const next = lineEnd + 2 + size + 2;
      if (data.length < next) return undefined;
      if (size === 0) return { length: next, status, close, bodyStart, chunked: true };
      at = next;
    }
  }
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1];
  if (length === undefined) throw new Error('an answer with neither Content-Length nor chunked framing');
  const end = bodyStart + Number(length);
  return data.length < end ? undefined : { length: end, status, close, bodyStart, chunked: false };
}

/**
 * A connection that sends one request at a time and reopens itself after the server closes it or an error.
 * `send` gives the answer's status once the whole answer has arrived (or the error that ended it).
 */
export class HttpConnection {
  private socket: Socket | undefined;
  private pending: Buffer | undefined;
  private waiting: ((answer: Answer) => void) | undefined;
  /** Whether the request under way wants its answer's body. */
  private keepBody = false;
  private closed = false;
  /** When the request under way was sent (performance.now()); undefined while none is. */
  busySince: number | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** Sends `request`; with `keepBody`, the answer carries its body (a Content-Length answer only, as JSON is). */
  send(request: string, keepBody = false): Promise<Answer> {
    if (this.closed) return Promise.resolve({ error: new Error('connection closed') });
    if (this.waiting) return Promise.resolve({ error: new Error('a request is already under way') });
    const socket = this.socket ?? this.open();
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.keepBody = keepBody;
      this.busySince = performance.now();
      socket.write(request);
    });
  }

  /** Ends the request under way (if any) with this error, and the socket with it. */
  fail(error: Error): void {
    this.settle({ error });
    this.drop();
  }

  close(): void {
    this.closed = true;
    this.fail(new Error('connection closed'));
  }

  /**
   * Closes the socket between requests, so the next request goes on a new one: the connection is handed to
   * another learner, who is another browser with connections of their own.
   */
  reconnect(): void {
    if (this.waiting) throw new Error('a request is under way');
    this.drop();
  }

  private open(): Socket {
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    this.socket = socket;
    this.pending = undefined;
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => {
      if (this.socket === socket) this.fail(error);
    });
    socket.on('close', () => {
      if (this.socket === socket) this.fail(new Error('the server closed the connection'));
    });
    return socket;
  }

  private receive(chunk: Buffer): void {
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    let answer: ReturnType<typeof answerLength>;
    try {
      answer = answerLength(data);
    } catch (error) {
      this.fail(error as Error);
      return;
    }
    if (answer === undefined) {
      this.pending = data;
      return;
    }
    this.pending = undefined;
    if (this.keepBody && answer.chunked) {
      this.fail(new Error('a chunked answer whose body is wanted'));
      return;
    }
    const body = this.keepBody ? Buffer.from(data.subarray(answer.bodyStart, answer.length)) : undefined;
    if (answer.close || answer.length < data.length) this.drop();
    this.settle(body === undefined ? { status: answer.status } : { status: answer.status, body });
  }

  private settle(answer: Answer): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    this.busySince = undefined;
    waiting?.(answer);
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = undefined;
    this.pending = undefined;
    socket?.destroy();
  }
}
