// The read models' projections on their own thread of the one-process app (`npm start`): folding events
// into read models is the app's steadiest CPU work, and here it runs on the second core while the main
// thread answers HTTP. The thread opens the same storage (SQLite in WAL mode: one writer per file, readers
// alongside); the query routes see its progress through the checkpoints in the read-model store, as
// they would from the separate projections service.
import { parentPort } from 'node:worker_threads';
import { createLogger, loadServerConfig, openStorage } from '@tickwise/platform';
import { runProjections } from '@tickwise/projections';

async function main() {
  const port = parentPort;
  if (port === null) throw new Error('projections-thread.ts runs as a worker thread of app/src/start.ts');
  const logger = createLogger({ name: 'projections' });
  const storage = await openStorage(loadServerConfig());
  // A storage failure here marks the main thread's readiness down too (it probes until writes succeed).
  const projections = runProjections(storage, logger, {
    onStorageFailure: (error) => {
      const { code, message } = error as { code?: unknown; message?: unknown };
      port.postMessage({ storageFailure: { code: String(code ?? ''), message: String(message ?? error) } });
    },
  });
  port.on('message', (message: unknown) => {
    if (message !== 'stop') return;
    void projections
      .stop()
      .then(() => storage.close())
      .finally(() => port.postMessage('stopped'));
  });
  port.postMessage('running');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
