/**
 * `npm run admin -- migrate-encryption`: upgrades a data folder written by the release before personal data
 * was encrypted (README, "Upgrading a data folder"). The log is copied into an encrypted one and checked
 * (platform's `migrateDataDir`); then every read model is rebuilt from it and compared with the one the old
 * log had built, and a first signed checkpoint is made over the new log. Running it again changes nothing: it
 * says when the folder was migrated and whether the old file still matches the record.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  canonicalJson,
  comparePositions,
  migrateDataDir,
  openStorage,
  PRE_ENCRYPTION,
  type ReadModelStore,
  SqliteReadModelStore,
  type StorageConfig,
  startCheckpointWriter,
} from '@tickwise/platform';
import { allProjections, physicalName, readState, rebuild } from '@tickwise/projections';

const count = (n: number) => n.toLocaleString('en-US');

/** Documents of every projection rebuilt at the same version as before: the same, or how many differ. */
export async function compareReadModels(
  before: ReadModelStore,
  after: ReadModelStore,
  out: (line: string) => void,
): Promise<number> {
  let differences = 0;
  for (const projection of allProjections) {
    const [old, now] = [await readState(before, projection.name), await readState(after, projection.name)];
    if (!old || !now) continue;
    if (old.activeVersion !== now.activeVersion) {
      out(
        `  ${projection.name}: version ${old.activeVersion} before, ${now.activeVersion} now (not compared)`,
      );
      continue;
    }
    let documents = 0;
    let differ = 0;
    for (const { name } of projection.collections) {
      const rebuilt = new Map(
        (await after.find(physicalName(projection.name, now.activeGeneration, name))).map((doc) => [
          doc.id,
          canonicalJson(doc),
        ]),
      );
      const previous = await before.find(physicalName(projection.name, old.activeGeneration, name));
      documents += previous.length;
      for (const doc of previous) if (rebuilt.get(doc.id) !== canonicalJson(doc)) differ += 1;
      differ += Math.max(0, rebuilt.size - previous.length);
    }
    differences += differ;
    out(
      `  ${projection.name}: ${count(documents)} documents, ${differ === 0 ? 'the same as before' : `${count(differ)} differ`}`,
    );
  }
  return differences;
}

export async function migrateEncryption(
  config: StorageConfig & { checkpointSigningKey: string | undefined },
  out: (line: string) => void,
  now: () => Date = () => new Date(),
): Promise<number> {
  let lastLine = 0;
  const throttled = (line: string, final = false) => {
    if (!final && Date.now() - lastLine < 1000) return;
    lastLine = Date.now();
    out(line);
  };
  const result = await migrateDataDir(config, {
    now,
    progress: (copied, position, of) =>
      throttled(
        `migrate-encryption: ${count(copied)} events copied (position ${position} of ${of})`,
        position === of,
      ),
    verifying: (events) => throttled(`migrate-encryption: ${count(events)} events of the new log verified`),
  });
  if (result.outcome === 'nothing-to-do') {
    out(`Nothing to do: ${result.reason}.`);
    return 0;
  }
  const { record } = result;
  if (result.outcome === 'already-migrated') {
    out(
      `Already migrated on ${record.migratedAt} (${count(record.events)} events, ${count(record.streams)} streams); nothing changed.`,
    );
    const old = join(config.dataDir, record.previousFile);
    out(
      result.previous.ok
        ? `${old} still matches the record: every chain intact, heads root ${record.headsRoot}.`
        : `${old} no longer matches the record: ${result.previous.reason}.`,
    );
    return result.previous.ok ? 0 : 1;
  }
  out(
    `Encrypted ${count(record.events)} events of ${count(record.streams)} streams; every chain of the new log verified.`,
  );
  out(`The old log's heads are recorded in log-migrations (root ${record.headsRoot}).`);
  const storage = await openStorage(config);
  try {
    for (const projection of allProjections) {
      const done = await rebuild(storage, projection, {
        onProgress: (p) =>
          throttled(`migrate-encryption: rebuilding ${p.projection} ${(p.fraction * 100).toFixed(0)}%`),
      });
      out(`migrate-encryption: ${projection.name} rebuilt from ${count(done.events)} events`);
    }
    const setAside = join(config.dataDir, PRE_ENCRYPTION.readModels);
    if (result.readModelsSetAside && existsSync(setAside)) {
      out('Read models rebuilt from the new log, compared with those of the old one:');
      const before = new SqliteReadModelStore({ file: setAside });
      try {
        await compareReadModels(before, storage.store, out);
      } finally {
        await before.close();
      }
    }
    const checkpoints = await startCheckpointWriter(
      storage.storedLog,
      { ...config, checkpointIntervalSeconds: 0 },
      (error) => out(`Signed checkpoint not made: ${error.message}`),
    );
    // The first checkpoint of the new log covers all of it, the record included.
    const head = await storage.storedLog.headPosition();
    const deadline = Date.now() + 300_000;
    const behind = () => {
      const at = checkpoints.followed;
      return at === undefined || comparePositions(at, head) < 0;
    };
    while (behind() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await checkpoints.stop();
  } finally {
    await storage.close();
  }
  out(
    `Done. The old files are kept beside the new ones: ${PRE_ENCRYPTION.events}${result.readModelsSetAside ? `, ${PRE_ENCRYPTION.readModels}` : ''} ` +
      'and the old checkpoint head. They hold personal data in the clear: once Tickwise runs well on the new log, ' +
      'keep a copy where the law and your policy require and delete them from DATA_DIR.',
  );
  return 0;
}
