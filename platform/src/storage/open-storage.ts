import { chmodSync, closeSync, existsSync, openSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { type DomainEvent, dataSubjectOf, erasedSubjectsOf, personalFields } from '@tickwise/contracts';
import type { MongoClient } from 'mongodb';
import { databaseDirOf, ensureDataDir, type StorageConfig } from '../config/storage-config';
import { domainEvents } from '../eventlog/decode';
import type { EventLog, TaggedEvent } from '../eventlog/port';
import { SqliteEventLog } from '../eventlog/sqlite-event-log';
import { DataKeys, loadMasterKey } from '../privacy/data-keys';
import { EncryptingEventLog, sealedEvents } from '../privacy/encrypting-event-log';
import type { KeyStore } from '../privacy/key-store';
import { ClearPersonalDataError, firstClearPersonalField } from '../privacy/log-migration';
import { SqliteKeyStore } from '../privacy/sqlite-key-store';
import { CachedReadModelStore } from '../readmodels/cached-read-models';
import type { ReadModelStore } from '../readmodels/port';
import { SqliteReadModelStore } from '../readmodels/sqlite-read-models';
import { turns } from '../runtime/turns';
import { monitoredLog, type StorageHealth } from './health';

export interface Storage {
  /** The log with personal fields opened (or erased): what commands and projections use. */
  log: EventLog;
  /**
   * The log as stored, personal fields sealed: what chain verification, signed checkpoints and the audit
   * (its exports carry the stored form) read. Appends go through `log`.
   */
  storedLog: EventLog;
  /** Each learner's data key: destroying one erases their personal data. */
  keys: DataKeys;
  /** Whether appends currently succeed (readiness reports it). */
  health: StorageHealth;
  store: ReadModelStore;
  /** Which adapters are in use, for logs and /readyz. */
  describe: { log: 'sqlite' | 'eventstoredb' | 'memory'; readModels: 'sqlite' | 'mongodb' | 'memory' };
  /** The read models' MongoDB connection, with MONGO_URL: other parts share it (the login throttle). */
  mongo?: { client: MongoClient; dbName: string };
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

export interface OpenOptions {
  /** Wraps the adapter's log before it is monitored (tests inject storage faults here). */
  beneath?: (log: EventLog) => EventLog;
  /**
   * Serve read-model reads from memory, kept exact by the embedded store's change feed (a server's
   * request path). Off for one-off commands; the MongoDB store is always read directly.
   */
  cacheReads?: boolean;
  /**
   * Commit the embedded log's appends on a writer thread (a server: the fsync of a group commit then never
   * blocks the event loop that answers HTTP). Off for one-off commands.
   */
  writerThread?: boolean;
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

/**
 * The scale-out adapters, loaded only when configured: their client libraries take about 20 MB of memory each
 * in every thread that loads them (MongoDB's BSON keeps a 17 MB buffer), which the embedded default never uses.
 */
const adapters = {
  eventStoreDb: (): typeof import('../eventlog/eventstoredb-event-log') =>
    require('../eventlog/eventstoredb-event-log'),
  mongoKeyStore: (): typeof import('../privacy/mongo-key-store') => require('../privacy/mongo-key-store'),
  mongoReadModels: (): typeof import('../readmodels/mongo-read-models') =>
    require('../readmodels/mongo-read-models'),
};

/**
 * The data keys of this deployment: `keys.db` under DATABASE_DIR (default DATA_DIR), or MongoDB's `dataKeys`;
 * the master key is MASTER_KEY, else the one generated into DATA_DIR.
 */
export async function openDataKeys(config: StorageConfig): Promise<DataKeys> {
  const keysFile = join(databaseDirOf(config), 'keys.db');
  const keyStore: KeyStore = config.mongoUrl
    ? await adapters.mongoKeyStore().MongoKeyStore.connect(config.mongoUrl, config.mongoDb)
    : opened(keysFile, () => new SqliteKeyStore({ file: privateDatabaseFile(keysFile) }));
  return new DataKeys(
    keyStore,
    opened(config.dataDir, () => loadMasterKey({ ...config, masterKey: config.masterKey })),
  );
}

/**
 * Opens the two storage ports: embedded SQLite files under DATABASE_DIR (default DATA_DIR) unless
 * EVENTSTORE_URL / MONGO_URL are set. A log written by a release from before personal data was encrypted is
 * refused (`ClearPersonalDataError`, whose message tells the operator to run the migration) before anything
 * else is opened or created.
 */
export async function openStorage(config: StorageConfig, options: OpenOptions = {}): Promise<Storage> {
  const databaseDir = databaseDirOf(config);
  const needsDataDir = !config.eventstoreUrl || !config.mongoUrl;
  if (needsDataDir) opened(databaseDir, () => ensureDataDir({ dataDir: databaseDir }));
  const eventsFile = join(databaseDir, 'events.db');
  const readModelsFile = join(databaseDir, 'read-models.db');
  const stored = sealedEvents(personalFields);
  const adapterLog: EventLog = config.eventstoreUrl
    ? new (adapters.eventStoreDb().EventStoreDbEventLog)(config.eventstoreUrl, { events: stored })
    : opened(
        eventsFile,
        () =>
          new SqliteEventLog({
            file: privateDatabaseFile(eventsFile),
            events: stored,
            writerThread: options.writerThread === true,
            // The HTTP server's turn gate: appends' callers carry on within each turn's budget.
            settle: (work) => turns.later(work),
          }),
      );
  const clear = await firstClearPersonalField(adapterLog, personalFields).catch(async (error: unknown) => {
    await adapterLog.close();
    throw error;
  });
  if (clear) {
    await adapterLog.close();
    throw new ClearPersonalDataError(config.eventstoreUrl ? 'The EventStoreDB log' : eventsFile, clear);
  }
  // The embedded files' disk: readiness reports it full before SQLite runs out of pages to write into.
  const freeBytes = config.eventstoreUrl
    ? undefined
    : () => {
        const { bavail, bsize } = statfsSync(databaseDir);
        return bavail * bsize;
      };
  const { log: storedLog, health } = monitoredLog(
    options.beneath ? options.beneath(adapterLog) : adapterLog,
    freeBytes,
  );
  const keys = await openDataKeys(config);
  const log = new EncryptingEventLog<DomainEvent>(storedLog as EventLog<TaggedEvent>, keys, {
    events: domainEvents,
    fields: personalFields,
    subjectOf: dataSubjectOf,
    erasedSubjectsOf,
  });
  const mongoStore = config.mongoUrl
    ? await adapters.mongoReadModels().MongoReadModelStore.connect(config.mongoUrl, config.mongoDb)
    : undefined;
  const store: ReadModelStore =
    mongoStore ??
    opened(readModelsFile, () => {
      const sqlite = new SqliteReadModelStore({ file: privateDatabaseFile(readModelsFile) });
      return options.cacheReads ? new CachedReadModelStore(sqlite, sqlite.changeFeed()) : sqlite;
    });
  return {
    log,
    storedLog,
    keys,
    health,
    store,
    describe: {
      log: config.eventstoreUrl ? 'eventstoredb' : 'sqlite',
      readModels: config.mongoUrl ? 'mongodb' : 'sqlite',
    },
    ...(mongoStore ? { mongo: { client: mongoStore.mongoClient, dbName: mongoStore.databaseName } } : {}),
    close: async () => {
      await store.close();
      await keys.close();
      await log.close();
    },
  };
}
