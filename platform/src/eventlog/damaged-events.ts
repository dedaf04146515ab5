import { streamPrefixes } from '@tickwise/contracts';
import type { Doc, ReadModelStore, WriteOp } from '../readmodels/port';
import { GENESIS_HASH, recomputedHash } from './hash-chain';
import { CorruptEventError, type EventLog, type RecordedEvent, type TaggedEvent } from './port';

/**
 * The stored events found damaged, one document per stream (its first damaged revision): kept in the
 * read-model store, where every process and thread of a deployment sees them. The learner whose stream holds
 * one is answered 503 (see `fenceDamagedRecords`), projections skip the event, and `npm run projections --
 * status` lists them. Never edited by hand: the integrity scan at start writes the list anew.
 */
export const DAMAGED_EVENTS = 'damaged-events';

export interface DamagedEvent extends Doc {
  /** The stream's name. */
  id: string;
  stream: string;
  revision: number;
  /** Its global position, when the reader knew it. */
  position: string | null;
  reason: string;
  /** The learner whose records the stream holds; null for a stream of no one (the catalog, the checkpoints). */
  userId: string | null;
  /** Who found it: 'integrity scan', a projection's name, 'checkpoints', a process manager. */
  foundBy: string;
  foundAt: string;
}

/** Streams named after the learner they belong to (the e-mail and login streams are named by a hash). */
const personalPrefixes = [
  streamPrefixes.user,
  streamPrefixes.learning,
  streamPrefixes.compliance,
  streamPrefixes.psychology,
];

/** The learner whose records `stream` holds, when its name says so. */
export function learnerOfStream(stream: string): string | null {
  const prefix = personalPrefixes.find((p) => stream.startsWith(p));
  return prefix ? stream.slice(prefix.length) : null;
}

export function damagedEventOf(error: CorruptEventError, foundBy: string, now = new Date()): DamagedEvent {
  return {
    id: error.stream,
    stream: error.stream,
    revision: error.revision,
    position: error.position ?? null,
    reason: error.reason,
    userId: learnerOfStream(error.stream),
    foundBy,
    foundAt: now.toISOString(),
  };
}

/**
 * Records damaged events as their readers meet them, each stream once per process: a reader that skips
 * one (`onUnreadable`) reports it here, and the store keeps the first damaged revision of its stream.
 */
export class DamagedEventRecorder {
  private readonly known = new Set<string>();
  constructor(
    private readonly store: ReadModelStore,
    private readonly onFound: (event: DamagedEvent) => void = () => undefined,
  ) {}

  /** Whether this is news (first time seen here); the write to the store is best effort. */
  record(error: CorruptEventError, foundBy: string): boolean {
    const key = `${error.stream}\u0000${error.revision}`;
    if (this.known.has(key)) return false;
    this.known.add(key);
    const found = damagedEventOf(error, foundBy);
    this.onFound(found);
    void (async () => {
      const stored = await this.store.get<DamagedEvent>(DAMAGED_EVENTS, found.id);
      if (stored && stored.revision <= found.revision) return;
      await this.store.commit([{ kind: 'upsert', collection: DAMAGED_EVENTS, doc: found }]);
    })().catch(() => {
      // The store cannot take it now (a full disk): the integrity scan of the next start records it.
      this.known.delete(key);
    });
    return true;
  }
}

export function listDamagedEvents(store: ReadModelStore): Promise<DamagedEvent[]> {
  return store.find<DamagedEvent>(DAMAGED_EVENTS, { sort: [{ field: 'stream', direction: 'asc' }] });
}

/**
 * Reads the whole stored log (personal fields as stored, which is what the hash chain covers) and checks every
 * event: that it can be read, and that it extends its stream's hash chain with the hash its content gives. The
 * first damaged event of each stream is reported and recorded; what the previous scan recorded and is no longer
 * damaged (a restored backup) is removed. Runs beside the serving process, in small steps.
 */
export async function scanLogIntegrity(
  log: EventLog<TaggedEvent>,
  store: ReadModelStore,
  options: {
    onDamaged?: (event: DamagedEvent) => void;
    signal?: AbortSignal;
    batchSize?: number;
  } = {},
): Promise<{ events: number; damaged: DamagedEvent[] }> {
  await store.ensureCollection({ name: DAMAGED_EVENTS });
  const heads = new Map<string, { revision: number; hash: string }>();
  const damaged = new Map<string, DamagedEvent>();
  let events = 0;
  const found = (error: CorruptEventError) => {
    if (damaged.has(error.stream)) return;
    const event = damagedEventOf(error, 'integrity scan');
    damaged.set(error.stream, event);
    options.onDamaged?.(event);
  };
  /** Why `event` breaks its stream's chain, or undefined when it extends it (and becomes its head). */
  const problemOf = (event: RecordedEvent<TaggedEvent>): string | undefined => {
    const head = heads.get(event.stream);
    const expected = head ? head.revision + 1 : 0;
    if (event.revision !== expected) return `revision ${expected} is missing`;
    const { hash, prevHash } = event.metadata;
    if (prevHash !== (head?.hash ?? GENESIS_HASH))
      return 'it does not extend its stream (prevHash does not match)';
    if (recomputedHash(event) !== hash) return 'its content does not match its hash: it was changed';
    heads.set(event.stream, { revision: event.revision, hash });
    return undefined;
  };
  for await (const batch of log.readAll({
    batchSize: options.batchSize ?? 2000,
    personalData: false,
    onUnreadable: found,
  })) {
    if (options.signal?.aborted) break;
    for (const event of batch) {
      events += 1;
      if (damaged.has(event.stream)) continue;
      try {
        const problem = problemOf(event);
        if (problem) found(new CorruptEventError(event.stream, event.revision, problem, event.position));
      } catch (error) {
        // Metadata that is not JSON, or content that cannot be hashed.
        found(new CorruptEventError(event.stream, event.revision, (error as Error).message, event.position));
      }
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!options.signal?.aborted) {
    const before = await listDamagedEvents(store);
    const writes: WriteOp[] = [
      ...before
        .filter((old) => !damaged.has(old.id))
        .map((old): WriteOp => ({ kind: 'delete', collection: DAMAGED_EVENTS, id: old.id })),
      ...[...damaged.values()].map((doc): WriteOp => ({ kind: 'upsert', collection: DAMAGED_EVENTS, doc })),
    ];
    if (writes.length > 0) await store.commit(writes);
  }
  return { events, damaged: [...damaged.values()] };
}
