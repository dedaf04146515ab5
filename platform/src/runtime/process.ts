import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { turns } from './turns';

export interface Listening {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** A slow client gets this long to send its headers, and its whole request, before the server answers 408. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

/** Listens on host:port; `close` stops accepting and waits for in-flight requests to finish. */
export function listen(
  handler: RequestListener,
  port: number,
  host: string,
  timeouts: { headersMs?: number; requestMs?: number } = {},
): Promise<Listening> {
  const requestTimeout = timeouts.requestMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      headersTimeout: Math.min(timeouts.headersMs ?? HEADERS_TIMEOUT_MS, requestTimeout),
      requestTimeout,
      // Node checks the two timeouts on this interval (30 s by default), which would stretch them.
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    },
    // Each turn of the event loop starts requests for a few milliseconds; the rest start in the next turns.
    (req, res) => turns.run(() => handler(req, res)),
  );
  server.keepAliveTimeout = 5_000;
  // libuv accepts one connection a turn: a turn that accepted one is kept short, for the next to be accepted.
  server.on('connection', () => turns.connectionAccepted());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}

/**
 * On SIGTERM or SIGINT runs `stop` once (finish in-flight requests, stop runners, close storage) and exits;
 * a second signal, or a stop that takes over 10 s, exits at once.
 */
export function stopOnSignals(stop: () => Promise<void>, logger: Logger): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'stopping');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
}
