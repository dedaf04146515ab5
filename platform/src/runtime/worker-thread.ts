import { basename, dirname, join } from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on the module whose TypeScript source is `source` (an absolute path), from the
 * sources or from the compiled server alike:
 * - run from the sources (`npm start` through tsx, the tests through jest), the thread registers tsx's
 *   require hook and loads `source`;
 * - run from the compiled server (`npm run build:server`, app/build/server-build.ts), each thread's entry is
 *   bundled beside the server's own file under the source's name (`sqlite-writer-thread.ts` runs as
 *   `sqlite-writer-thread.js`), and the thread runs that file: no TypeScript, no tsx.
 * This module tells which by its own file name: in the bundle it is part of a `.js` file.
 */
export function startWorkerThread(source: string, options: WorkerOptions = {}): Worker {
  if (__filename.endsWith('.ts')) {
    return new Worker(`require('tsx/cjs'); require(${JSON.stringify(source)});`, { ...options, eval: true });
  }
  return new Worker(join(dirname(__filename), `${basename(source, '.ts')}.js`), options);
}
