import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SESSION_HINT_SCRIPT } from '@tickwise/contracts';
import helmet, { type HelmetOptions } from 'helmet';
import type { Middleware } from 'koa';

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
  const headers = helmetHeaders({
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
  });
  return async (ctx, next) => {
    const { res } = ctx;
    for (const [name, value] of headers) res.setHeader(name, value);
    // API answers are personal (tokens, progress, compliance evidence): no browser or proxy may keep them.
    if (ctx.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
    await next();
  };
}

/**
 * The headers helmet sets with these options, worked out once: none of ours depends on the request (no
 * nonce), so every response gets the same list without helmet's dozen middlewares running per request.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once');
  return [...headers];
}
