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
  ...(process.env.MONGO_URL ? [] : ['/platform/test/mongo-read-models\\.test\\.ts$']),
];
const serverProject = (name) => ({
  displayName: name,
  roots: [`<rootDir>/${name}`],
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  testMatch: ['**/*.test.ts'],
  ...(name === 'platform' ? { testPathIgnorePatterns: ['/node_modules/', ...serverSuites] } : {}),
});

/** @type {import('jest').Config} */
module.exports = {
  projects: ['contracts', 'platform', 'projections', 'command-service', 'query-service', 'content'].map(
    serverProject,
  ),
};
