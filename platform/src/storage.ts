import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDataDir, type StorageConfig } from './config';
import { EventStoreDbEventLog } from './eventlog/eventstoredb-event-log';
import type { EventLog } from './eventlog/port';
import { SqliteEventLog } from './eventlog/sqlite-event-log';
import { MongoReadModelStore } from './readmodels/mongo-read-models';
import type { ReadModelStore } from './readmodels/port';
import { SqliteReadModelStore } from './readmodels/sqlite-read-models';
import { monitoredLog, type StorageHealth } from './storage-health';

export interface Storage {
  log: EventLog;
  /** Whether appends currently succeed (readiness reports it). */
  health: StorageHealth;
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
export interface OpenOptions {
  /** Wraps the adapter's log before it is monitored (tests inject storage faults here). */
  beneath?: (log: EventLog) => EventLog;
}

/** A storage file that cannot be opened: the message names the file and says why, for the operator. */
export class StorageOpenError extends Error {
  override readonly name = 'StorageOpenError';
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
    super(
      `Cannot open ${file}: ${String(message ?? cause)}${code ? ` (${String(code)})` : ''}. ` +
        'Check that DATA_DIR exists, is writable by this user and that its disk has free space.',
      { cause },
    );
  }
}

function opened<T>(file: string, open: () => T): T {
  try {
    return open();
  } catch (error) {
    throw new StorageOpenError(file, error);
  }
}

export async function openStorage(config: StorageConfig, options: OpenOptions = {}): Promise<Storage> {
  const needsDataDir = !config.eventstoreUrl || !config.mongoUrl;
  if (needsDataDir) opened(config.dataDir, () => ensureDataDir(config));
  const eventsFile = join(config.dataDir, 'events.db');
  const readModelsFile = join(config.dataDir, 'read-models.db');
  const adapterLog: EventLog = config.eventstoreUrl
    ? new EventStoreDbEventLog(config.eventstoreUrl)
    : opened(eventsFile, () => new SqliteEventLog({ file: privateDatabaseFile(eventsFile) }));
  const { log, health } = monitoredLog(options.beneath ? options.beneath(adapterLog) : adapterLog);
  const store: ReadModelStore = config.mongoUrl
    ? await MongoReadModelStore.connect(config.mongoUrl, config.mongoDb)
    : opened(readModelsFile, () => new SqliteReadModelStore({ file: privateDatabaseFile(readModelsFile) }));
  return {
    log,
    health,
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
