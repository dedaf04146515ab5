import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError } from './errors';

export const BODY_LIMIT = '64kb';
/** No request of the contracts nests deeper than a few levels; the cap keeps every later walk shallow. */
export const MAX_BODY_DEPTH = 16;
/** Keys and array items together; a 64 KB body of tiny members would otherwise cost a long walk. */
export const MAX_BODY_MEMBERS = 2_000;

const parseJson = koaBody({
  json: true,
  jsonLimit: BODY_LIMIT,
  jsonStrict: true,
  urlencoded: false,
  text: false,
  multipart: false,
}) as Middleware;

const noop = async () => {};

/** The methods koa-body parses (its default): a read's body, if any, is never looked at. */
const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Write routes take JSON only (415 otherwise) up to 64 KB (413); the body must be a JSON object or array,
 * nested at most MAX_BODY_DEPTH levels with at most MAX_BODY_MEMBERS members. A write with no body at all
 * (e.g. logout) is fine. Every parser failure is a 4xx with a plain message, never a 500.
 */
export function jsonBody(): Middleware[] {
  const onlyJson: Middleware = async (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return next();
    const hasBody = (ctx.request.length ?? 0) > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json')) {
      throw new HttpError(415, 'Request body must be JSON (Content-Type: application/json)');
    }
    await next();
  };
  const parse: Middleware = async (ctx, next) => {
    if (!PARSED_METHODS.has(ctx.method)) return next();
    try {
      await parseJson(ctx, noop);
    } catch (error) {
      throw bodyError(error);
    }
    checkShape((ctx.request as { body?: unknown }).body);
    await next();
  };
  return [onlyJson, parse];
}

function bodyError(error: unknown): HttpError {
  const { status, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    status?: unknown;
    message?: unknown;
  };
  if (status === 413) return new HttpError(413, 'Request body is too large (the limit is 64 KB)');
  if (status === 415) return new HttpError(415, 'Request body must be JSON (Content-Type: application/json)');
  if (typeof message === 'string' && /prototype/i.test(message)) {
    return new HttpError(400, 'Request body must not contain a "__proto__" key');
  }
  return new HttpError(400, 'Request body is not valid JSON');
}

/** Walks the parsed body without recursion, so no input shape can exhaust the stack. */
export function checkShape(body: unknown): void {
  const pending: Array<[unknown, number]> = [[body, 1]];
  let members = 0;
  while (pending.length > 0) {
    const [value, depth] = pending.pop() as [unknown, number];
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_BODY_DEPTH) {
      throw new HttpError(400, `Request body is nested too deeply (the limit is ${MAX_BODY_DEPTH} levels)`);
    }
    const children = Array.isArray(value) ? value : Object.values(value);
    members += children.length;
    if (members > MAX_BODY_MEMBERS) {
      throw new HttpError(400, `Request body has too many fields (the limit is ${MAX_BODY_MEMBERS})`);
    }
    for (const child of children) pending.push([child, depth + 1]);
  }
}
