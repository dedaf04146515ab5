// The query service on its own (`npm start -w query-service`): QUERY_PORT, storage from the environment.
import {
  boundHeapGrowth,
  createLogger,
  listen,
  loadServerConfig,
  openStorage,
  requireScaleOutSecrets,
  stopOnSignals,
} from '@tickwise/platform';
import { createQueryApp } from './app/create-app';
import { queryServiceDeps } from './app/runtime';

async function main() {
  boundHeapGrowth();
  const config = loadServerConfig();
  // A scale-out service without its shared secrets stops here, before it opens anything.
  requireScaleOutSecrets(config);
  const storage = await openStorage(config, { cacheReads: true });
  const deps = queryServiceDeps(config, storage);
  const server = await listen(
    createQueryApp(deps, { proxy: config.trustProxy }).callback(),
    config.queryPort,
    config.host,
  );
  deps.logger.info({ port: server.port, storage: storage.describe }, 'query-service listening');
  stopOnSignals(
    async () => {
      await server.close();
      await storage.close();
    },
    createLogger({ name: 'query-service' }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
