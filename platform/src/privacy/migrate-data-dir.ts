/**
 * The migration of an embedded data folder from the release before personal-data encryption
 * (`npm run admin -- migrate-encryption`, README "Upgrading a data folder"): DATA_DIR/events.db is copied
 * into a new, encrypted log, which then takes its name; the old file stays beside it, renamed, until the
 * operator deletes it. The read models (rebuilt by the caller) and the checkpoint head file of the old log are
 * set aside the same way. Safe to run again: a migrated folder is only checked against its record.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  dataSubjectOf,
  decode,
  type EventLogMigrated,
  EventLogMigrated as EventLogMigratedCodec,
  isLeft,
  LogCheckpointSigned,
  personalFields,
  streams,
} from '@tickwise/contracts';
import Database from 'better-sqlite3';
import { CHECKPOINT_HEAD_FILE, checkpointHash } from '../checkpoints/checkpoint';
import type { StorageConfig } from '../config/storage-config';
import { anyEvents } from '../eventlog/decode';
import type { EventLog, TaggedEvent } from '../eventlog/port';
import { SqliteEventLog } from '../eventlog/sqlite-event-log';
import { openDataKeys, privateDatabaseFile } from '../storage/open-storage';
import { sealedEvents } from './encrypting-event-log';
import { firstClearPersonalField, matchesRecord, migrateLog, verifiedHeads } from './log-migration';

/** What the old files are renamed to. */
export const PRE_ENCRYPTION = {
  events: 'events.pre-encryption.db',
  readModels: 'read-models.pre-encryption.db',
  checkpointHead: 'checkpoint-head.pre-encryption.json',
} as const;
const EVENTS = 'events.db';
const READ_MODELS = 'read-models.db';
/** The new log while it is written: it becomes events.db only once complete and verified. */
const IN_PROGRESS = 'events.encrypting.db';

export type DataDirMigration =
  | { outcome: 'migrated'; record: EventLogMigrated; readModelsSetAside: boolean }
  | {
      outcome: 'already-migrated';
      record: EventLogMigrated;
      previous: { ok: true } | { ok: false; reason: string };
    }
  | { outcome: 'nothing-to-do'; reason: string };

/** A migration that cannot start: the message says why and what to do. */
export class MigrationRefusedError extends Error {
  override readonly name = 'MigrationRefusedError';
}

const withSidecars = (file: string) => [file, `${file}-wal`, `${file}-shm`];

/** Renames a SQLite file with its write-ahead log and shared-memory files, if they exist. */
function renameDatabase(from: string, to: string): void {
  for (const [source, target] of [
    [from, to],
    [`${from}-wal`, `${to}-wal`],
    [`${from}-shm`, `${to}-shm`],
  ] as const)
    if (existsSync(source)) renameSync(source, target);
}

/** The migration record of a log, if it has one. */
async function recordOf(log: EventLog<TaggedEvent>): Promise<EventLogMigrated | undefined> {
  const [last] = await log.readStream(streams.migrations(), { direction: 'backwards', maxCount: 1 });
  if (!last) return undefined;
  const decoded = decode(EventLogMigratedCodec, last.data);
  return isLeft(decoded) ? undefined : decoded.right;
}

/** The old log's newest signed checkpoint: its number and hash, for the record. */
async function newestCheckpoint(log: EventLog<TaggedEvent>): Promise<EventLogMigrated['previousCheckpoint']> {
  const [last] = await log.readStream(streams.checkpoints(), { direction: 'backwards', maxCount: 1 });
  if (!last) return null;
  const decoded = decode(LogCheckpointSigned, last.data);
  if (isLeft(decoded)) return null;
  const { statement, signature } = decoded.right;
  return { seq: statement.seq, hash: checkpointHash({ statement, signature }) };
}

/**
 * Holds the old log's write lock for the whole copy, so nothing can be appended to it meanwhile; refuses at
 * once when another process is writing (Tickwise still running).
 */
function writeLock(file: string): { release(): void } {
  const db = new Database(file);
  db.pragma('busy_timeout = 0');
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch {
    db.close();
    throw new MigrationRefusedError(
      `${file} is being written by another process: stop Tickwise, then run the migration again.`,
    );
  }
  return {
    release() {
      if (!db.open) return;
      db.exec('ROLLBACK');
      db.close();
    },
  };
}

export interface DataDirMigrationOptions {
  now?: () => Date;
  /** Progress of the copy (events copied, old log position reached, old log's last position). */
  progress?: (copied: number, position: string, of: string) => void;
  /** Progress of the verification of the new log (events verified). */
  verifying?: (events: number) => void;
}

/**
 * Migrates DATA_DIR/events.db in place (see the file's comment). The steps, each safe to repeat:
 * copy into events.encrypting.db (a leftover one from an interrupted run is discarded), verify every chain of
 * the copy, then rename events.db → events.pre-encryption.db and the copy → events.db, and set aside
 * read-models.db and checkpoint-head.json (they were built from, and sign, the old log).
 */
export async function migrateDataDir(
  config: StorageConfig,
  options: DataDirMigrationOptions = {},
): Promise<DataDirMigration> {
  if (config.eventstoreUrl)
    throw new MigrationRefusedError(
      'The migration upgrades the embedded log (DATA_DIR/events.db). Unset EVENTSTORE_URL to run it on the embedded storage.',
    );
  const dir = config.dataDir;
  const file = (name: string) => join(dir, name);
  const previousFile = file(PRE_ENCRYPTION.events);
  const inProgress = file(IN_PROGRESS);

  // An earlier run that stopped between its two renames: the verified copy is complete; finish the swap.
  if (existsSync(previousFile) && !existsSync(file(EVENTS)) && existsSync(inProgress)) {
    renameDatabase(inProgress, file(EVENTS));
    return { ...(await alreadyMigrated(dir)), outcome: 'migrated', readModelsSetAside: setAsideDerived(dir) };
  }
  if (!existsSync(file(EVENTS))) return { outcome: 'nothing-to-do', reason: `there is no ${file(EVENTS)}` };
  if (existsSync(previousFile)) return alreadyMigrated(dir);

  const source = new SqliteEventLog<TaggedEvent>({ file: file(EVENTS), events: anyEvents });
  const lock = (() => {
    try {
      return writeLock(file(EVENTS));
    } catch (error) {
      void source.close();
      throw error;
    }
  })();
  try {
    if (!(await firstClearPersonalField(source, personalFields))) {
      return { outcome: 'nothing-to-do', reason: `${file(EVENTS)} holds no personal data in the clear` };
    }
    for (const leftover of withSidecars(inProgress)) rmSync(leftover, { force: true });
    const keys = await openDataKeys(config);
    const target = new SqliteEventLog<TaggedEvent>({
      file: privateDatabaseFile(inProgress),
      events: sealedEvents(personalFields) as never,
    });
    let record: EventLogMigrated;
    try {
      const last = await source.headPosition();
      record = await migrateLog({
        source,
        target,
        keys,
        fields: personalFields,
        subjectOf: dataSubjectOf,
        previousFile: PRE_ENCRYPTION.events,
        previousCheckpoint: await newestCheckpoint(source),
        now: options.now ?? (() => new Date()),
        progress: (copied, position) => options.progress?.(copied, position, last),
      });
      // Every chain of the copy recomputed from what it stores, before it replaces anything.
      await verifiedHeads(target, { progress: (events) => options.verifying?.(events) });
    } finally {
      await target.close();
      await keys.close();
    }
    lock.release();
    await source.close();
    renameDatabase(file(EVENTS), previousFile);
    renameDatabase(inProgress, file(EVENTS));
    return { outcome: 'migrated', record, readModelsSetAside: setAsideDerived(dir) };
  } finally {
    lock.release();
    await source.close();
  }
}

/**
 * Sets aside what was derived from the old log: its read models (they hold personal data in the clear; the
 * caller rebuilds them) and the head file of its signed checkpoints (the new log signs its own).
 */
function setAsideDerived(dir: string): boolean {
  const head = join(dir, CHECKPOINT_HEAD_FILE);
  if (existsSync(head)) renameSync(head, join(dir, PRE_ENCRYPTION.checkpointHead));
  const readModels = join(dir, READ_MODELS);
  if (!existsSync(readModels)) return false;
  for (const old of withSidecars(join(dir, PRE_ENCRYPTION.readModels))) rmSync(old, { force: true });
  renameDatabase(readModels, join(dir, PRE_ENCRYPTION.readModels));
  return true;
}

/** A folder migrated before: its record, and whether the old file still matches it. */
async function alreadyMigrated(
  dir: string,
): Promise<Extract<DataDirMigration, { outcome: 'already-migrated' }>> {
  const current = new SqliteEventLog<TaggedEvent>({ file: join(dir, EVENTS), events: anyEvents });
  const record = await recordOf(current).finally(() => current.close());
  if (!record)
    throw new MigrationRefusedError(
      `${join(dir, PRE_ENCRYPTION.events)} exists but ${join(dir, EVENTS)} records no migration: move one of them away before migrating again.`,
    );
  const previous = new SqliteEventLog<TaggedEvent>({
    file: join(dir, PRE_ENCRYPTION.events),
    events: anyEvents,
  });
  try {
    return { outcome: 'already-migrated', record, previous: await matchesRecord(previous, record) };
  } finally {
    await previous.close();
  }
}
