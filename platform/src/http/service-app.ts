import Router from '@koa/router';
import Koa, { type Context, type Middleware } from 'koa';
import type { Logger } from 'pino';
import type { StorageHealth } from '../storage/health';
import { authentication, type UserDirectory } from './authentication';
import { jsonBody } from './body';
import { errorMiddleware } from './error-middleware';
import { requestLogging } from './logging';
import type { Metrics } from './metrics';
import { securityHeaders } from './security-headers';
import { type LoadLimits, shedLoad } from './shed-load';
import type { TokenService } from './tokens';

export interface Readiness {
  ready: boolean;
  details: Record<string, unknown>;
}

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  tokens: TokenService;
  users: UserDirectory;
  metrics: Metrics;
  /** Routers with the service's API routes (see `mountRoutes`). */
  routers: readonly Router[];
  readiness: () => Promise<Readiness>;
  /** Readiness also fails while appends fail (a full disk), and recovers by itself. */
  storageHealth?: StorageHealth;
  /** Runs before the API routes (e.g. the read-your-writes wait of the query service). */
  beforeRoutes?: readonly Middleware[];
  /** Run after authentication, before the routes (they see `ctx.state.auth`). */
  afterAuthentication?: readonly Middleware[];
  /** Runs when no API route matched (e.g. the static frontend of the one-process app). */
  fallback?: Middleware;
  /** Trust X-Forwarded-For (behind the gateway). */
  proxy?: boolean;
  /** Beyond these, API requests are refused at once with 503 and Retry-After (no limit when absent). */
  loadLimits?: LoadLimits;
  /** Aborted when the service stops: the service's own timers end (a process that exits need not). */
  signal?: AbortSignal;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Metrics describe the whole service (routes, volumes, lag), so only an operator on the machine may read
 * them: a direct loopback connection. A request relayed by a proxy is a remote client whatever its socket.
 */
export function isLocalOperator(ctx: Context): boolean {
  return LOOPBACK.has(ctx.req.socket.remoteAddress ?? '') && ctx.get('X-Forwarded-For') === '';
}

/**
 * The shared shape of every HTTP process: request id and log line, the one error format, security headers,
 * metrics, JSON bodies, authentication, health (/healthz), readiness (/readyz) and Prometheus (/metrics).
 */
export function createServiceApp(options: ServiceAppOptions): Koa {
  const app = new Koa({ proxy: options.proxy ?? false });
  // Koa logs every error itself unless told otherwise; ours are already logged by the error middleware.
  app.silent = true;
  const ops = new Router();
  ops.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok', service: options.name };
  });
  ops.get('/readyz', async (ctx) => {
    const readiness = await options.readiness().catch((error: unknown) => {
      ctx.state.log?.error({ err: error }, 'readiness check failed');
      return { ready: false, details: { error: 'storage is not reachable' } };
    });
    const storage = (await options.storageHealth?.check()) ?? { ok: true };
    const ready = readiness.ready && storage.ok;
    ctx.status = ready ? 200 : 503;
    if (!ready) ctx.set('Retry-After', '5');
    ctx.body = {
      status: ready ? 'ready' : 'not ready',
      ...readiness.details,
      ...(storage.ok ? {} : { storage: `appends failing since ${storage.since} (${storage.error})` }),
    };
  });
  ops.get('/metrics', async (ctx, next) => {
    if (!isLocalOperator(ctx)) return next();
    ctx.type = options.metrics.registry.contentType;
    ctx.body = await options.metrics.registry.metrics();
  });

  app.use(requestLogging(options.logger));
  app.use(errorMiddleware());
  app.use(securityHeaders());
  app.use(options.metrics.middleware());
  app.use(ops.routes());
  if (options.loadLimits) app.use(shedLoad(options.loadLimits, options.signal));
  for (const middleware of jsonBody()) app.use(middleware);
  // The read-your-writes wait comes first: authentication reads the users read model, which must already
  // hold a user who registered a moment ago.
  for (const middleware of options.beforeRoutes ?? []) app.use(middleware);
  app.use(authentication(options.tokens, options.users));
  for (const middleware of options.afterAuthentication ?? []) app.use(middleware);
  for (const router of options.routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  if (options.fallback) app.use(options.fallback);
  return app;
}
