// The command service on its own (`npm start -w command-service`): COMMAND_PORT, storage from the environment.
import {
  boundHeapGrowth,
  createLogger,
  isStorageUnavailable,
  listen,
  loadServerConfig,
  lowerThreadPoolPriority,
  openStorage,
  requireScaleOutSecrets,
  startCheckpointWriter,
  stopOnSignals,
} from '@tickwise/platform';
import { createCommandApp } from './app/create-app';
import { commandServiceDeps } from './app/runtime';
import { prepareToServe } from './app/start-up';
import { startProcessManagers } from './process-managers/start';

async function main() {
  boundHeapGrowth();
  const config = loadServerConfig();
  // A scale-out service without its shared secrets stops here, before it opens anything.
  requireScaleOutSecrets(config);
  // Password hashing yields the cores to the requests that answer learners' pages.
  const hashingThreads = lowerThreadPoolPriority(config.passwordNiceness);
  const storage = await openStorage(config, { cacheReads: true, writerThread: true });
  const deps = commandServiceDeps(config, storage);
  await prepareToServe(storage, deps.logger);
  const processes = startProcessManagers(deps);
  // The command service is the one writer of the scale-out topology: it signs the log's checkpoints.
  const checkpoints = await startCheckpointWriter(
    storage.storedLog,
    config,
    (err) => {
      if (isStorageUnavailable(err)) storage.health.recordFailure(err);
      deps.logger.error({ err }, 'signed checkpoints');
    },
    () => deps.logger.warn('signed checkpoints: storage takes writes again; the checkpoints caught up'),
  );
  const server = await listen(
    createCommandApp(deps, { proxy: config.trustProxy }).callback(),
    config.commandPort,
    config.host,
  );
  deps.logger.info(
    { port: server.port, storage: storage.describe, lowPriorityPoolThreads: (await hashingThreads).length },
    'command-service listening',
  );
  stopOnSignals(
    async () => {
      await server.close();
      await processes.stop();
      await checkpoints.stop();
      await storage.close();
    },
    createLogger({ name: 'command-service' }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
