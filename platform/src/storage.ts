import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
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

/**
 * The embedded database files hold personal data and evidence: readable by the service's own user only.
 * SQLite creates a database's -wal and -shm files with the database file's mode, so creating the file 0600
 * before SQLite opens it covers all three; files of an older data folder are tightened on open.
 */
export function privateDatabaseFile(file: string): string {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, 0o600);
  return file;
}

/** Opens the two storage ports: embedded SQLite files under DATA_DIR unless EVENTSTORE_URL / MONGO_URL are set. */
export async function openStorage(config: StorageConfig): Promise<Storage> {
  const needsDataDir = !config.eventstoreUrl || !config.mongoUrl;
  if (needsDataDir) ensureDataDir(config);
  const log: EventLog = config.eventstoreUrl
    ? new EventStoreDbEventLog(config.eventstoreUrl)
    : new SqliteEventLog({ file: privateDatabaseFile(join(config.dataDir, 'events.db')) });
  const store: ReadModelStore = config.mongoUrl
    ? await MongoReadModelStore.connect(config.mongoUrl, config.mongoDb)
    : new SqliteReadModelStore({ file: privateDatabaseFile(join(config.dataDir, 'read-models.db')) });
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
