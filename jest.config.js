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
const serverProject = (name) => ({
  displayName: name,
  roots: [`<rootDir>/${name}`],
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  testMatch: ['**/*.test.ts'],
});

/** @type {import('jest').Config} */
module.exports = {
  projects: ['contracts', 'platform', 'projections', 'command-service', 'query-service', 'content'].map(
    serverProject,
  ),
};
