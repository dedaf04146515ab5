import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError } from './errors';

export const BODY_LIMIT = '64kb';

/**
 * Write routes take JSON only (415 otherwise) up to 64 KB (413); the body must be a JSON object or array.
 * A write with no body at all (e.g. logout) is fine.
 */
export function jsonBody(): Middleware[] {
  const onlyJson: Middleware = async (ctx, next) => {
    const hasBody = (ctx.request.length ?? 0) > 0 || ctx.get('Transfer-Encoding') !== '';
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && hasBody && !ctx.is('application/json')) {
      throw new HttpError(415, 'Request body must be JSON (Content-Type: application/json)');
    }
    await next();
  };
  const parse = koaBody({
    json: true,
    jsonLimit: BODY_LIMIT,
    jsonStrict: true,
    urlencoded: false,
    text: false,
    multipart: false,
  });
  return [onlyJson, parse as Middleware];
}
