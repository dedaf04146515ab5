/**
 * The shape of one row of the route table. Feature contracts (compliance, privacy, the personal-data export)
 * define their routes with it, and the table in routes.ts gathers them: this file imports none of them.
 */
import type * as t from 'io-ts';
import type { Access } from './access';

export type HttpMethod = 'GET' | 'POST' | 'PUT';
export type Service = 'command' | 'query';

/** A route as written in the table; `name` and `service` are filled in by `defineRoutes`. */
export interface RouteDefinition {
  readonly method: HttpMethod;
  /** Koa style, e.g. '/api/modules/:id/lessons'. */
  readonly path: string;
  readonly access: Access;
  /** JSON body (write routes); absent when the route takes none. */
  readonly body?: t.Mixed;
  /** Query string (values arrive as strings). */
  readonly query?: t.Mixed;
  /** Path parameters (values arrive as strings). */
  readonly params?: t.Mixed;
  /** The success body. */
  readonly response: t.Mixed;
  /** The success status; 200 when absent. */
  readonly status?: number;
}
