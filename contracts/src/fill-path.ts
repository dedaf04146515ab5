/**
 * Filling a route's path: no dependencies (the frontend's landing bundle imports this file alone, without
 * the io-ts codecs of the package's index).
 */

/** Query-string values; undefined ones are left out. */
export type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>;

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
