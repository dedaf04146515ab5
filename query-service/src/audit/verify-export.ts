import {
  decode,
  ExportedCheckpoint,
  isLeft,
  nullable,
  parseStream,
  type SignedCheckpoint,
  type SignedStreamHead,
  type StreamVerification,
} from '@tickwise/contracts';
import {
  type CheckpointKeys,
  canonicalJson,
  checkpointSignedBy,
  headIncluded,
  type RecordedEvent,
  sha256Hex,
  verifyChain,
} from '@tickwise/platform';
import { headOf } from './exports';
import { replayCompliance } from './replay';
import { verifyStreamEvidence } from './stream-verification';

export type ExportVerification = { ok: true; summary: string } | { ok: false; problem: string };

interface LooseExport {
  kind?: unknown;
  exportHash?: unknown;
  streams?: unknown;
  heads?: unknown;
  checkpoint?: unknown;
  report?: {
    events?: unknown;
    state?: unknown;
    asOf?: unknown;
    verification?: unknown;
    checkpoint?: unknown;
  };
  [key: string]: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Every stream must end exactly where the export recorded its head: a chain verifies from revision 0, so a
 * stream cut short at its tail (or left out) is only caught here.
 */
function checkHeads(streams: Array<{ stream: string; events: RecordedEvent[] }>, heads: unknown) {
  if (!Array.isArray(heads)) return 'the file has no "heads" list (where each stream ended when exported)';
  const recorded = new Map<string, Record<string, unknown>>();
  for (const [index, head] of heads.entries()) {
    if (!isObject(head) || typeof head.stream !== 'string') return `heads[${index}] is not a stream head`;
    recorded.set(head.stream, head);
  }
  for (const { stream, events } of streams) {
    const head = recorded.get(stream);
    if (!head) return `stream ${stream} has no recorded head`;
    const actual = headOf(stream, events);
    if (actual.events !== head.events || actual.lastHash !== head.lastHash) {
      return `stream ${stream} holds ${actual.events} events ending in ${actual.lastHash ?? 'nothing'}, but was exported with ${String(head.events)} ending in ${String(head.lastHash)}${actual.events < Number(head.events) ? ': events are missing from its tail' : ''}`;
    }
    recorded.delete(stream);
  }
  const [missing] = recorded.keys();
  return missing === undefined ? null : `heads names stream ${missing}, which the file does not hold`;
}

/** A history's verification must say what the exported streams verify to, here, against its checkpoint. */
function checkReportedVerification(expected: readonly StreamVerification[], verification: unknown) {
  if (!Array.isArray(verification) || verification.length !== expected.length) {
    return `report.verification does not list the ${expected.length} exported streams`;
  }
  for (const [index, entry] of verification.entries()) {
    if (canonicalJson(entry) !== canonicalJson(expected[index])) {
      const said = isObject(entry)
        ? `${String(entry.stream)}: ${entry.ok === true ? 'ok' : `broken at revision ${String(entry.brokenAtRevision)}`}, ${String(entry.events)} events`
        : String(entry);
      return `report.verification[${index}] (${said}) is not what the exported streams verify to`;
    }
  }
  return null;
}

const ExportCheckpoint = nullable(ExportedCheckpoint);

/**
 * The signed heads of the exported streams, once the export's checkpoint is shown to be signed by the
 * given key and each proof to lead to its signed root; or what is wrong.
 */
function signedHeads(
  checkpoint: unknown,
  streamNames: ReadonlySet<string>,
  key: Pick<CheckpointKeys, 'publicKey' | 'keyId'> | undefined,
): { heads: Map<string, SignedStreamHead>; signed: SignedCheckpoint | null } | { problem: string } {
  const decoded = decode(ExportCheckpoint, checkpoint ?? null, 'checkpoint');
  if (isLeft(decoded))
    return { problem: `the file's checkpoint is not a signed checkpoint (${decoded.left})` };
  const heads = new Map<string, SignedStreamHead>();
  if (decoded.right === null) return { heads, signed: null };
  const { signed, proofs } = decoded.right;
  const named = `signed checkpoint #${signed.statement.seq}`;
  if (!key)
    return {
      problem: `no public key to check the ${named} with: give it with --key <file> (\`npm run audit -- key\` prints it)`,
    };
  if (!checkpointSignedBy(signed, key))
    return {
      problem: `the ${named} is not signed by the given key ${key.keyId.slice(0, 16)}…: a forged checkpoint, or another Tickwise's`,
    };
  for (const proof of proofs) {
    if (!streamNames.has(proof.head.stream))
      return {
        problem: `the checkpoint proves a head of stream ${proof.head.stream}, which the file does not hold`,
      };
    if (!headIncluded(proof, signed.statement))
      return { problem: `stream ${proof.head.stream}: its proof does not lead to the root of the ${named}` };
    heads.set(proof.head.stream, proof.head);
  }
  return { heads, signed };
}

/** How much of the file the signed checkpoint covers, in one sentence. */
function coverageSummary(signed: SignedCheckpoint | null, verified: readonly StreamVerification[]): string {
  const covered = verified.reduce((sum, v) => sum + v.signedEvents, 0);
  const uncovered = verified
    .filter((v) => v.signedEvents < v.events)
    .map((v) =>
      v.signedEvents === v.events - 1
        ? `${v.stream} revision ${v.signedEvents}`
        : `${v.stream} revisions ${v.signedEvents} to ${v.events - 1}`,
    );
  const against = signed
    ? `signed checkpoint #${signed.statement.seq} of ${signed.statement.signedAt} (key ${signed.statement.keyId.slice(0, 16)}…) covers ${covered} events`
    : 'no signed checkpoint covers any event';
  return uncovered.length === 0
    ? against
    : `${against}; not yet covered by a signed checkpoint: ${uncovered.join(', ')}`;
}

/**
 * Re-verifies a JSON export offline: every stream's hash chain from revision 0 and its recorded head, the
 * signed checkpoint (signature by the given public key, each stream's head proven in its tree) and each
 * stream against its signed head, every event of the report against the stored event it cites, a history's
 * events, state and verification against a replay of its streams, and the export hash over the whole file.
 * Names the first mismatch. A coverage report's learner lists come from the read models: the export hash
 * covers them, nothing re-derives them.
 */
export function verifyExport(
  parsed: unknown,
  key?: Pick<CheckpointKeys, 'publicKey' | 'keyId'>,
): ExportVerification {
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
  const exported = file.streams as Array<{ stream: string; events: RecordedEvent[] }>;
  const headProblem = checkHeads(exported, file.heads);
  if (headProblem) return { ok: false, problem: headProblem };
  const signing = signedHeads(file.checkpoint, new Set(exported.map((s) => s.stream)), key);
  if ('problem' in signing) return { ok: false, problem: signing.problem };
  const verified = exported.map(({ stream, events }) =>
    verifyStreamEvidence(stream, events, signing.heads.get(stream)),
  );
  const failed = verified.find((v) => !v.ok);
  if (failed) return { ok: false, problem: `stream ${failed.stream}: ${String(failed.problem)}` };
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
      .filter((e) => parseStream(e.stream)?.category === 'compliance')
      .sort((a, b) => a.revision - b.revision);
    const catalog = all.filter((e) => parseStream(e.stream)?.category === 'catalogDocument');
    const replayed = replayCompliance(compliance, catalog, file.report.asOf);
    // The opened personal fields are the auditor's reading aid, not evidence: the export hash covers them.
    const reportedEvents = (file.report.events as unknown[]).map((item) => {
      if (!isObject(item)) return item;
      const { personal: _personal, ...evidence } = item;
      return evidence;
    });
    if (canonicalJson(replayed.events) !== canonicalJson(reportedEvents)) {
      return { ok: false, problem: 'report.events is not what the exported streams replay to' };
    }
    if (canonicalJson(replayed.state) !== canonicalJson(file.report.state)) {
      return { ok: false, problem: 'report.state is not what the exported streams replay to' };
    }
    const verificationProblem = checkReportedVerification(verified, file.report.verification);
    if (verificationProblem) return { ok: false, problem: verificationProblem };
    const basis = isObject(file.report.checkpoint) ? file.report.checkpoint : {};
    if (basis.seq !== (signing.signed?.statement.seq ?? null)) {
      return { ok: false, problem: 'report.checkpoint does not name the checkpoint the file carries' };
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
  const coverage =
    file.kind === 'document-coverage'
      ? ' (the coverage lists come from the read models: covered by the export hash, not re-derived)'
      : '';
  return {
    ok: true,
    summary: `verified: ${file.streams.length} streams, ${total} events, ${reported.length} report events, export hash ok${coverage}; ${coverageSummary(signing.signed, verified)}`,
  };
}
