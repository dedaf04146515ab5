import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * Security headers for the API and the built SPA. Scripts only from our origin (no inline, no eval); styles
 * allow 'unsafe-inline' because Chakra UI (emotion) injects <style> elements at run time — nothing looser.
 * X-Frame-Options says in the old header what frame-ancestors says in CSP, for browsers without CSP 2.
 */
export function securityHeaders(): Middleware {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
