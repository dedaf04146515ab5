import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { frontendBuildIsStale, frontendSources } from '../src/frontend-build';

describe('when npm start rebuilds the frontend', () => {
  let root: string;
  const write = (path: string, at: number) => {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, path);
    utimesSync(file, at / 1000, at / 1000);
    utimesSync(dirname(file), at / 1000, at / 1000);
  };
  const built = Date.parse('2026-11-20T12:00:00Z');

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'tickwise-build-'));
    for (const source of frontendSources) {
      write(source.includes('.') ? source : `${source}/file.txt`, built - 60_000);
    }
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('a missing build is stale', () => {
    expect(frontendBuildIsStale(root)).toBe(true);
  });

  test('a build newer than every source is fresh', () => {
    write('frontend/dist/index.html', built);
    expect(frontendBuildIsStale(root)).toBe(false);
  });

  test.each(['frontend/src/App.tsx', 'contracts/src/routes.ts', 'content/policies/privacy-policy.md'])(
    'a change to %s makes the build stale',
    (path) => {
      write('frontend/dist/index.html', built);
      write(path, built + 60_000);
      expect(frontendBuildIsStale(root)).toBe(true);
    },
  );
});
