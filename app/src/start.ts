// `npm start`: the whole of Tickwise in one process on one port — command service, query service,
// projections and the built frontend — over the embedded SQLite storage under DATA_DIR (or EventStoreDB /
// MongoDB when EVENTSTORE_URL / MONGO_URL are set). A second start finds its data and carries on.
// This is the one place that knows every part; the parts know only platform and contracts.
import { resolve } from 'node:path';
import {
  commandServiceDeps,
  createCommandApp,
  prepareToServe,
  startProcessManagers,
} from '@tickwise/command-service';
import {
  boundHeapGrowth,
  createLogger,
  isStorageUnavailable,
  listen,
  loadServerConfig,
  lowerThreadPoolPriority,
  Metrics,
  openStorage,
  requireScaleOutSecrets,
  settleLogFormat,
  startCheckpointWriter,
  stopOnSignals,
} from '@tickwise/platform';
import { createQueryApp, queryServiceDeps } from '@tickwise/query-service';
import { ensureFrontendBuilt } from './frontend-build';
import { startProjectionsWorker } from './projections-worker';
import { staticFrontend } from './static-frontend';

async function main() {
  boundHeapGrowth();
  // Readable lines on a terminal, JSON otherwise; the projections thread follows the choice made here.
  settleLogFormat();
  const logger = createLogger({ name: 'tickwise' });
  const config = loadServerConfig();
  // With EVENTSTORE_URL or MONGO_URL the secrets must be given; the embedded default generates its own.
  requireScaleOutSecrets(config);
  // Password hashing yields the cores to the requests that answer learners' pages.
  const hashingThreads = lowerThreadPoolPriority(config.passwordNiceness);
  const dist = ensureFrontendBuilt(resolve(__dirname, '..', '..'));
  const storage = await openStorage(config, { cacheReads: true, writerThread: true });
  // A full disk is a condition to serve through, not a reason to stop: readiness reports it, reads go on,
  // writes answer 503, and everything resumes by itself once the disk takes writes again.
  const storageFailed = (err: unknown, what: string) => {
    if (isStorageUnavailable(err)) storage.health.recordFailure(err);
    logger.error({ err }, what);
  };
  await prepareToServe(storage, logger);
  const health = await storage.health.check().catch(() => undefined);
  if (health && !health.ok) {
    logger.error(
      { storage: health.error, since: health.since, dataDir: config.dataDir },
      'storage is full or failing: not ready, and writes that do not fit answer 503, until space is freed',
    );
  }
  const metrics = new Metrics();
  // The projections on the second core; the query routes follow their checkpoints in the store.
  const projections = startProjectionsWorker(logger, {
    onStorageFailure: (failure) => storage.health.recordFailure(failure),
  });

  const proxy = config.trustProxy;
  const commandDeps = commandServiceDeps(config, storage, metrics);
  const processes = startProcessManagers(commandDeps);
  const checkpoints = await startCheckpointWriter(
    storage.storedLog,
    config,
    (err) => storageFailed(err, 'signed checkpoints'),
    () => logger.warn('signed checkpoints: storage takes writes again; the checkpoints caught up'),
  );
  const commands = createCommandApp(commandDeps, { proxy }).callback();
  const queries = createQueryApp(queryServiceDeps(config, storage, metrics), {
    fallback: staticFrontend(dist),
    proxy,
  }).callback();
  // One port: API writes go to the command service; API reads, health, metrics and the SPA to the query service.
  const server = await listen(
    (req, res) => {
      const isApiWrite = req.url?.startsWith('/api/') && req.method !== 'GET' && req.method !== 'HEAD';
      return isApiWrite ? commands(req, res) : queries(req, res);
    },
    config.port,
    config.host,
  );
  const url = `http://localhost:${server.port}`;
  logger.info(
    {
      url,
      storage: storage.describe,
      dataDir: config.dataDir,
      lowPriorityPoolThreads: (await hashingThreads).length,
    },
    'Tickwise is running',
  );
  console.log(`\n  Tickwise is running at ${url}\n`);

  stopOnSignals(async () => {
    await server.close();
    await Promise.all([projections.stop(), processes.stop()]);
    // Last: a checkpoint over everything appended before the shutdown.
    await checkpoints.stop();
    await storage.close();
  }, logger);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
