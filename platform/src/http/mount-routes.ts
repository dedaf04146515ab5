import { createHash, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type Router from '@koa/router';
import {
  type BodyOf,
  type DomainEvent,
  decideAccess,
  decodeOrThrow,
  httpHeaders,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteName,
  type RouteSpec,
  type Routes,
  routeList,
  type Service,
  successStatus,
} from '@tickwise/contracts';
import canonicalize from 'canonicalize';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { CommandOutcome } from '../commands/handle-command';
import type { Position } from '../eventlog/port';
import type { AuthState, Principal } from './authentication';
import { HttpError } from './errors';

/** The caller as route N sees it: signed in (never null) unless the route is public. */
export type PrincipalOf<N extends RouteName> = Routes[N]['access'] extends 'public'
  ? Principal | null
  : Principal;

/** What a handler knows about the request beyond its decoded input. */
export interface RequestContext<N extends RouteName = RouteName> {
  /** mountRoutes has already refused (401/403) a caller that the route's access does not admit. */
  principal: PrincipalOf<N>;
  requestId: string;
  /** The command id: from the Idempotency-Key header (scoped to caller and body), else a new id. */
  commandId: string;
  ip: string;
  userAgent: string;
  log: Logger | undefined;
}

export interface Reply<B> {
  body: B;
  /** The commit position of the last event the command appended (read-your-writes). */
  position?: Position;
  /** Overrides the route's success status (e.g. 200 for an idempotent repeat of a 201). */
  status?: number;
  /** Sends the body as a download (e.g. a CSV export) instead of JSON. */
  file?: { contentType: string; filename: string };
}

/**
 * A route's answer from a command's outcome: the commit position to read one's own write at; a command that
 * appended nothing (the record was already there) answers 200 rather than the route's 201.
 */
export function reply<B>(
  outcome: Pick<CommandOutcome<unknown, DomainEvent>, 'events' | 'position'>,
  body: B,
): Reply<B> {
  if (outcome.events.length === 0) return { body, status: 200 };
  return outcome.position ? { body, position: outcome.position } : { body };
}

export interface RouteInput<N extends RouteName> {
  body: BodyOf<N>;
  params: ParamsOf<N>;
  query: QueryOf<N>;
}

export type RouteHandler<N extends RouteName> = (
  input: RouteInput<N>,
  context: RequestContext<N>,
) => Promise<Reply<ResponseOf<N>>>;

/** A handler as mountRoutes calls it: the route table row it serves is only known at run time. */
type MountedHandler = (
  input: RouteInput<RouteName>,
  context: Omit<RequestContext, 'principal'> & { principal: Principal | null },
) => Promise<Reply<unknown>>;

/** The service that answers a route: GET → query, anything else → command (as the gateway routes them). */
type ServiceOf<N extends RouteName> = Routes[N]['method'] extends 'GET' ? 'query' : 'command';
type RoutesOf<S extends Service> = { [N in RouteName]: ServiceOf<N> extends S ? N : never }[RouteName];

export type RouteHandlers<S extends Service> = { [N in RoutesOf<S>]?: RouteHandler<N> };

const COMPLIANCE_REQUIRED =
  'Compliance required: acknowledge the current compliance documents and complete a risk assessment first';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;

function principalOf(ctx: Context): Principal | null {
  const auth = ctx.state.auth as AuthState | undefined;
  return auth?.status === 'valid' ? auth.principal : null;
}

function checkAccess(route: RouteSpec, ctx: Context): Principal | null {
  const auth = ctx.state.auth as AuthState | undefined;
  const principal = principalOf(ctx);
  const decision = decideAccess(route.access, principal);
  if (decision === 'unauthenticated') {
    throw new HttpError(
      401,
      auth?.status === 'invalid' ? 'Invalid or expired token' : 'Authentication required',
    );
  }
  if (decision === 'forbidden') {
    throw new HttpError(
      403,
      route.access === 'compliant' ? COMPLIANCE_REQUIRED : 'You do not have access to this',
    );
  }
  return principal;
}

/**
 * The command id behind deterministic event ids. Without an Idempotency-Key every request is a new command
 * (a server-made id: never the client's X-Request-Id). With one, the same caller sending the same key with
 * the same body is the same command; another caller, or another body, is another command.
 */
function commandIdOf(ctx: Context, route: RouteSpec): string {
  const key = route.method === 'GET' ? '' : ctx.get(httpHeaders.idempotencyKey);
  // A read that is recorded (an auditor's) is a new event every time, whatever ids the client sends.
  if (!key) return `request:${randomUUID()}`;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new HttpError(400, `${httpHeaders.idempotencyKey}: must be 8-128 letters, digits or . _ : -`);
  }
  const caller = principalOf(ctx)?.userId ?? 'anonymous';
  const body = canonicalize((ctx.request as { body?: unknown }).body ?? null) ?? '';
  const fingerprint = createHash('sha256')
    .update(`${route.name}\u0000${ctx.path}\u0000${body}`)
    .digest('hex');
  return `key:${caller}:${key}:${fingerprint}`;
}

const requestBody = (ctx: Context): unknown => (ctx.request as { body?: unknown }).body;

/** A route that takes no body accepts none but an empty object, so nothing sent is silently ignored. */
function noBody(ctx: Context): Record<string, never> {
  const body = requestBody(ctx);
  const empty =
    body === undefined ||
    (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
  if (!empty) throw new HttpError(400, 'This request takes no body');
  return {};
}

/** A value as JSON, in UTF-8 bytes. */
const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value) ?? 'null', 'utf8');

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
/** Below this a body is sent uncompressed: the header and the round of inflating would outweigh it. */
export const MIN_GZIP_BYTES = 1024;
/**
 * Above this a body is sent uncompressed too (an auditor's coverage of every learner, an analyst's figures):
 * compressing it would hold the event loop for milliseconds, and every other request with it.
 */
export const MAX_GZIP_BYTES = 256 * 1024;
/**
 * gzip's fastest level: a module's lessons (about 34 KB of JSON) in about 0.4 ms, to 13 KB (level 9: 1 ms, to
 * 11 KB). It runs on the event loop, not on libuv's pool, where it would wait behind password hashes.
 */
const GZIP_LEVEL = 1;

/**
 * Whether the client takes gzip over identity, by the rules of Accept-Encoding (q-values included). Clients
 * send few distinct headers (each browser one), so the answer is remembered per header.
 */
const gzipByHeader = new Map<string, boolean>();
function acceptsGzip(ctx: Context): boolean {
  const header = ctx.get('Accept-Encoding');
  let accepts = gzipByHeader.get(header);
  if (accepts === undefined) {
    accepts = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    if (gzipByHeader.size >= 256) gzipByHeader.clear();
    gzipByHeader.set(header, accepts);
  }
  return accepts;
}

/**
 * Mounts the handlers of one service on a router from the contracts' route table: access check, strict
 * decoding of params, query and body (400 naming the field), the handler, then the response encoded with
 * the route's codec (so nothing outside the contract leaves the server) and the commit position header.
 */
export function mountRoutes<S extends Service>(router: Router, service: S, handlers: RouteHandlers<S>): void {
  for (const route of routeList) {
    if (route.service !== service) continue;
    // Sound because checkAccess admits a null principal on public routes only (see PrincipalOf).
    const handler = (handlers as Record<string, MountedHandler | undefined>)[route.name];
    if (!handler) continue;
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put';
    router[method](route.path, async (ctx) => {
      const principal = checkAccess(route, ctx);
      const input = {
        params: route.params ? decodeOrThrow(route.params, ctx.params, 'params') : {},
        query: route.query ? decodeOrThrow(route.query, ctx.query, 'query') : {},
        body: route.body ? decodeOrThrow(route.body, requestBody(ctx) ?? {}, 'body') : noBody(ctx),
      } as RouteInput<RouteName>;
      const reply = await handler(input, {
        principal,
        requestId: String(ctx.state.requestId),
        commandId: commandIdOf(ctx, route),
        ip: ctx.ip,
        userAgent: ctx.get('User-Agent').slice(0, 500),
        log: ctx.state.log,
      });
      if (reply.position !== undefined) ctx.set(httpHeaders.position, reply.position);
      ctx.status = reply.status ?? successStatus(route);
      if (reply.file) {
        ctx.type = reply.file.contentType;
        ctx.attachment(reply.file.filename);
        ctx.body = route.response.encode(reply.body);
        return;
      }
      // Koa would turn a null body into 204 No Content: a route whose answer is null ("none yet") says so in
      // JSON, as every other answer is JSON.
      ctx.set('Content-Type', JSON_CONTENT_TYPE);
      // Bytes, not text: Koa and Node would each measure a text's UTF-8 length and then encode it (the lessons'
      // typography makes that a slow scan), where bytes are written as they are.
      const bytes = jsonBytes(route.response.encode(reply.body));
      if (bytes.length >= MIN_GZIP_BYTES && bytes.length <= MAX_GZIP_BYTES) {
        ctx.vary('Accept-Encoding');
        if (acceptsGzip(ctx)) {
          ctx.set('Content-Encoding', 'gzip');
          ctx.body = gzipSync(bytes, { level: GZIP_LEVEL });
          return;
        }
      }
      ctx.body = bytes;
    });
  }
}
