// A pool of raw keep-alive connections (http-connection.ts) for an open-loop generator, as a gateway's upstream
// pool holds them: a request goes out on a free connection, or waits in order for one to free up. A request
// not answered within the timeout ends as 'timeout' and its connection is dropped (the next request on it
// opens a new socket). Node's http client spent about 0.7 ms of the capacity generator's CPU a request here, a
// fifth of what the app spent answering it; the raw sockets cost a fraction of that.
import { HttpConnection } from './http-connection';

/** How a pooled request ended: its status (and body, when asked for), or why it has none. */
export type PooledAnswer = { status: number; body?: Buffer } | { failure: 'timeout' | 'connection' };

interface Waiting {
  readonly request: string;
  readonly keepBody: boolean;
  readonly resolve: (answer: PooledAnswer) => void;
}

class TimedOut extends Error {}

/** How often busy connections are checked against the timeout. */
const SWEEP_MS = 100;

export class ConnectionPool {
  private readonly idle: HttpConnection[];
  private readonly busy = new Set<HttpConnection>();
  private readonly queue: Waiting[] = [];
  private readonly sweeper: NodeJS.Timeout;

  constructor(url: string, size: number, timeoutMs: number) {
    const { hostname, port } = new URL(url);
    this.idle = Array.from({ length: size }, () => new HttpConnection(hostname, Number(port)));
    this.sweeper = setInterval(() => {
      const late = performance.now() - timeoutMs;
      for (const connection of this.busy) {
        if ((connection.busySince ?? Number.POSITIVE_INFINITY) < late) connection.fail(new TimedOut());
      }
    }, SWEEP_MS);
    this.sweeper.unref();
  }

  /** Sends `request` (the whole request as written on the wire) on the next free connection. */
  send(request: string, keepBody = false): Promise<PooledAnswer> {
    return new Promise((resolve) => {
      const connection = this.idle.pop();
      if (connection) this.run(connection, { request, keepBody, resolve });
      else this.queue.push({ request, keepBody, resolve });
    });
  }

  /** Requests waiting for a free connection. */
  get waiting(): number {
    return this.queue.length;
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const connection of [...this.idle, ...this.busy]) connection.close();
    for (const waiting of this.queue.splice(0)) waiting.resolve({ failure: 'connection' });
  }

  private run(connection: HttpConnection, { request, keepBody, resolve }: Waiting): void {
    this.busy.add(connection);
    void connection.send(request, keepBody).then((answer) => {
      this.busy.delete(connection);
      const next = this.queue.shift();
      if (next) this.run(connection, next);
      else this.idle.push(connection);
      if ('error' in answer)
        resolve({ failure: answer.error instanceof TimedOut ? 'timeout' : 'connection' });
      else resolve(answer);
    });
  }
}
