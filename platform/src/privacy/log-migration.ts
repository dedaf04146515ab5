/**
 * Upgrading a log written before personal data was encrypted (README, "Upgrading a data folder"): the old
 * log is copied, event by event and in order, into a new empty log with every personal field sealed under
 * its data subject's key. Event ids, streams, revisions, types, the non-personal data and the metadata stay
 * as they were; the hashes are the new log's own (sealing changes what they cover), so the new log ends with
 * an `EventLogMigrated` record of the old file's stream heads, which anyone holding the old file can check.
 */
import {
  type EventLogMigrated,
  type PersonalFieldTable,
  type SignedStreamHead,
  streamId,
  streams,
} from '@tickwise/contracts';
import { headLeaf, MerkleTree } from '../checkpoints/merkle-tree';
import { GENESIS_HASH, recomputedHash } from '../eventlog/hash-chain';
import { type EventLog, type NewEvent, type RecordedEvent, START, type TaggedEvent } from '../eventlog/port';
import type { DataKeys } from './data-keys';
import { sealPersonalFields } from './encrypting-event-log';
import { isSealed } from './sealed-field';

/** Where the log holds a personal field in the clear. */
export interface ClearPersonalField {
  stream: string;
  revision: number;
  type: string;
  field: string;
}

/**
 * The first personal field the log stores in the clear, if any: reads the events of the listed types in
 * log order up to the first that holds a personal field (a log that was ever written in the clear starts
 * that way, since the encryption layer's adapters refuse clear personal data), so it costs one short read.
 */
export async function firstClearPersonalField(
  log: EventLog<TaggedEvent>,
  fields: PersonalFieldTable,
): Promise<ClearPersonalField | undefined> {
  const types = Object.keys(fields);
  // A damaged event tells nothing either way: the next one that reads decides (the integrity scan reports it).
  const skip = () => undefined;
  for await (const batch of log.readAll({ types, batchSize: 100, personalData: false, onUnreadable: skip })) {
    for (const event of batch) {
      const data = event.data as Record<string, unknown>;
      const field = Object.keys(fields[event.type] ?? {}).find((name) => data[name] !== undefined);
      if (field === undefined) continue;
      if (isSealed(data[field])) return undefined;
      return { stream: event.stream, revision: event.revision, type: event.type, field };
    }
  }
  return undefined;
}

/** The log holds personal data in the clear: it must be migrated before Tickwise uses it. */
export class ClearPersonalDataError extends Error {
  override readonly name = 'ClearPersonalDataError';
  constructor(
    readonly where: string,
    readonly found: ClearPersonalField,
  ) {
    super(
      `${where} holds personal data in the clear (${found.type}.${found.field} in ${found.stream}, revision ${found.revision}): ` +
        'it was written by a release of Tickwise from before personal data was encrypted. Stop Tickwise, back up ' +
        'DATA_DIR, then run `npm run admin -- migrate-encryption` to encrypt it (README, "Upgrading a data folder").',
    );
  }
}

/** A log whose hash chain is broken is not migrated: what it would carry over could not be vouched for. */
export class BrokenChainError extends Error {
  override readonly name = 'BrokenChainError';
  constructor(
    readonly stream: string,
    readonly revision: number,
    reason: string,
  ) {
    super(`Stream ${stream} is broken at revision ${revision}: ${reason}`);
  }
}

/**
 * Follows a log in order, checks every stream's hash chain as it goes (revision, prevHash, hash) and keeps
 * each stream's head: one pass verifies a whole log and gives the heads a migration records.
 */
export class ChainHeads {
  private readonly heads = new Map<string, { revision: number; hash: string }>();
  events = 0;

  follow(event: RecordedEvent<TaggedEvent>): void {
    const head = this.heads.get(event.stream);
    const { hash, ...rest } = event.metadata;
    const expectedRevision = head ? head.revision + 1 : 0;
    if (event.revision !== expectedRevision)
      throw new BrokenChainError(event.stream, event.revision, `revision ${expectedRevision} was expected`);
    if (rest.prevHash !== (head?.hash ?? GENESIS_HASH))
      throw new BrokenChainError(event.stream, event.revision, 'prevHash does not match the previous event');
    if (recomputedHash(event) !== hash)
      throw new BrokenChainError(event.stream, event.revision, 'content does not match its hash');
    this.heads.set(event.stream, { revision: event.revision, hash });
    this.events += 1;
  }

  get streams(): number {
    return this.heads.size;
  }

  /** The stream heads in stream-name order, as the leaves of the record's tree. */
  sortedHeads(): SignedStreamHead[] {
    return [...this.heads]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([stream, head]) => ({ stream, ...head }));
  }

  /** RFC 9162 root over the heads in stream-name order (hex). */
  root(): string {
    const tree = new MerkleTree();
    tree.setLeaves(this.sortedHeads().map((head, index) => [index, headLeaf(head)] as const));
    return tree.root().toString('hex');
  }
}

/** Reads a whole log through `ChainHeads`: throws `BrokenChainError` at the first broken chain. */
export async function verifiedHeads(
  log: EventLog<TaggedEvent>,
  options: { skip?: ReadonlySet<string>; progress?: (events: number, position: string) => void } = {},
): Promise<ChainHeads> {
  const heads = new ChainHeads();
  for await (const batch of log.readAll({ batchSize: 2000, personalData: false })) {
    for (const event of batch) if (!options.skip?.has(event.stream)) heads.follow(event);
    options.progress?.(heads.events, batch[batch.length - 1]?.position ?? START);
  }
  return heads;
}

export interface LogMigration {
  /** The old log, as stored (personal fields in the clear, or some already sealed). */
  source: EventLog<TaggedEvent>;
  /** The new log, empty, as stored: the adapter below the encryption layer. */
  target: EventLog<TaggedEvent>;
  keys: DataKeys;
  fields: PersonalFieldTable;
  subjectOf: (stream: string, data: unknown) => string | undefined;
  /** The old file's name after the migration, for the record. */
  previousFile: string;
  /** The old log's newest signed checkpoint (number and hash), if any. */
  previousCheckpoint: EventLogMigrated['previousCheckpoint'];
  now: () => Date;
  /** Called after each batch with the events copied so far and the old log's position reached. */
  progress?: (copied: number, position: string) => void;
}

/** Streams the copy leaves behind: the old signed checkpoints sign the old hashes, not the new ones. */
const NOT_COPIED: ReadonlySet<string> = new Set([streams.checkpoints()]);

/**
 * Copies the old log into the new one with every personal field sealed (fields already sealed are kept as
 * they are), checking every old chain on the way; appends the `EventLogMigrated` record; then destroys the
 * keys of learners the old log already records as erased, so what was in the clear of them reads as erased.
 */
export async function migrateLog(migration: LogMigration): Promise<EventLogMigrated> {
  const { source, target, keys } = migration;
  if ((await target.headPosition()) !== START) throw new Error('the new log must be empty');
  const heads = new ChainHeads();
  const erased = new Set<string>();
  /** Erased learners' released addresses: their failed logins' key goes too. */
  const released = new Map<string, string>();
  let lastPosition = START;
  for await (const batch of source.readAll({ batchSize: 1000, personalData: false })) {
    const appends: Promise<unknown>[] = [];
    for (const event of batch) {
      lastPosition = event.position;
      if (NOT_COPIED.has(event.stream)) continue;
      heads.follow(event);
      if (event.type === 'LearnerErased') erased.add(streamId('user', event.stream));
      if (event.type === 'EmailReleased')
        released.set((event.data as { userId: string }).userId, streamId('email', event.stream));
      const { prevHash: _prev, hash: _hash, ...metadata } = event.metadata;
      const copy: NewEvent<TaggedEvent> = {
        eventId: event.eventId,
        type: event.type,
        data: event.data,
        metadata,
      };
      const sealed = await sealPersonalFields(keys, migration, event.stream, copy, { keepSealed: true });
      // Appends queued in one turn commit together; each keeps the old revision, so the copy is exact.
      appends.push(
        target.appendToStream(event.stream, [sealed], {
          expectedRevision: event.revision === 0 ? 'no_stream' : event.revision - 1,
        }),
      );
    }
    await Promise.all(appends);
    migration.progress?.(heads.events, lastPosition);
  }
  const at = migration.now().toISOString();
  const record: EventLogMigrated = {
    migration: 'personal-data-encryption',
    previousFile: migration.previousFile,
    migratedAt: at,
    events: heads.events,
    streams: heads.streams,
    previousPosition: lastPosition,
    headsRoot: heads.root(),
    previousCheckpoint: migration.previousCheckpoint,
  };
  const correlationId = `log-migration:${at}`;
  await target.appendToStream(
    streams.migrations(),
    [
      {
        type: 'EventLogMigrated',
        data: record,
        metadata: {
          correlationId,
          causationId: correlationId,
          actor: 'system:log-migration',
          occurredAt: at,
          schemaVersion: 1,
        },
      },
    ],
    { expectedRevision: 'any' },
  );
  for (const userId of erased) {
    const address = released.get(userId);
    if (address) await keys.destroy(streams.login(address), new Date(at));
    await keys.destroy(userId, new Date(at));
  }
  return record;
}

/** Does the old file still hold exactly the log the record names (every chain intact, same heads)? */
export async function matchesRecord(
  previous: EventLog<TaggedEvent>,
  record: EventLogMigrated,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  let heads: ChainHeads;
  try {
    heads = await verifiedHeads(previous, { skip: NOT_COPIED });
  } catch (error) {
    if (error instanceof BrokenChainError) return { ok: false, reason: error.message };
    throw error;
  }
  if (heads.events !== record.events || heads.streams !== record.streams)
    return {
      ok: false,
      reason: `it holds ${heads.events} events in ${heads.streams} streams, the record ${record.events} in ${record.streams}`,
    };
  if (heads.root() !== record.headsRoot)
    return { ok: false, reason: 'its stream heads do not give the recorded root' };
  return { ok: true };
}
