/** URLs and methods of API routes, from the contracts' route table. */

import { routeTable } from 'virtual:tickwise-route-table';
import type { HttpMethod, PathParamNames, QueryValues, RouteName, Routes } from '@tickwise/contracts';
import { fillPath } from '@tickwise/contracts/fill-path';

export type { RouteName };
export { fillPath };

/** Path parameters of route N: none, or one value per `:name` in its path. */
export type RouteParams<N extends RouteName> = [PathParamNames<Routes[N]['path']>] extends [never]
  ? undefined
  : { readonly [K in PathParamNames<Routes[N]['path']>]: string | number };

/** The HTTP method of a route. */
export const methodOf = (name: RouteName): HttpMethod => routeTable[name].method;

/** The URL of a route, e.g. `urlFor('moduleLessons', { id: 3 })` → '/api/modules/3/lessons'. */
export function urlFor<N extends RouteName>(name: N, params?: RouteParams<N>, query?: QueryValues): string {
  return fillPath(routeTable[name].path, params ?? {}, query);
}
