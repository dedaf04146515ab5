import { createHash } from 'node:crypto';
import { SESSION_HINT_SCRIPT } from '@tickwise/contracts';
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/** CSP source expressions for the inline scripts the SPA's index.html carries (the session hint), by hash. */
export const inlineScriptHashes: readonly string[] = [SESSION_HINT_SCRIPT].map(
  (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
);

/**
 * Security headers for the API and the built SPA. Scripts only from our origin and the one inline
 * script of index.html, allowed by its hash (no other inline script, no eval); styles
 * allow 'unsafe-inline' because Chakra UI (emotion) injects <style> elements at run time — nothing looser.
 * X-Frame-Options says in the old header what frame-ancestors says in CSP, for browsers without CSP 2.
 */
export function securityHeaders(): Middleware {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  }) as Middleware;
  return async (ctx, next) => {
    // API answers are personal (tokens, progress, compliance evidence): no browser or proxy may keep them.
    if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
    await headers(ctx, next);
  };
}
