/**
 * The event log port. Services and projections depend on this interface only; the SQLite adapter
 * (embedded default) and the EventStoreDB adapter (scale-out) both pass `test/eventlog.contract.ts`.
 */

import type { Position } from '@tickwise/contracts';

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

/** What a caller appends. `eventId` is optional; a command id gives deterministic ids (see `commandEventIds`). */
export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
  eventId?: string;
  metadata: EventMetadata;
}

/** An event as stored: the envelope that the hash chain covers plus its place in the log. */
export interface RecordedEvent<T extends string = string, D = unknown> {
  eventId: string;
  stream: string;
  revision: number;
  type: T;
  data: D;
  metadata: EventMetadata & { prevHash: string; hash: string };
  position: Position;
}

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

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  fromPosition?: Position;
  batchSize?: number;
  maxCount?: number;
  /** Only events of these types (a projection reads just what it handles); all types when absent. */
  types?: readonly string[];
}

export type StreamVerification =
  | { ok: true; stream: string; events: number }
  | { ok: false; stream: string; brokenAt: number; reason: string };

export interface Subscription extends AsyncIterable<RecordedEvent> {
  /** Stops delivery; the iterator finishes. */
  close(): Promise<void>;
}

export interface EventLog {
  appendToStream(
    stream: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /** Events of one stream; an unknown stream reads as empty. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** The global log in order, in batches. */
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent[]>;
  /** Catch-up subscription: every event after `fromPosition`, then live events as they are appended. */
  subscribe(options: { fromPosition?: Position }): Subscription;
  /** The position of the last event in the log (START when empty). */
  headPosition(): Promise<Position>;
  /** Recomputes the stream's hash chain. */
  verifyStream(stream: string): Promise<StreamVerification>;
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

/** A stored event that can no longer be read (its bytes were changed): the store names where. */
export class CorruptEventError extends Error {
  override readonly name = 'CorruptEventError';
  constructor(
    readonly stream: string,
    readonly revision: number,
  ) {
    super(`Stream ${stream}: the event at revision ${revision} cannot be read`);
  }
}
