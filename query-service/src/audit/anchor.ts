/**
 * Anchors: every export an auditor takes is recorded in the event log (AuditorViewedRecords with its
 * exportHash), in the auditor's hash-chained stream. Finding a file's hash there shows that this Tickwise
 * issued exactly that file, to whom and when — which a self-consistent but forged export cannot show.
 */
import { ofType, streams } from '@tickwise/contracts';
import { type EventLog, sha256Hex, verifyChain } from '@tickwise/platform';
import { verifyExport } from './verify-export';

export interface Anchor {
  readonly auditorId: string;
  readonly learnerId: string | null;
  readonly view: string;
  readonly viewedAt: string;
  readonly stream: string;
  readonly revision: number;
  /** Whether the auditor's stream, which holds the anchor, verifies as a hash chain. */
  readonly chainVerified: boolean;
}

/** The hash a file is anchored by: a JSON export's own exportHash once it verifies, else its bytes' SHA-256. */
export function anchorHashOf(
  bytes: string,
  key?: Parameters<typeof verifyExport>[1],
): { hash: string } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes);
  } catch {
    return { hash: sha256Hex(bytes) };
  }
  const verified = verifyExport(parsed, key);
  if (!verified.ok) return { problem: verified.problem };
  return { hash: String((parsed as { exportHash: unknown }).exportHash) };
}

/** The recorded export with this hash, or null when the log holds none. */
export async function findAnchor(log: EventLog, hash: string): Promise<Anchor | null> {
  for await (const batch of log.readAll({ types: ['AuditorViewedRecords'] })) {
    for (const event of batch.filter(ofType('AuditorViewedRecords'))) {
      const { data } = event;
      if (data.exportHash !== hash || event.stream !== streams.audit(data.auditorId)) continue;
      const chain = verifyChain(event.stream, await log.readStream(event.stream));
      return {
        chainVerified: chain.ok,
        auditorId: data.auditorId,
        learnerId: data.learnerId,
        view: data.view,
        viewedAt: data.viewedAt,
        stream: event.stream,
        revision: event.revision,
      };
    }
  }
  return null;
}
