import type {
  AuditExport,
  AuditHistory,
  DocumentCoverage,
  StoredEvent,
  StreamHead,
} from '@tickwise/contracts';
import { type CheckpointView, canonicalJson, type RecordedEvent, sha256Hex } from '@tickwise/platform';
import type { Witnessing } from './witnessing';

export const toStoredEvent = (event: RecordedEvent): StoredEvent => ({
  eventId: event.eventId,
  stream: event.stream,
  revision: event.revision,
  type: event.type,
  data: event.data,
  metadata: { ...event.metadata },
  position: event.position,
});

/** How many events a stream holds and the hash of its last one. */
export const headOf = (
  stream: string,
  events: ReadonlyArray<{ metadata: { hash?: unknown } }>,
): StreamHead => {
  const last = events[events.length - 1];
  return { stream, events: events.length, lastHash: last ? String(last.metadata.hash) : null };
};

/** sha256 of the RFC 8785 canonical JSON of an export without its `exportHash`. */
export function exportHashOf(body: Omit<AuditExport, 'exportHash'>): string {
  return sha256Hex(canonicalJson(body));
}

export function buildExport(
  kind: AuditExport['kind'],
  report: AuditHistory | DocumentCoverage,
  streams: ReadonlyArray<{ stream: string; events: readonly RecordedEvent[] }>,
  checkpoint: CheckpointView,
  generatedBy: string,
  now: Date,
  witnessing: Witnessing | null = null,
): AuditExport {
  const body = {
    kind,
    generatedAt: now.toISOString(),
    generatedBy,
    report,
    streams: streams.map((s) => ({ stream: s.stream, events: s.events.map(toStoredEvent) })),
    heads: streams.map((s) => headOf(s.stream, s.events)),
    checkpoint: checkpoint.checkpoint && {
      signed: checkpoint.checkpoint,
      proofs: streams.flatMap((s) => checkpoint.proofs.get(s.stream) ?? []),
      ...(witnessing ? { note: witnessing.note } : {}),
    },
  };
  return { ...body, exportHash: exportHashOf(body) };
}

/** One CSV field, quoted when needed (RFC 4180); a leading = + - @ is escaped against formula injection. */
function field(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csv = (rows: ReadonlyArray<readonly unknown[]>) =>
  `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;

/** A learner's history as CSV: one row per compliance event with its evidence and hashes. */
export function historyCsv(history: AuditHistory): string {
  const rows: unknown[][] = [
    [
      'occurredAt',
      'type',
      'stream',
      'revision',
      'documentType',
      'version',
      'contentHash',
      'viewedAt',
      'acknowledgedAt',
      'secondsRead',
      'ip',
      'userAgent',
      'consentText',
      'details',
      'prevHash',
      'hash',
    ],
  ];
  for (const event of history.events) {
    // Personal fields as the auditor reads them (opened, or erased), not as sealed in the log.
    const d: Record<string, unknown> = { ...event.data, ...event.personal };
    const {
      documentType,
      version,
      contentHash,
      viewedAt,
      acknowledgedAt,
      secondsRead,
      ip,
      userAgent,
      consentText,
      ...rest
    } = d;
    rows.push([
      event.occurredAt,
      event.type,
      event.stream,
      event.revision,
      documentType,
      version,
      contentHash,
      viewedAt,
      acknowledgedAt,
      secondsRead,
      ip,
      userAgent,
      consentText,
      Object.keys(rest).length > 0 ? rest : '',
      event.prevHash,
      event.hash,
    ]);
  }
  return csv(rows);
}

/** Coverage of a document version as CSV: one row per learner. */
export function coverageCsv(coverage: DocumentCoverage): string {
  return csv([
    ['documentType', 'version', 'asOf', 'learnerId', 'email', 'acknowledged', 'acknowledgedAt'],
    ...coverage.acknowledged.map((a) => [
      coverage.documentType,
      coverage.version,
      coverage.asOf,
      a.learnerId,
      a.email,
      'yes',
      a.acknowledgedAt,
    ]),
    ...coverage.notAcknowledged.map((n) => [
      coverage.documentType,
      coverage.version,
      coverage.asOf,
      n.learnerId,
      n.email,
      'no',
      '',
    ]),
  ]);
}
