import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { serverBuildIsStale, serverEntries } from '../build/server-build';

const repo = resolve(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

test('every worker thread the server starts has a bundle of its own, named as startWorkerThread looks for it', () => {
  const threads = ['platform', 'projections', 'command-service', 'query-service', 'app']
    .flatMap((workspace) => sources(join(repo, workspace, 'src')))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/startWorkerThread\(join\(__dirname, '([\w-]+)\.ts'\)/g)].map(
        (match) => [match[1] ?? '', relative(repo, join(dirname(file), `${match[1]}.ts`))],
      ),
    );
  expect(threads.length).toBeGreaterThanOrEqual(2);
  for (const [name, source] of threads)
    expect({ name, entry: serverEntries[name ?? ''] }).toEqual({ name, entry: source });
});

describe('when the e2e setup rebuilds the server', () => {
  let root: string;
  // After every real file it also checks (the build script itself).
  const built = Date.now() + 3_600_000;
  const write = (path: string, at: number, text = path) => {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    utimesSync(file, at / 1000, at / 1000);
  };
  const inputs = ['app/src/start.ts', 'platform/src/index.ts'];

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'tickwise-server-build-'));
    for (const file of ['package.json', 'package-lock.json', 'node_modules/.package-lock.json', ...inputs])
      write(file, built - 60_000);
    for (const entry of Object.values(serverEntries))
      write(`${entry.split('/')[0]}/package.json`, built - 60_000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const writeBuild = () => write('app/dist/build.json', built, JSON.stringify({ inputs }));

  test('a missing build is stale', () => {
    expect(serverBuildIsStale(root)).toBe(true);
  });

  test('a build newer than everything it read is fresh', () => {
    writeBuild();
    expect(serverBuildIsStale(root)).toBe(false);
  });

  test('a source it bundled, changed since, makes it stale', () => {
    writeBuild();
    write('platform/src/index.ts', built + 1000);
    expect(serverBuildIsStale(root)).toBe(true);
  });

  test('an install since (the lockfile npm writes into node_modules) makes it stale', () => {
    writeBuild();
    write('node_modules/.package-lock.json', built + 1000);
    expect(serverBuildIsStale(root)).toBe(true);
  });

  test('a source it bundled, gone since, makes it stale', () => {
    writeBuild();
    rmSync(join(root, 'app/src/start.ts'));
    expect(serverBuildIsStale(root)).toBe(true);
  });
});
