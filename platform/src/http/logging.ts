import { randomUUID } from 'node:crypto';
import { httpHeaders } from '@tickwise/contracts';
import type { Middleware } from 'koa';
import pino, { type Logger } from 'pino';

/** Never logged, wherever they appear. */
const REDACT = [
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
];

export function createLogger(
  options: { level?: string; name?: string; destination?: pino.DestinationStream } = {},
): Logger {
  return pino(
    {
      name: options.name ?? 'tickwise',
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      redact: { paths: REDACT, censor: '[redacted]' },
    },
    options.destination,
  );
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives each request an id (the client's X-Request-Id when it is a plain token) and a child logger, and logs
 * one line when it ends: request id, user id, method, route, status and duration. No bodies, no headers.
 */
export function requestLogging(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get(httpHeaders.requestId);
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set(httpHeaders.requestId, requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const route = typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : undefined;
      ctx.state.log.info(
        {
          method: ctx.method,
          route: route ?? ctx.path,
          status: ctx.status,
          durationMs: Math.round(durationMs * 10) / 10,
          userId: ctx.state.auth?.principal?.userId,
        },
        'request',
      );
    }
  };
}
