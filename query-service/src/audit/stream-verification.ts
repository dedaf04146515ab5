import type { SignedStreamHead, StreamVerification } from '@tickwise/contracts';
import { type RecordedEvent, verifyChain } from '@tickwise/platform';

/**
 * One stream as evidence: its hash chain from revision 0, then its head against the one the signed
 * checkpoint holds for it. A chain alone cannot show a tail cut off, or events edited and every later hash
 * recomputed; the signed head can. Events after the signed head are counted as not yet covered, not as
 * verified. The server's history and the offline export verifier both judge a stream by this.
 */
export function verifyStreamEvidence(
  stream: string,
  events: ReadonlyArray<
    Pick<RecordedEvent, 'eventId' | 'stream' | 'revision' | 'type' | 'data' | 'metadata'>
  >,
  signed: SignedStreamHead | undefined,
  unreadableAt: number | null = null,
): StreamVerification {
  const broken = (brokenAtRevision: number | null, problem: string): StreamVerification => ({
    stream,
    ok: false,
    events: events.length,
    brokenAtRevision,
    signedEvents: 0,
    problem,
  });
  const chain = verifyChain(stream, events as RecordedEvent[]);
  if (!chain.ok) return broken(chain.brokenAt, `revision ${chain.brokenAt}: ${chain.reason}`);
  if (unreadableAt !== null) return broken(unreadableAt, `revision ${unreadableAt} cannot be read`);
  if (signed === undefined) {
    return {
      stream,
      ok: true,
      events: events.length,
      brokenAtRevision: null,
      signedEvents: 0,
      problem: null,
    };
  }
  if (events.length <= signed.revision) {
    return broken(
      events.length,
      `its tail was cut off: the signed checkpoint covers revisions 0 to ${signed.revision}, the log holds ${events.length} event${events.length === 1 ? '' : 's'}`,
    );
  }
  if (events[signed.revision]?.metadata.hash !== signed.hash) {
    return broken(
      null,
      `revision ${signed.revision} is not the event the signed checkpoint holds: events up to it were changed and their hashes recomputed`,
    );
  }
  return {
    stream,
    ok: true,
    events: events.length,
    brokenAtRevision: null,
    signedEvents: signed.revision + 1,
    problem: null,
  };
}
