import { join } from 'node:path';
import { ensureDataDir, type StorageConfig } from './config';
import { EventStoreDbEventLog } from './eventlog/eventstoredb-event-log';
import type { EventLog } from './eventlog/port';
import { SqliteEventLog } from './eventlog/sqlite-event-log';
import { MongoReadModelStore } from './readmodels/mongo-read-models';
import type { ReadModelStore } from './readmodels/port';
import { SqliteReadModelStore } from './readmodels/sqlite-read-models';

export interface Storage {
  log: EventLog;
  store: ReadModelStore;
  /** Which adapters are in use, for logs and /readyz. */
  describe: { log: 'sqlite' | 'eventstoredb'; readModels: 'sqlite' | 'mongodb' };
  close(): Promise<void>;
}

/** Opens the two storage ports: embedded SQLite files under DATA_DIR unless EVENTSTORE_URL / MONGO_URL are set. */
export async function openStorage(config: StorageConfig): Promise<Storage> {
  const needsDataDir = !config.eventstoreUrl || !config.mongoUrl;
  if (needsDataDir) ensureDataDir(config);
  const log: EventLog = config.eventstoreUrl
    ? new EventStoreDbEventLog(config.eventstoreUrl)
    : new SqliteEventLog({ file: join(config.dataDir, 'events.db') });
  const store: ReadModelStore = config.mongoUrl
    ? await MongoReadModelStore.connect(config.mongoUrl, config.mongoDb)
    : new SqliteReadModelStore({ file: join(config.dataDir, 'read-models.db') });
  return {
    log,
    store,
    describe: {
      log: config.eventstoreUrl ? 'eventstoredb' : 'sqlite',
      readModels: config.mongoUrl ? 'mongodb' : 'sqlite',
    },
    close: async () => {
      await store.close();
      await log.close();
    },
  };
}
