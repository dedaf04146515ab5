import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/**
 * Serves the built SPA: its files, and index.html for any other GET that is not an API path (client-side
 * routes such as /course). Hashed assets are cached for a year; index.html is never cached.
 */
export function staticFrontend(dist: string): Middleware {
  const files = serve(dist, {
    index: 'index.html',
    setHeaders: (res, path) => {
      res.setHeader(
        'Cache-Control',
        path.includes(`${join('assets')}/`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  }) as Middleware;
  const indexFile = join(dist, 'index.html');
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    await files(ctx, async () => {
      if (!existsSync(indexFile)) return;
      const original = ctx.path;
      ctx.path = '/index.html';
      await files(ctx, async () => undefined);
      ctx.path = original;
    });
    return undefined;
  };
}
