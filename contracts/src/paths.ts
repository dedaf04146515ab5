/** Building request URLs from the route table (for the frontend and tests). */
import { type RouteName, type Routes, routes } from './routes';

/** The `:name` parameters of a Koa-style path, e.g. '/api/modules/:id/quiz' → 'id'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

export type PathParams<P extends string> = { readonly [K in PathParamNames<P>]: string | number };

/** Query-string values; undefined ones are left out. */
export type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>;

type PathArgs<P extends string> = [PathParamNames<P>] extends [never]
  ? [params?: Readonly<Record<string, never>>, query?: QueryValues]
  : [params: PathParams<P>, query?: QueryValues];

/** Fills a Koa-style path's parameters (URI-encoded) and appends the query string. */
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

/** The URL of a route, e.g. `pathFor('moduleLessons', { id: 3 })` → '/api/modules/3/lessons'. */
export function pathFor<N extends RouteName>(name: N, ...args: PathArgs<Routes[N]['path']>): string {
  const [params, query] = args;
  return fillPath(routes[name].path, params, query);
}
