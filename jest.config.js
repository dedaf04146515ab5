// One jest run for the whole workspace; each package is a project with its own roots.
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
// Suites that need a server run only when its URL is set; otherwise they are not run at all.
const serverSuites = [
  ...(process.env.EVENTSTORE_URL ? [] : ['/platform/test/eventstoredb-event-log\\.test\\.ts$']),
  ...(process.env.MONGO_URL
    ? []
    : ['/platform/test/mongo-read-models\\.test\\.ts$', '/platform/test/mongo-key-store\\.test\\.ts$']),
];
const serverProject = (name) => ({
  displayName: name,
  roots: [`<rootDir>/${name}`],
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  testMatch: ['**/*.test.ts'],
  ...(name === 'platform' ? { testPathIgnorePatterns: ['/node_modules/', ...serverSuites] } : {}),
});

// The frontend: components and the API layer in jsdom (a custom environment that adds Node's fetch and
// friends), policy markdown loaded as text, and the build-time route table computed from the contracts.
const frontendProject = {
  displayName: 'frontend',
  roots: ['<rootDir>/frontend/src', '<rootDir>/frontend/test'],
  testEnvironment: '<rootDir>/frontend/test/jsdom-environment.cjs',
  transform: {
    '^.+\\.(t|j)sx?$': swc,
    '^.+\\.(m|c)js$': swc,
    '^.+\\.md$': '<rootDir>/frontend/test/raw-transform.cjs',
  },
  transformIgnorePatterns: ['/node_modules/(?!marked/)'],
  moduleNameMapper: {
    '^virtual:tickwise-route-table$': '<rootDir>/frontend/test/route-table.ts',
    '^(.+\\.md)\\?raw$': '$1',
  },
  setupFilesAfterEnv: ['<rootDir>/frontend/test/setup.ts'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
};
// The frontend in a real browser: `npm start` on a free port and Debian's chromium (see frontend/e2e).
const frontendE2eProject = {
  displayName: 'frontend-e2e',
  roots: ['<rootDir>/frontend/e2e'],
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  globalSetup: '<rootDir>/frontend/e2e/global-setup.ts',
  testMatch: ['**/*.test.ts'],
};

/** @type {import('jest').Config} */
module.exports = {
  // Suites start real stacks (SQLite files, argon2, child processes, a browser) on a 2-core machine. Jest
  // reads testTimeout from the global config only: a project's own value is ignored.
  testTimeout: 60_000,
  projects: [
    ...['contracts', 'platform', 'projections', 'command-service', 'query-service', 'app', 'content'].map(
      serverProject,
    ),
    frontendProject,
    frontendE2eProject,
  ],
};
