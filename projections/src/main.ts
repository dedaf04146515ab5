// The projections process on its own (`npm start -w projections`): keeps every read model up to date, and
// answers /healthz and /readyz (with each projection's lag) on PROJECTIONS_PORT.
import {
  boundHeapGrowth,
  createLogger,
  listen,
  loadServerConfig,
  openStorage,
  requireScaleOutSecrets,
  stopOnSignals,
} from '@tickwise/platform';
import { allProjections } from './catalog';
import { checkpointName, readState } from './runtime/generations';
import { lag } from './runtime/progress';
import { runProjections } from './runtime/run-projections';

async function main() {
  boundHeapGrowth();
  const logger = createLogger({ name: 'projections' });
  const config = loadServerConfig();
  // A scale-out service without its shared secrets stops here, before it opens anything.
  requireScaleOutSecrets(config);
  const storage = await openStorage(config);
  const projections = runProjections(storage, logger);
  const server = await listen(
    async (req, res) => {
      const head = await storage.log.headPosition();
      const lags: Record<string, number> = {};
      for (const { name } of allProjections) {
        const state = await readState(storage.store, name);
        lags[name] = lag(
          head,
          (await storage.store.getCheckpoint(checkpointName(name, state?.activeGeneration ?? 1)))?.position,
        );
      }
      const ready = req.url === '/healthz' || Object.values(lags).every((l) => l <= 10_000);
      res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: ready ? 'ok' : 'catching up', head, projectionLag: lags }));
    },
    config.projectionsPort,
    config.host,
  );
  logger.info({ port: server.port, projections: allProjections.map((p) => p.name) }, 'projections running');
  stopOnSignals(async () => {
    await server.close();
    await projections.stop();
    await storage.close();
  }, logger);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
