import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { EventMetadata, RecordedEvent, StreamVerification, TaggedEvent } from './port';

/** The hash of the empty chain: the `prevHash` of revision 0. */
export const GENESIS_HASH = '0'.repeat(64);

/** The part of an event the chain covers: everything but its hash and its global position. */
export interface HashedEnvelope {
  eventId: string;
  stream: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: EventMetadata & { prevHash: string };
}

/** RFC 8785 canonical JSON (sorted keys, canonical numbers): the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  const canonical = canonicalize(value);
  if (canonical === undefined) throw new Error('value cannot be canonicalized');
  return canonical;
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** SHA-256 over the RFC 8785 canonical JSON of the envelope. */
export function hashEnvelope(envelope: HashedEnvelope): string {
  return sha256Hex(canonicalJson(envelope));
}

/** The hash a stored event's envelope should have: computed from what it holds, whatever it says. */
export function recomputedHash(event: RecordedEvent<TaggedEvent>): string {
  const { hash: _stated, ...metadata } = event.metadata;
  return hashEnvelope({
    eventId: event.eventId,
    stream: event.stream,
    revision: event.revision,
    type: event.type,
    data: event.data,
    metadata,
  });
}

/** Walks a stream's events in revision order and names the first revision whose chain is broken. */
export function verifyChain(
  stream: string,
  events: readonly RecordedEvent<TaggedEvent>[],
): StreamVerification {
  let prevHash = GENESIS_HASH;
  for (const [index, event] of events.entries()) {
    if (event.revision !== index) {
      return {
        ok: false,
        stream,
        brokenAt: index,
        reason: `revision ${event.revision} found where ${index} was expected`,
      };
    }
    const { hash, ...rest } = event.metadata;
    if (rest.prevHash !== prevHash) {
      return { ok: false, stream, brokenAt: index, reason: 'prevHash does not match the previous event' };
    }
    if (recomputedHash(event) !== hash) {
      return { ok: false, stream, brokenAt: index, reason: 'content does not match its hash' };
    }
    prevHash = hash;
  }
  return { ok: true, stream, events: events.length };
}
