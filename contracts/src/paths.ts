/** Building request URLs from the route table (for the frontend and tests). */
import { fillPath, type QueryValues } from './fill-path';
import { type RouteName, type Routes, routes } from './routes';

export { fillPath, type QueryValues };

/** The `:name` parameters of a Koa-style path, e.g. '/api/modules/:id/quiz' → 'id'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

export type PathParams<P extends string> = { readonly [K in PathParamNames<P>]: string | number };

type PathArgs<P extends string> = [PathParamNames<P>] extends [never]
  ? [params?: Readonly<Record<string, never>>, query?: QueryValues]
  : [params: PathParams<P>, query?: QueryValues];

/** The URL of a route, e.g. `pathFor('moduleLessons', { id: 3 })` → '/api/modules/3/lessons'. */
export function pathFor<N extends RouteName>(name: N, ...args: PathArgs<Routes[N]['path']>): string {
  const [params, query] = args;
  return fillPath(routes[name].path, params, query);
}
