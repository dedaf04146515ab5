import { canonicalJson, type RecordedEvent, sha256Hex, verifyChain } from '@tickwise/platform';
import { replayCompliance } from './replay';

export type ExportVerification = { ok: true; summary: string } | { ok: false; problem: string };

interface LooseExport {
  kind?: unknown;
  exportHash?: unknown;
  streams?: unknown;
  report?: { events?: unknown; state?: unknown; asOf?: unknown };
  [key: string]: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Re-verifies a JSON export offline: every stream's hash chain from revision 0, every event of the report
 * against the stored event it cites, and the export hash over the whole file. Names the first mismatch.
 */
export function verifyExport(parsed: unknown): ExportVerification {
  if (!isObject(parsed)) return { ok: false, problem: 'the file is not a JSON object' };
  const file = parsed as LooseExport;
  if (!Array.isArray(file.streams)) return { ok: false, problem: 'the file has no "streams" list' };
  const stored = new Map<string, RecordedEvent>();
  let total = 0;
  for (const [index, entry] of file.streams.entries()) {
    if (!isObject(entry) || typeof entry.stream !== 'string' || !Array.isArray(entry.events)) {
      return { ok: false, problem: `streams[${index}] is not a stream with events` };
    }
    const events = entry.events as RecordedEvent[];
    const verification = verifyChain(entry.stream, events);
    if (!verification.ok) {
      return {
        ok: false,
        problem: `stream ${entry.stream}, revision ${verification.brokenAt}: ${verification.reason}`,
      };
    }
    for (const event of events) stored.set(`${entry.stream}@${event.revision}`, event);
    total += events.length;
  }
  const reported = Array.isArray(file.report?.events) ? file.report.events : [];
  for (const [index, item] of reported.entries()) {
    if (!isObject(item)) return { ok: false, problem: `report.events[${index}] is not an event` };
    const event = stored.get(`${String(item.stream)}@${String(item.revision)}`);
    if (!event)
      return {
        ok: false,
        problem: `report.events[${index}] cites ${String(item.stream)} revision ${String(item.revision)}, which the file does not hold`,
      };
    if (item.hash !== event.metadata.hash || canonicalJson(item.data) !== canonicalJson(event.data)) {
      return {
        ok: false,
        problem: `report.events[${index}] (${String(item.stream)} revision ${String(item.revision)}) does not match the stored event`,
      };
    }
  }
  // A history's report must be exactly what replaying its own streams gives: an edited state, or an event
  // dropped from the report, is caught even when the export hash was recomputed.
  if (file.kind === 'learner-history' && isObject(file.report) && typeof file.report.asOf === 'string') {
    const all = [...stored.values()];
    const compliance = all
      .filter((e) => e.stream.startsWith('compliance-'))
      .sort((a, b) => a.revision - b.revision);
    const catalog = all.filter((e) => e.stream.startsWith('catalog-document-'));
    const replayed = replayCompliance(compliance, catalog, file.report.asOf);
    if (canonicalJson(replayed.events) !== canonicalJson(file.report.events)) {
      return { ok: false, problem: 'report.events is not what the exported streams replay to' };
    }
    if (canonicalJson(replayed.state) !== canonicalJson(file.report.state)) {
      return { ok: false, problem: 'report.state is not what the exported streams replay to' };
    }
  }
  const { exportHash, ...body } = file;
  if (typeof exportHash !== 'string') return { ok: false, problem: 'the file has no exportHash' };
  if (sha256Hex(canonicalJson(body)) !== exportHash) {
    return {
      ok: false,
      problem:
        'exportHash does not match the content of the file (something outside the event chains was changed)',
    };
  }
  return {
    ok: true,
    summary: `verified: ${file.streams.length} streams, ${total} events, ${reported.length} report events, export hash ok`,
  };
}
