import { type DomainError, domainError, type ErrorKind } from '../commands/domain-error';

/**
 * Errors are values in the domain (`DomainError`) and one HTTP shape at the edge: a non-2xx status with
 * `{ "error": "<message>" }`. `HttpError` carries that status through Koa to the error middleware.
 */
export const statusOf: Readonly<Record<ErrorKind, number>> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rule: 422,
  too_many: 429,
  unavailable: 503,
};

/** An error that answers with its status and message (always a client-safe message). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  static of(error: DomainError, headers?: Record<string, string>): HttpError {
    return new HttpError(statusOf[error.kind], error.message, headers);
  }
}

export const fail = (kind: ErrorKind, message: string, headers?: Record<string, string>): never => {
  throw HttpError.of(domainError(kind, message), headers);
};
