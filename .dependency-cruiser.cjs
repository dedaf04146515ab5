/**
 * The package boundaries, checked by `npm run lint` (docs/architecture/overview.md shows the picture).
 *
 * Packages depend in one direction only:
 *
 *   contracts ← platform ← projections ← command-service, query-service ← app
 *   contracts ← frontend
 *
 * Tests, benches and build scripts count like any other file: a package's tests may use what the package may
 * use, and nothing above it. Whatever drives the whole stack (the in-process stack, the browser tier, the
 * capacity benches) lives in `app`, above both services. The authored course in `content/` is data; its checks
 * read it through the command side's catalog.
 *
 * Inside `platform` the storage adapters and the command core know nothing of HTTP, and storage does not take
 * part in the HTTP server's scheduling: composition roots wire them together.
 */
const layers = {
  contracts: '^contracts/',
  platform: '^platform/',
  projections: '^projections/',
  commandService: '^command-service/',
  queryService: '^query-service/',
  app: '^app/',
  frontend: '^frontend/',
};

/** For each package, the packages it must not import (everything not below it). */
const above = {
  contracts: ['platform', 'projections', 'commandService', 'queryService', 'app', 'frontend'],
  platform: ['projections', 'commandService', 'queryService', 'app', 'frontend'],
  projections: ['commandService', 'queryService', 'app', 'frontend'],
  commandService: ['queryService', 'app', 'frontend'],
  queryService: ['commandService', 'app', 'frontend'],
  frontend: ['platform', 'projections', 'commandService', 'queryService', 'app'],
};

const direction = Object.entries(above).map(([from, targets]) => ({
  name: `${from}-imports-only-below`,
  comment: `${from} may import only the packages below it: contracts ← platform ← projections ← command-service / query-service ← app, contracts ← frontend`,
  severity: 'error',
  from: { path: layers[from] },
  to: { path: targets.map((target) => layers[target]) },
}));

module.exports = {
  forbidden: [
    ...direction,
    {
      name: 'content-checks-read-the-catalog-only',
      comment: 'The checks of the authored course use the command side catalog and contracts, nothing else.',
      severity: 'error',
      from: { path: '^content/' },
      to: { path: ['^platform/', '^projections/', '^query-service/', '^app/', '^frontend/'] },
    },
    {
      name: 'command-core-knows-no-http',
      comment:
        'Deciders and the command handler answer domain values; the HTTP layer turns them into replies.',
      severity: 'error',
      from: { path: '^platform/src/commands/' },
      to: { path: ['^platform/src/http/', '^platform/src/runtime/(process|turns)\\.ts$'] },
    },
    {
      name: 'storage-knows-no-http',
      comment:
        'Storage adapters (event log, read models, key store, checkpoints) neither import the HTTP layer nor take part in its scheduling.',
      severity: 'error',
      from: { path: '^platform/src/(eventlog|readmodels|privacy|checkpoints)/' },
      to: { path: ['^platform/src/http/', '^platform/src/runtime/(process|turns)\\.ts$'] },
    },
    {
      name: 'declared-dependencies-only',
      comment:
        'Every package imports only what its own package.json lists (workspace packages included): hoisting must not hide a dependency.',
      severity: 'error',
      from: { pathNot: '^(content|test)/|^[^/]+$' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'servers-bundle-no-cli',
      comment:
        'A CLI runs its main when it is the entry module; bundled into a server (one module) it would run there. Servers and workers reach no CLI.',
      severity: 'error',
      from: {
        path: '^(app/src/(start|projections-thread|projections-worker)|(command-service|query-service|projections)/src/main)\\.ts$',
      },
      to: { path: '(^|/)cli\\.ts$', reachable: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import that does not resolve is a typo or a missing package.',
      severity: 'error',
      from: {},
      // The frontend's route table is a module vite makes at build time.
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
    {
      name: 'no-circular',
      comment: 'Modules that import each other cannot be understood, tested or moved one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^[^/]+/(dist|e2e-artifacts|coverage)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['types', 'main'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json', '.d.ts'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
