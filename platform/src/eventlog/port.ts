/**
 * The event log port. Services and projections depend on this interface only; the SQLite adapter
 * (embedded default) and the EventStoreDB adapter (scale-out) both pass `test/eventlog.contract.ts`.
 */
import type { DomainEvent, Position } from '@tickwise/contracts';

export { comparePositions, isPosition, maxPosition, type Position } from '@tickwise/contracts';

/** The position before the first event: `readAll`/`subscribe` from here start at the beginning. */
export const START: Position = '0';

export type ExpectedRevision = number | 'no_stream' | 'any';

export interface EventMetadata {
  /** Correlation id: the id of the request (or process) that started the chain of work. */
  correlationId: string;
  /** Causation id: the command id (or event id) that directly caused this event. */
  causationId: string;
  /** Who acted: a user id, or 'system:<component>'. */
  actor: string;
  /** Server UTC time, ISO 8601. */
  occurredAt: string;
  schemaVersion: number;
}

/** What the storage itself knows of an event: a type tag and JSON data. The product's events are `DomainEvent`s. */
export interface TaggedEvent {
  type: string;
  data: unknown;
}

/** What a caller appends. `eventId` is optional; a command id gives deterministic ids (see `commandEventIds`). */
export type NewEvent<E extends TaggedEvent = DomainEvent> = E & {
  eventId?: string;
  metadata: EventMetadata;
};

/** Where a stored event sits and what the hash chain adds to it. */
export interface EventEnvelope {
  eventId: string;
  stream: string;
  revision: number;
  metadata: EventMetadata & { prevHash: string; hash: string };
  position: Position;
}

/** An event as stored: the envelope that the hash chain covers plus its place in the log. */
export type RecordedEvent<E extends TaggedEvent = DomainEvent> = EventEnvelope & E;

export interface AppendResult {
  /** The revision of the last event now in the stream. */
  nextRevision: number;
  /** The global position of the last appended event (for read-your-writes). */
  position: Position;
}

export interface ReadStreamOptions {
  fromRevision?: number;
  direction?: 'forwards' | 'backwards';
  maxCount?: number;
}

export interface ReadAllOptions<T extends string = string> {
  /** Exclusive: events strictly after this position. */
  fromPosition?: Position;
  batchSize?: number;
  maxCount?: number;
  /** Only events of these types (a projection reads just what it handles); all types when absent. */
  types?: readonly T[];
  /**
   * Which personal fields the encryption layer opens (default: all). A reader that needs none passes false
   * and gets them as stored (sealed), at no cost; one that needs some names the event types whose personal
   * fields it reads, and the others stay sealed. Adapters ignore it.
   */
  personalData?: PersonalDataWanted;
  /**
   * Called for a stored event that cannot be read (see `CorruptEventError`), which is then skipped: a
   * follower of the whole log (a projection, the checkpoint writer) carries on past one damaged event and
   * reports it. Without it the read fails at that event.
   */
  onUnreadable?: (error: CorruptEventError) => void;
}

/** Personal fields to open: all (true), none (false), or those of the event types listed. */
export type PersonalDataWanted = boolean | readonly string[];

export interface SubscribeOptions {
  fromPosition?: Position;
  /** As in `ReadAllOptions`: false leaves personal fields sealed, a list opens only those types'. */
  personalData?: PersonalDataWanted;
  /** As in `ReadAllOptions`: a damaged event is reported and skipped instead of ending the subscription. */
  onUnreadable?: (error: CorruptEventError) => void;
}

export type StreamVerification =
  | { ok: true; stream: string; events: number }
  | { ok: false; stream: string; brokenAt: number; reason: string };

export interface Subscription<E extends TaggedEvent = DomainEvent> extends AsyncIterable<RecordedEvent<E>> {
  /** Stops delivery; the iterator finishes. */
  close(): Promise<void>;
}

/**
 * An event log holding events of union `E` (the product's log holds `DomainEvent`s): appends are checked
 * against the events' codecs, reads are typed by their tag (see `decode.ts`).
 */
export interface EventLog<E extends TaggedEvent = DomainEvent> {
  appendToStream(
    stream: string,
    events: readonly NewEvent<E>[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /** Events of one stream; an unknown stream reads as empty. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent<E>[]>;
  /** The global log in order, in batches. */
  readAll(options?: ReadAllOptions<E['type']>): AsyncIterable<RecordedEvent<E>[]>;
  /** Catch-up subscription: every event after `fromPosition`, then live events as they are appended. */
  subscribe(options: SubscribeOptions): Subscription<E>;
  /** The position of the last event in the log (START when empty). */
  headPosition(): Promise<Position>;
  /** Recomputes the stream's hash chain. */
  verifyStream(stream: string): Promise<StreamVerification>;
  /**
   * Whether the personal data of a stream still opens: its data subject's key is in use (see the encryption
   * layer). Undefined for a log that seals nothing; false for a stream whose subject the layer cannot tell
   * from its name alone.
   */
  personalDataOpens?(stream: string): Promise<boolean>;
  /**
   * Calls `listener` once the log has closed, so what a process kept of its streams goes with it. Where
   * `personalDataOpens` is, this is too: personal data opened from a closed log is dropped, not left to expire.
   */
  onClose?(listener: () => void): void;
  /** Writes something small outside the log and commits it: does storage accept writes? (optional) */
  probeWrite?(): Promise<void>;
  close(): Promise<void>;
}

/** Thrown when the expected revision does not match the stream: the one typed conflict error. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/** A stored event that can no longer be read (its bytes were changed, or its type is unknown): names where. */
export class CorruptEventError extends Error {
  override readonly name = 'CorruptEventError';
  constructor(
    readonly stream: string,
    readonly revision: number,
    readonly reason = 'it is not valid JSON',
    /** Its place in the global log, when the reader knows it. */
    readonly position?: Position,
  ) {
    super(`Stream ${stream}: the event at revision ${revision} cannot be read: ${reason}`);
  }
}

/** An event refused on append because its data does not match its type's codec: a bug in the appending code. */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
  constructor(
    readonly stream: string,
    readonly type: string,
    reason: string,
  ) {
    super(`Stream ${stream}: a ${type} event cannot be appended: ${reason}`);
  }
}
