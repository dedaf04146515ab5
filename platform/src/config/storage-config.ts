import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/** Everything the processes read from the environment, in one place (documented in README.md). */
export interface StorageConfig {
  /** Folder for the embedded SQLite files and generated secrets (`DATA_DIR`, default ./data). */
  dataDir: string;
  /**
   * Folder of the embedded databases, `events.db`, `read-models.db` and `keys.db` (`DATABASE_DIR`, default
   * DATA_DIR). Processes with their own DATA_DIR (own generated secrets, own checkpoint head file) can share one
   * embedded storage through it, as the scale-out's containers share EventStoreDB and MongoDB.
   */
  databaseDir?: string | undefined;
  /** EventStoreDB connection string (`EVENTSTORE_URL`); unset → the embedded SQLite event log. */
  eventstoreUrl: string | undefined;
  /** MongoDB connection string (`MONGO_URL`, a replica set); unset → the embedded SQLite read models. */
  mongoUrl: string | undefined;
  /** MongoDB database name (`MONGO_DB`, default tickwise). */
  mongoDb: string;
  /** The key that wraps every learner's data key (`MASTER_KEY`, 64 hex); unset → generated into DATA_DIR. */
  masterKey?: string | undefined;
}

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  return {
    dataDir: resolve(nonEmpty(env.DATA_DIR) ?? 'data'),
    databaseDir: resolve(nonEmpty(env.DATABASE_DIR) ?? nonEmpty(env.DATA_DIR) ?? 'data'),
    eventstoreUrl: nonEmpty(env.EVENTSTORE_URL),
    mongoUrl: nonEmpty(env.MONGO_URL),
    mongoDb: nonEmpty(env.MONGO_DB) ?? 'tickwise',
    masterKey: nonEmpty(env.MASTER_KEY),
  };
}

/** Creates the data folder (owner-only, 0700) when it does not exist yet. */
export function ensureDataDir(config: Pick<StorageConfig, 'dataDir'>): string {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  return config.dataDir;
}

/** The folder of the embedded databases: DATABASE_DIR, else DATA_DIR. */
export const databaseDirOf = (config: Pick<StorageConfig, 'dataDir' | 'databaseDir'>): string =>
  config.databaseDir ?? config.dataDir;
