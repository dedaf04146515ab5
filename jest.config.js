// One jest run for the whole workspace, a project per test tier; the tier is in each test file's name.
//   *.unit.test.ts(x)  pure code and in-memory adapters: no files, sockets, processes or threads (guarded)
//   *.int.test.ts      real SQLite files, HTTP through supertest, CLIs, child processes, nginx, compose
//   *.e2e.test.ts      the app in Debian's chromium
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
  },
];
const transform = { '^.+\\.(t|j)sx?$': swc };
// light-my-request (the test stack's in-process HTTP calls) depends on an ESM-only cookie parser.
const transformIgnorePatterns = ['/node_modules/(?!(light-my-request/node_modules/)?cookie/)'];

const serverRoots = [
  'contracts',
  'platform',
  'projections',
  'command-service',
  'query-service',
  'app',
  'content',
].map((name) => `<rootDir>/${name}`);

// Suites that need a server run only when its URL is set; otherwise they are not run at all.
const serverSuites = [
  ...(process.env.EVENTSTORE_URL ? [] : ['/platform/test/eventstoredb-event-log\\.int\\.test\\.ts$']),
  ...(process.env.MONGO_URL
    ? []
    : [
        '/platform/test/mongo-read-models\\.int\\.test\\.ts$',
        '/platform/test/mongo-key-store\\.int\\.test\\.ts$',
      ]),
];

/** The server side's unit tier: node, with a guard that fails a test touching files, sockets or processes. */
const unit = {
  displayName: 'unit',
  roots: serverRoots,
  testEnvironment: 'node',
  transform,
  testMatch: ['**/*.unit.test.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/unit-tier-guard.ts'],
  transformIgnorePatterns,
};

// The frontend's unit tier: components and the API layer in jsdom (a custom environment that adds Node's fetch
// and friends), policy markdown loaded as text, and the build-time route table computed from the contracts.
const unitDom = {
  displayName: 'unit-dom',
  roots: ['<rootDir>/frontend/src', '<rootDir>/frontend/test'],
  testEnvironment: '<rootDir>/frontend/test/jsdom-environment.cjs',
  transform: {
    ...transform,
    '^.+\\.(m|c)js$': swc,
    '^.+\\.md$': '<rootDir>/frontend/test/raw-transform.cjs',
  },
  transformIgnorePatterns: ['/node_modules/(?!marked/)'],
  moduleNameMapper: {
    '^virtual:tickwise-route-table$': '<rootDir>/frontend/test/route-table.ts',
    '^(.+\\.md)\\?raw$': '$1',
  },
  setupFilesAfterEnv: ['<rootDir>/test/unit-tier-guard.ts', '<rootDir>/frontend/test/setup.ts'],
  testMatch: ['**/*.unit.test.ts', '**/*.unit.test.tsx'],
};

const int = {
  displayName: 'int',
  roots: serverRoots,
  testEnvironment: 'node',
  transform,
  testMatch: ['**/*.int.test.ts'],
  transformIgnorePatterns,
  testPathIgnorePatterns: ['/node_modules/', ...serverSuites],
};

// The frontend in a real browser: the compiled server (app/dist) on a free port and Debian's chromium (see
// app/e2e). The setup builds what is stale once for the run; the teardown stops the workers' shared apps.
const e2e = {
  displayName: 'e2e',
  roots: ['<rootDir>/app/e2e'],
  testEnvironment: 'node',
  transform,
  globalSetup: '<rootDir>/app/e2e/global-setup.ts',
  globalTeardown: '<rootDir>/app/e2e/global-teardown.ts',
  testMatch: ['**/*.e2e.test.ts'],
};

/** @type {import('jest').Config} */
module.exports = {
  // Int and e2e suites start real stacks (SQLite files, child processes, a browser) on a 2-core machine. Jest
  // reads testTimeout from the global config only: a project's own value is ignored.
  testTimeout: 60_000,
  // Each test file's modules are garbage once it ends, but V8 collects lazily: a worker that ran a hundred files
  // held 400-900 MB and took longer to free it on exit than the half second jest waits, so jest killed it. A
  // worker past this is replaced between files instead (the unit tier takes about 10 s longer).
  workerIdleMemoryLimit: '384MB',
  projects: [unit, unitDom, int, e2e],
};
