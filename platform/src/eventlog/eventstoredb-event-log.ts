import {
  AccessDeniedError,
  type AllStreamSubscription,
  BACKWARDS,
  END,
  START as ES_START,
  type ReadStreamOptions as EsReadStreamOptions,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  type JSONType,
  jsonEvent,
  NO_STREAM,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { DomainEvent } from '@tickwise/contracts';
import { checkAppend, domainEvents, type EventCatalog, typedByTag } from './decode';
import {
  actualRevision,
  appendedRevision,
  encodePosition,
  streamReadOptions,
  toReadPosition,
} from './eventstoredb-mapping';
import { GENESIS_HASH, hashEnvelope, verifyChain } from './hash-chain';
import { newId } from './ids';
import {
  type AppendResult,
  CorruptEventError,
  comparePositions,
  type EventLog,
  type EventMetadata,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  START,
  type StreamVerification,
  type Subscription,
  type TaggedEvent,
  WrongExpectedRevisionError,
} from './port';

export interface EventStoreDbEventLogOptions<E extends TaggedEvent = DomainEvent> {
  /** The events the log holds; the product's `DomainEvent`s unless given. */
  events?: EventCatalog<E>;
  /** First delay before re-subscribing after a dropped subscription; doubles up to `maxBackoffMs`. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often an append with expectedRevision 'any' re-reads the stream and retries after a conflict. */
  maxAnyRetries?: number;
}

/** The fields of the client's recorded event that this adapter uses (stream reads and $all reads alike). */
interface EsRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  isJson: boolean;
  data: unknown;
  metadata: unknown;
  /** Always present on $all reads; on stream reads only from servers newer than 22.6. */
  position?: { commit: bigint; prepare: bigint };
}

type StoredMetadata = RecordedEvent<TaggedEvent>['metadata'];

/** Events per page when the adapter pages through a stream or $all itself (always ≥ 2, see `readAll`). */
const PAGE = 500;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The metadata every event written by this adapter carries (EventMetadata + the hash chain). */
function isStoredMetadata(value: unknown): value is StoredMetadata {
  return (
    isObject(value) &&
    typeof value.prevHash === 'string' &&
    typeof value.hash === 'string' &&
    typeof value.correlationId === 'string' &&
    typeof value.causationId === 'string' &&
    typeof value.actor === 'string' &&
    typeof value.occurredAt === 'string' &&
    typeof value.schemaVersion === 'number'
  );
}

const isJsonType = (value: unknown): value is JSONType =>
  typeof value === 'string' || Array.isArray(value) || isObject(value);

/** System events ('$'-types, '$'-streams, links) and anything not written by this adapter are skipped. */
function isOurs(record: EsRecord): boolean {
  return (
    record.isJson &&
    !record.type.startsWith('$') &&
    !record.streamId.startsWith('$') &&
    isStoredMetadata(record.metadata)
  );
}

function positionOf(record: EsRecord): Position {
  if (!record.position) {
    throw new Error(
      `EventStoreDB returned no position for ${record.streamId}@${record.revision}: the adapter needs a server ≥ 22.6`,
    );
  }
  return encodePosition(record.position);
}

/** A record of ours → the stored event, not yet typed (callers check `isOurs` first). */
function toRecorded(record: EsRecord): RecordedEvent<TaggedEvent> {
  if (!isStoredMetadata(record.metadata)) {
    throw new Error(`event ${record.id} in ${record.streamId} was not written by this adapter`);
  }
  return {
    eventId: record.id,
    stream: record.streamId,
    revision: Number(record.revision),
    type: record.type,
    data: record.data,
    metadata: record.metadata,
    position: positionOf(record),
  };
}

/**
 * The scale-out event log on EventStoreDB (`@eventstore/db-client` 6.2, server ≥ 22.6 so that stream reads
 * carry positions). Positions are `${commit}/${prepare}` strings (both are bigints), which `comparePositions`
 * orders. Every event is JSON with JSON metadata: the caller's EventMetadata plus `prevHash` and `hash`, the
 * same per-stream hash chain as the SQLite adapter.
 *
 * Because the next revision and the previous hash must be known before writing, an append first reads the
 * stream's last event, then appends with exactly that revision as the expected revision. The server rejects
 * the append if anything was written in between, so the chain can never fork: an exact (or 'no_stream')
 * expectation that does not match what was read fails without writing; 'any' re-reads and retries.
 *
 * Reading $all (readAll, subscribe, headPosition) needs a user allowed to read $all (an admin, or an insecure
 * dev server).
 */
export class EventStoreDbEventLog<E extends TaggedEvent = DomainEvent> implements EventLog<E> {
  private readonly client: EventStoreDBClient;
  private readonly events: EventCatalog<E>;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly maxAnyRetries: number;
  private readonly subscriptions = new Set<Subscription<E>>();
  private closed = false;

  /** `target`: a connection string (`esdb://host:2113?tls=false`) or a client to use (the log disposes it). */
  constructor(target: string | EventStoreDBClient, options: EventStoreDbEventLogOptions<E> = {}) {
    // Without a catalog the log holds the product's events (E keeps its default, DomainEvent).
    this.events = options.events ?? (domainEvents as unknown as EventCatalog<E>);
    this.client = typeof target === 'string' ? EventStoreDBClient.connectionString(target) : target;
    this.initialBackoffMs = options.initialBackoffMs ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 5000;
    this.maxAnyRetries = options.maxAnyRetries ?? 50;
  }

  async appendToStream(
    stream: string,
    events: readonly NewEvent<E>[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (this.closed) throw new Error('event log is closed');
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    checkAppend(this.events, stream, events);
    const { expectedRevision } = options;
    // Ids are fixed once, so an 'any' retry writes the same events again.
    const ids = events.map((event) => event.eventId ?? newId());
    const callerIds = events[0]?.eventId !== undefined;
    for (let attempt = 0; ; attempt++) {
      const tail = await this.readTail(stream, callerIds ? ids : undefined);
      if (tail.replay) return tail.replay;
      const last = tail.last;
      const actual = last ? Number(last.revision) : 'no_stream';
      if (expectedRevision !== 'any' && expectedRevision !== actual) {
        throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
      }
      const prevHash = last ? this.hashOf(last) : GENESIS_HASH;
      const data = this.chain(stream, events, ids, last ? Number(last.revision) + 1 : 0, prevHash);
      let conflict: { actual?: number | 'no_stream' };
      try {
        const result = await this.client.appendToStream(stream, data, {
          expectedRevision: last ? last.revision : NO_STREAM,
        });
        const nextRevision = appendedRevision(result);
        if (nextRevision !== undefined) {
          return { nextRevision, position: await this.positionAt(stream, nextRevision) };
        }
        conflict = {}; // refused without an error (throwOnAppendFailure=false): the stream says where it is
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        conflict = { actual: actualRevision(error.actualVersion) };
      }
      if (expectedRevision === 'any' && attempt < this.maxAnyRetries) continue;
      throw new WrongExpectedRevisionError(
        stream,
        expectedRevision,
        conflict.actual ?? (await this.currentRevision(stream)),
      );
    }
  }

  private async currentRevision(stream: string): Promise<number | 'no_stream'> {
    const { last } = await this.readTail(stream, undefined);
    return last ? Number(last.revision) : 'no_stream';
  }

  private hashOf(record: EsRecord): string {
    if (!isStoredMetadata(record.metadata)) {
      throw new Error(
        `stream ${record.streamId} holds an event not written by this adapter: cannot chain to it`,
      );
    }
    return record.metadata.hash;
  }

  /** Builds the events to write: revisions from `firstRevision`, each hashed over its envelope. */
  private chain(
    stream: string,
    events: readonly NewEvent<E>[],
    ids: readonly string[],
    firstRevision: number,
    firstPrevHash: string,
  ) {
    let prevHash = firstPrevHash;
    return events.map((event, index) => {
      const eventId = ids[index] ?? newId();
      const revision = firstRevision + index;
      // What is hashed is exactly what is stored and read back (JSON drops undefined, turns Dates into strings…).
      const data: unknown = JSON.parse(JSON.stringify(event.data));
      if (!isJsonType(data))
        throw new Error(`event ${event.type}: data must be a JSON object, array or string`);
      const metadata = { ...(JSON.parse(JSON.stringify(event.metadata)) as EventMetadata), prevHash };
      const hash = hashEnvelope({ eventId, stream, revision, type: event.type, data, metadata });
      prevHash = hash;
      return jsonEvent({ id: eventId, type: event.type, data, metadata: { ...metadata, hash } });
    });
  }

  /**
   * The stream's last event and, when the caller gave event ids, whether they were appended already
   * (idempotency): then the result of that original append. Scans backwards only while looking for ids.
   */
  private async readTail(
    stream: string,
    ids: readonly string[] | undefined,
  ): Promise<{ last?: EsRecord; replay?: AppendResult }> {
    const firstId = ids?.[0];
    let last: EsRecord | undefined;
    let from: bigint | typeof END = END;
    for (;;) {
      const page = await this.readRaw(stream, {
        direction: BACKWARDS,
        fromRevision: from,
        maxCount: firstId === undefined ? 1 : PAGE,
      });
      last ??= page[0];
      if (firstId === undefined || !ids) return { last };
      const first = page.find((record) => record.id === firstId);
      if (first) return { last, replay: await this.replayOf(stream, first, ids) };
      const oldest = page[page.length - 1];
      if (page.length < PAGE || !oldest || oldest.revision === 0n) return { last };
      from = oldest.revision - 1n;
    }
  }

  /** The result of the original append whose first event is `first`. */
  private async replayOf(stream: string, first: EsRecord, ids: readonly string[]): Promise<AppendResult> {
    const lastRevision = Number(first.revision) + ids.length - 1;
    const [lastRecord] = await this.readRaw(stream, {
      direction: FORWARDS,
      fromRevision: BigInt(lastRevision),
      maxCount: 1,
    });
    if (
      !lastRecord ||
      lastRecord.id !== ids[ids.length - 1] ||
      Number(lastRecord.revision) !== lastRevision
    ) {
      throw new Error(
        `event ${first.id} was already appended to ${stream}, but not together with these events`,
      );
    }
    return { nextRevision: lastRevision, position: positionOf(lastRecord) };
  }

  private async positionAt(stream: string, revision: number): Promise<Position> {
    const [record] = await this.readRaw(stream, {
      direction: FORWARDS,
      fromRevision: BigInt(revision),
      maxCount: 1,
    });
    if (!record) throw new Error(`${stream}@${revision} was appended but cannot be read back`);
    return positionOf(record);
  }

  /** One bounded read of a stream; a missing stream reads as empty. */
  private async readRaw(stream: string, options: EsReadStreamOptions): Promise<EsRecord[]> {
    const out: EsRecord[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, options)) {
        if (resolved.event) out.push(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  private typed(record: EsRecord): RecordedEvent<E> {
    return typedByTag(this.events, toRecorded(record));
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent<E>[]> {
    const read = streamReadOptions(options);
    if (!read) return [];
    const records = await this.readRaw(stream, read);
    return records.filter(isOurs).map((record) => this.typed(record));
  }

  /**
   * $all forwards in pages. A page is read from the last position seen, which the server may include again:
   * every event at or before that position is skipped (exclusive resume). Pages ask for at least 2 events,
   * so each full page moves past the position it started from.
   */
  async *readAll(options: ReadAllOptions<E['type']> = {}): AsyncIterable<RecordedEvent<E>[]> {
    const batchSize = Math.max(1, options.batchSize ?? 1000);
    let remaining = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    let after = options.fromPosition ?? START;
    const types = options.types ? new Set<string>(options.types) : undefined;
    while (remaining > 0 && !this.closed) {
      const requested = Math.max(2, batchSize);
      const batch: RecordedEvent<E>[] = [];
      let raw = 0;
      for await (const resolved of this.client.readAll({
        direction: FORWARDS,
        fromPosition: toReadPosition(after),
        maxCount: requested,
      })) {
        raw++;
        const record = resolved.event;
        if (!record) continue;
        const position = encodePosition(record.position);
        if (comparePositions(position, after) <= 0) continue;
        after = position;
        if (isOurs(record) && batch.length < remaining && (!types || types.has(record.type))) {
          batch.push(this.typed(record));
        }
      }
      if (batch.length > 0) {
        remaining -= batch.length;
        yield batch;
      }
      if (raw < requested) return;
    }
  }

  /**
   * A catch-up subscription to $all from `fromPosition` (exclusive) that turns live. When the server drops it
   * (or the connection fails) it re-subscribes from the last position seen, after 100 ms, 200 ms, … up to
   * 5 s; events at or before that position are skipped, so nothing is delivered twice or missed. The
   * filter's `checkpointReached` positions are not used to move that position: the client reports them while
   * events before them may still wait unread in its buffer, and resuming from one could skip those.
   */
  subscribe(options: { fromPosition?: Position }): Subscription<E> {
    const log = this;
    let after = options.fromPosition ?? START;
    toReadPosition(after); // reject a malformed position now, not on the first `next()`
    let open = true;
    let current: AllStreamSubscription | undefined;
    let wake: (() => void) | undefined;

    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });

    const stop = async (subscription: AllStreamSubscription | undefined) => {
      if (!subscription) return;
      await subscription.unsubscribe().catch(() => undefined);
      subscription.destroy();
    };

    async function* deliver(): AsyncGenerator<RecordedEvent<E>> {
      let backoff = log.initialBackoffMs;
      while (open && !log.closed) {
        const subscription = log.client.subscribeToAll({
          fromPosition: toReadPosition(after),
          filter: excludeSystemEvents(),
        });
        current = subscription;
        try {
          for await (const resolved of subscription) {
            const record = resolved.event;
            if (!record) continue;
            const position = encodePosition(record.position);
            if (comparePositions(position, after) <= 0) continue;
            after = position;
            backoff = log.initialBackoffMs;
            if (isOurs(record)) yield log.typed(record);
            if (!open) return;
          }
          // The server ended the subscription: re-subscribe below.
        } catch (error) {
          if (!open || log.closed) return;
          if (error instanceof AccessDeniedError || error instanceof CorruptEventError) throw error;
        } finally {
          if (current === subscription) current = undefined;
          await stop(subscription);
        }
        if (!open || log.closed) return;
        await pause(backoff);
        backoff = Math.min(backoff * 2, log.maxBackoffMs);
      }
    }

    async function* events(): AsyncGenerator<RecordedEvent<E>> {
      try {
        yield* deliver();
      } finally {
        log.subscriptions.delete(handle);
      }
    }

    const iterator = events();
    const handle: Subscription<E> = {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        open = false;
        log.subscriptions.delete(handle);
        wake?.();
        const subscription = current;
        current = undefined;
        await stop(subscription);
      },
    };
    this.subscriptions.add(handle);
    return handle;
  }

  /** The position of the last event of ours in $all (system events skipped), START when there is none. */
  async headPosition(): Promise<Position> {
    let before: Position | undefined;
    for (;;) {
      let raw = 0;
      for await (const resolved of this.client.readAll({
        direction: BACKWARDS,
        fromPosition: before === undefined ? END : toReadPosition(before),
        maxCount: PAGE,
      })) {
        raw++;
        const record = resolved.event;
        if (!record) continue;
        const position = encodePosition(record.position);
        if (before !== undefined && comparePositions(position, before) >= 0) continue;
        before = position;
        if (isOurs(record)) return position;
      }
      if (raw < PAGE) return START;
    }
  }

  async verifyStream(stream: string): Promise<StreamVerification> {
    const records = await this.readRaw(stream, { direction: FORWARDS, fromRevision: ES_START });
    const foreign = records.find((record) => !isOurs(record));
    if (foreign) {
      const brokenAt = Number(foreign.revision);
      const ours = records.filter((record) => record.revision < foreign.revision).map(toRecorded);
      const before = verifyChain(stream, ours);
      if (!before.ok) return before;
      return { ok: false, stream, brokenAt, reason: 'event was not written by this adapter (no hash chain)' };
    }
    return verifyChain(stream, records.map(toRecorded));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }
}
