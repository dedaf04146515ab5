import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '@tickwise/platform';
import type { Logger } from 'pino';

const RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
const STOP_TIMEOUT_MS = 8000;
/**
 * The thread's young generation, where new objects start: V8's default lets it grow to 32 MB, which it does
 * under a steady stream of events though little of it survives; 16 MB keeps about 16 MB of resident memory.
 */
const YOUNG_GENERATION_MB = 16;

export interface ProjectionsWorker {
  /** Stops the projections at a batch boundary (their checkpoints committed), then the thread. */
  stop(): Promise<void>;
}

/**
 * Runs the projections on a worker thread (projections-thread.ts), restarted after a crash: without them
 * the read models fall behind and every read-your-writes query would wait for nothing.
 */
export function startProjectionsWorker(
  logger: Logger,
  options: {
    /** The thread met a storage failure (a full disk): readiness goes down until writes succeed again. */
    onStorageFailure?: (error: { code: string; message: string }) => void;
  } = {},
): ProjectionsWorker {
  let worker: Worker;
  let stopping = false;
  // A thread that cannot even start (its storage does not open on a full disk) is tried again later and
  // later, and its failures are not logged again until it has run.
  let delayMs = RESTART_DELAY_MS;
  let ran = true;
  const spawn = () => {
    // From the sources through tsx's require hook, or the compiled server's own bundle of the thread.
    worker = startWorkerThread(join(__dirname, 'projections-thread.ts'), {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    worker.on('message', (message: unknown) => {
      if (message === 'running') {
        ran = true;
        delayMs = RESTART_DELAY_MS;
      }
      const failure = (message as { storageFailure?: { code: string; message: string } }).storageFailure;
      if (failure) options.onStorageFailure?.(failure);
    });
    worker.on('error', (err) => {
      if (ran) logger.error({ err }, 'projections thread failed');
    });
    worker.on('exit', (code) => {
      if (stopping) return;
      if (ran) logger.error({ code }, `projections thread exited; restarting in ${delayMs} ms`);
      setTimeout(spawn, delayMs).unref();
      delayMs = Math.min(delayMs * 2, MAX_RESTART_DELAY_MS);
      ran = false;
    });
  };
  spawn();
  return {
    stop: async () => {
      stopping = true;
      const stopped = new Promise<void>((done) => {
        worker.on('message', (message) => message === 'stopped' && done());
        worker.once('exit', () => done());
        setTimeout(done, STOP_TIMEOUT_MS).unref();
      });
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}
