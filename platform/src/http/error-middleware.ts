import { isValidationError } from '@tickwise/contracts';
import type { Middleware } from 'koa';
import { isDomainError } from '../commands/domain-error';
import { CorruptEventError, WrongExpectedRevisionError } from '../eventlog/port';
import { isStorageUnavailable } from '../storage/health';
import { HttpError, statusOf } from './errors';

interface ErrorLike {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  message?: unknown;
}

/** Maps an error to a client answer; anything not recognised is a 500 whose details stay in the log. */
export function describeError(
  error: unknown,
): { status: number; message: string; headers?: Record<string, string> } | null {
  if (error instanceof HttpError)
    return { status: error.status, message: error.message, headers: { ...error.headers } };
  if (isValidationError(error)) return { status: 400, message: error.message };
  if (isDomainError(error)) return { status: statusOf[error.kind], message: error.message };
  if (error instanceof WrongExpectedRevisionError) {
    return {
      status: 409,
      message: 'This record was changed by another request at the same time; please try again',
    };
  }
  if (error instanceof CorruptEventError) {
    return {
      status: 503,
      message:
        'Part of this record cannot be read right now; the operators have been alerted. Please try again later',
      headers: { 'Retry-After': '60' },
    };
  }
  if (isStorageUnavailable(error)) {
    return {
      status: 503,
      message:
        'Tickwise cannot save or read data right now; nothing was changed. Please try again in a moment',
      headers: { 'Retry-After': '5' },
    };
  }
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const status =
    typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 0;
  if (status >= 400 && status < 500 && e.expose === true && typeof e.message === 'string') {
    return { status, message: e.message };
  }
  return null;
}

/**
 * The one error middleware of both services: every error becomes `{ "error": "<message>" }` with its
 * status. An unexpected error answers 500 with a generic message and the request id; never its text.
 */
export function errorMiddleware(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: 'Not found' };
      } else if (ctx.status === 405 && typeof ctx.body !== 'object') {
        ctx.body = { error: 'Method not allowed' };
      }
    } catch (error) {
      const known = describeError(error);
      // The operator needs to know which stored event or which storage failed; the client gets a plain 503.
      if (error instanceof CorruptEventError) {
        ctx.state.log?.error({ stream: error.stream, revision: error.revision }, 'unreadable event');
      } else if (known?.status === 503 && isStorageUnavailable(error)) {
        ctx.state.log?.error({ err: error }, 'storage unavailable');
      }
      if (known) {
        ctx.status = known.status;
        for (const [name, value] of Object.entries(known.headers ?? {})) ctx.set(name, value);
        ctx.body = { error: known.message };
        return;
      }
      const requestId = String(ctx.state.requestId ?? 'unknown');
      ctx.state.log?.error({ err: error }, 'unexpected error');
      ctx.status = 500;
      ctx.body = { error: `Something went wrong on our side (reference ${requestId})` };
    }
  };
}
