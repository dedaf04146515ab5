/**
 * The build-time half of `virtual:tickwise-route-table` (used by vite.config.ts and by the jest mapping):
 * what a browser needs from the contracts — each route's method and path, and the agreed HTTP headers —
 * without shipping io-ts and the codecs.
 */

/** The id the app imports the route table by. */
export const ROUTE_TABLE_MODULE = 'virtual:tickwise-route-table';

export interface RouteTableEntry {
  readonly name: string;
  readonly method: string;
  readonly path: string;
}

export interface ContractsForBrowser {
  readonly routeList: readonly RouteTableEntry[];
  readonly httpHeaders: Readonly<Record<string, string>>;
}

/** Each route's method and path, by route name. */
export function routeTableOf(
  routeList: readonly RouteTableEntry[],
): Record<string, { method: string; path: string }> {
  return Object.fromEntries(
    routeList.map((route) => [route.name, { method: route.method, path: route.path }]),
  );
}

/** The ES module source of the virtual module. */
export function routeTableSource(contracts: ContractsForBrowser): string {
  return [
    `export const routeTable = ${JSON.stringify(routeTableOf(contracts.routeList))};`,
    `export const httpHeaders = ${JSON.stringify(contracts.httpHeaders)};`,
    '',
  ].join('\n');
}
