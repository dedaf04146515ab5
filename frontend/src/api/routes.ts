/** URLs and methods of API routes, from the contracts' route table. */

import { routeTable } from 'virtual:tickwise-route-table';
import type { HttpMethod, PathParamNames, QueryValues, RouteName, Routes } from '@tickwise/contracts';

export type { RouteName };

/** Path parameters of route N: none, or one value per `:name` in its path. */
export type RouteParams<N extends RouteName> = [PathParamNames<Routes[N]['path']>] extends [never]
  ? undefined
  : { readonly [K in PathParamNames<Routes[N]['path']>]: string | number };

/** Fills a Koa-style path's `:name` parameters (URI-encoded) and appends the query string. */
export function fillPath(
  path: string,
  params: Readonly<Record<string, string | number>> = {},
  query: QueryValues = {},
): string {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${path}: missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.append(key, String(value));
  }
  const queryString = search.toString();
  return queryString === '' ? filled : `${filled}?${queryString}`;
}

/** The HTTP method of a route. */
export const methodOf = (name: RouteName): HttpMethod => routeTable[name].method;

/** The URL of a route, e.g. `urlFor('moduleLessons', { id: 3 })` → '/api/modules/3/lessons'. */
export function urlFor<N extends RouteName>(name: N, params?: RouteParams<N>, query?: QueryValues): string {
  return fillPath(routeTable[name].path, params ?? {}, query);
}
