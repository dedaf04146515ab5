import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPagePath } from '@tickwise/contracts/pages';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/**
 * index.html without the landing page prerendered into its root: what a path that is not a page gets, so
 * the app starts straight on its not-found page instead of showing the landing page first.
 */
export function withoutPrerender(indexHtml: string): string {
  return indexHtml.replace(/<div id="root">[\s\S]*<\/div>(\s*)<\/body>/, '<div id="root"></div>$1</body>');
}

/**
 * Serves the built SPA: its files, index.html for the app's pages (client-side routes such as /course),
 * and for any other GET that is not an API path a 404 whose body is the app without the prerendered
 * landing page (it shows its '404 Page Not Found'). Hashed assets are cached for a year; HTML never is.
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
      if (isPagePath(ctx.path)) {
        const original = ctx.path;
        ctx.path = '/index.html';
        await files(ctx, async () => undefined);
        ctx.path = original;
        return;
      }
      ctx.status = 404;
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = withoutPrerender(readFileSync(indexFile, 'utf8'));
    });
    return undefined;
  };
}
