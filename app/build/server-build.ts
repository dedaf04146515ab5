// The compiled server: `npm run build:server` bundles the server's TypeScript into plain JavaScript under
// app/dist/, what the production image runs and what the browser tests start, so neither transpiles the whole
// backend at start-up (nor again in each worker thread) the way `npm start` through tsx does.
//
//   app/dist/start.js                the one-process app (`npm start`'s app/src/start.ts)
//   app/dist/projections-thread.js   the worker threads it starts, each named after its source file, which
//   app/dist/sqlite-writer-thread.js   is how platform's startWorkerThread finds them beside the server
//   app/dist/command-service.js      the scale-out services of docker-compose.yml
//   app/dist/query-service.js
//   app/dist/projections.js
//   app/dist/admin.js                the operators' CLIs (`npm run admin`, `npm run audit`,
//                                    `npm run projections`)
//   app/dist/audit.js
//   app/dist/projections-cli.js
//   app/dist/build.json              what went in: the build is stale once any of it changes
//
// Everything is bundled (node 20, CommonJS) except the packages that must stay packages: the native modules
// and the optional pieces of the database drivers, loaded from node_modules at run time (the production
// dependencies). A source file's `__dirname` keeps meaning its source folder, as under tsx, so the code that
// finds content/ or frontend/dist from its own place finds them from the bundle too, in the repository as in
// the image.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';

/** The entry points, by the name of their bundle (app/dist/<name>.js), relative to the workspace root. */
export const serverEntries: Readonly<Record<string, string>> = {
  start: 'app/src/start.ts',
  // A thread's bundle keeps its source's name: platform/src/runtime/worker-thread.ts relies on it.
  'projections-thread': 'app/src/projections-thread.ts',
  'sqlite-writer-thread': 'platform/src/eventlog/sqlite-writer-thread.ts',
  'command-service': 'command-service/src/main.ts',
  'query-service': 'query-service/src/main.ts',
  projections: 'projections/src/main.ts',
  admin: 'command-service/src/admin/cli.ts',
  audit: 'query-service/src/audit/cli.ts',
  'projections-cli': 'projections/src/cli.ts',
};

/**
 * Loaded from node_modules at run time. Native addons (better-sqlite3, argon2) cannot be bundled, nor can a
 * thread-spawning logger transport; the rest are optional dependencies of the MongoDB driver that it requires
 * only when configured (and are not installed here).
 */
export const serverExternals = [
  'better-sqlite3',
  'argon2',
  'kerberos',
  '@mongodb-js/zstd',
  '@aws-sdk/credential-providers',
  'gcp-metadata',
  'snappy',
  'socks',
  'aws4',
  'mongodb-client-encryption',
] as const;

/** The files besides the bundled sources whose change makes a build stale, relative to the root. */
const buildInputs = [
  'package-lock.json',
  // Written by every `npm install` / `npm ci`: bundled packages change only through one.
  'node_modules/.package-lock.json',
  'package.json',
  ...new Set(Object.values(serverEntries).map((entry) => `${entry.split('/')[0]}/package.json`)),
];

export const serverDist = (root: string): string => join(root, 'app', 'dist');
const manifestOf = (root: string) => join(serverDist(root), 'build.json');

interface Manifest {
  /** Every file the build read, relative to the root (node_modules files left out: see buildInputs). */
  inputs: string[];
}

/**
 * Rewrites `__dirname` in the workspace's own sources to their source folder, reached from the bundle's
 * folder: `require("node:path").join(__dirname, "../../command-service/src/catalog")` in app/dist/*.js.
 */
function sourceDirname(root: string, outdir: string): Plugin {
  return {
    name: 'source-dirname',
    setup(plugin) {
      plugin.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
        if (args.path.includes(`${join('node_modules', '')}`) || !args.path.startsWith(root))
          return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!/\b__dirname\b/.test(source)) return undefined;
        const folder = JSON.stringify(relative(outdir, dirname(args.path)).split('\\').join('/'));
        return {
          contents: source.replace(/\b__dirname\b/g, `require("node:path").join(__dirname, ${folder})`),
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/** True when app/dist is missing, or older than any file it was built from (see buildInputs). */
export function serverBuildIsStale(root: string): boolean {
  let built: number;
  let manifest: Manifest;
  try {
    built = statSync(manifestOf(root)).mtimeMs;
    manifest = JSON.parse(readFileSync(manifestOf(root), 'utf8')) as Manifest;
  } catch {
    return true;
  }
  const here = relative(root, __filename);
  return [...manifest.inputs, ...buildInputs, here].some((input) => {
    try {
      return statSync(join(root, input)).mtimeMs > built;
    } catch {
      return true; // Gone (or not there yet): what the build read has changed.
    }
  });
}

/**
 * Builds app/dist. Each file is written beside its final name and renamed into place, and build.json last,
 * so a server already running from app/dist, or one starting meanwhile, never reads half a file.
 */
export async function buildServer(root: string, log: (message: string) => void = console.log): Promise<void> {
  const started = Date.now();
  const outdir = serverDist(root);
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.entries(serverEntries).map(([out, entry]) => ({ in: join(root, entry), out })),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: [...serverExternals],
    sourcemap: 'linked',
    // Error messages and logs name the real functions and classes (pino's and koa's included).
    keepNames: true,
    legalComments: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [sourceDirname(root, outdir)],
  });
  mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.split('/').includes('node_modules'))
    .sort();
  const manifest = `${JSON.stringify({ inputs } satisfies Manifest, null, 2)}\n`;
  writeFileSync(`${manifestOf(root)}.${process.pid}.partial`, manifest);
  renameSync(`${manifestOf(root)}.${process.pid}.partial`, manifestOf(root));
  const names = Object.keys(serverEntries).map((name) => `${name}.js`);
  log(`Built the server in ${Date.now() - started} ms: ${basename(outdir)}/{${names.join(',')}}`);
}

/** Builds the server when its build is stale (see serverBuildIsStale); returns app/dist. */
export async function ensureServerBuilt(
  root: string,
  log: (message: string) => void = console.log,
): Promise<string> {
  if (serverBuildIsStale(root)) {
    log('Building the server (no build yet, or its sources changed)…');
    await buildServer(root, log);
  }
  return serverDist(root);
}

if (require.main === module) {
  buildServer(resolve(__dirname, '..', '..')).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
