import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '@tickwise/platform';
import type { Logger } from 'pino';

const RESTART_DELAY_MS = 1000;
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
export function startProjectionsWorker(logger: Logger): ProjectionsWorker {
  let worker: Worker;
  let stopping = false;
  const spawn = () => {
    // From the sources through tsx's require hook, or the compiled server's own bundle of the thread.
    worker = startWorkerThread(join(__dirname, 'projections-thread.ts'), {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    worker.on('error', (err) => logger.error({ err }, 'projections thread failed'));
    worker.on('exit', (code) => {
      if (stopping) return;
      logger.error({ code }, `projections thread exited; restarting in ${RESTART_DELAY_MS} ms`);
      setTimeout(spawn, RESTART_DELAY_MS).unref();
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
