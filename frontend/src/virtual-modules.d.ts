/** Built by the `tickwise-route-table` plugin in vite.config.ts from the contracts package. */
declare module 'virtual:tickwise-route-table' {
  type Routes = import('@tickwise/contracts').Routes;
  /** Each route's method and path, by route name. */
  export const routeTable: {
    readonly [N in keyof Routes]: { readonly method: Routes[N]['method']; readonly path: Routes[N]['path'] };
  };
  /** The HTTP headers the services and the frontend agree on. */
  export const httpHeaders: typeof import('@tickwise/contracts').httpHeaders;
}
