/**
 * What the audit screen says about a replayed history: each compliance event as a timeline entry with its
 * evidence, the learner's state, and the hash-chain verification, in words an auditor reads.
 */
import {
  type AuditHistory,
  type CheckpointBasis,
  type ComplianceEvidence,
  type ComplianceState,
  type DocumentType,
  documentTypeLabels,
  parseStream,
  type StreamVerification,
} from '@tickwise/contracts';
import { formatUtc } from './time';

export const documentLabel = (type: DocumentType, version: string): string =>
  `${documentTypeLabels[type]} v${version}`;

export interface EvidenceField {
  readonly label: string;
  readonly value: string;
  /** Hashes, ids and codes: shown in a monospace font and allowed to break anywhere. */
  readonly mono?: boolean;
}

export type EntryKind = 'view' | 'acknowledgment' | 'risk' | 'warning' | 'warning-acknowledgment';

export interface TimelineEntry {
  readonly key: string;
  readonly kind: EntryKind;
  readonly title: string;
  readonly occurredAt: string;
  /** The facts the event records. */
  readonly evidence: readonly EvidenceField[];
  /** Where the event sits in the log and the hashes that chain it to the one before. */
  readonly record: readonly EvidenceField[];
}

const dash = (value: string | null): string => (value === null || value === '' ? '—' : value);

/** A personal field as the auditor may read it: opened by the server, or "(erased)"; never the sealed form. */
const opened = (event: ComplianceEvidence, field: string): string | null => {
  const value = event.personal?.[field];
  return typeof value === 'string' ? value : null;
};

const capitalised = (value: string): string =>
  value === '' ? value : `${value.charAt(0).toUpperCase()}${value.slice(1).replace(/_/g, ' ')}`;

/** The warnings issued in a history, by id, so an acknowledgment can name what it acknowledged. */
export function warningsById(events: readonly ComplianceEvidence[]): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const event of events) {
    if (event.type === 'RegulatoryWarningIssued') {
      map.set(event.data.warningId, `${capitalised(event.data.warningType)} (${event.data.rule})`);
    }
  }
  return map;
}

function describe(
  event: ComplianceEvidence,
  warnings: ReadonlyMap<string, string>,
): Pick<TimelineEntry, 'kind' | 'title' | 'evidence'> {
  switch (event.type) {
    case 'ComplianceDocumentViewed': {
      const d = event.data;
      return {
        kind: 'view',
        title: `Opened ${documentLabel(d.documentType, d.version)}`,
        evidence: [
          { label: 'Document type', value: d.documentType, mono: true },
          { label: 'Version', value: d.version },
          { label: 'Content hash', value: d.contentHash, mono: true },
          { label: 'Viewed at', value: formatUtc(d.viewedAt) },
        ],
      };
    }
    case 'DocumentAcknowledged': {
      const d = event.data;
      return {
        kind: 'acknowledgment',
        title: `Acknowledged ${documentLabel(d.documentType, d.version)}`,
        evidence: [
          { label: 'Document type', value: d.documentType, mono: true },
          { label: 'Version', value: d.version },
          { label: 'Content hash', value: d.contentHash, mono: true },
          { label: 'Viewed at', value: formatUtc(d.viewedAt) },
          { label: 'Acknowledged at', value: formatUtc(d.acknowledgedAt) },
          { label: 'Seconds read', value: String(d.secondsRead) },
          { label: 'IP address', value: dash(opened(event, 'ip')), mono: true },
          { label: 'User agent', value: dash(opened(event, 'userAgent')) },
          { label: 'Consent wording', value: dash(d.consentText) },
        ],
      };
    }
    case 'RiskAssessed': {
      const d = event.data;
      return {
        kind: 'risk',
        title: 'Completed the risk assessment',
        evidence: [
          { label: 'Assessment id', value: d.assessmentId, mono: true },
          { label: 'Experience level', value: capitalised(d.experienceLevel) },
          { label: 'Financial situation', value: capitalised(d.financialSituation) },
          { label: 'Risk capacity', value: `${d.riskCapacity} of 10` },
          { label: 'Investment objective', value: capitalised(d.investmentObjective) },
          { label: 'Annual income', value: dash(opened(event, 'annualIncome')) },
          { label: 'Net worth', value: dash(opened(event, 'netWorth')) },
          { label: 'Submitted at', value: formatUtc(d.submittedAt) },
          { label: 'Expires at', value: formatUtc(d.expiresAt) },
        ],
      };
    }
    case 'RegulatoryWarningIssued': {
      const d = event.data;
      return {
        kind: 'warning',
        title: `Warning issued: ${capitalised(d.warningType)}`,
        evidence: [
          { label: 'Warning id', value: d.warningId, mono: true },
          { label: 'Rule', value: d.rule, mono: true },
          { label: 'Message', value: d.message },
          { label: 'Issued at', value: formatUtc(d.issuedAt) },
        ],
      };
    }
    case 'RegulatoryWarningAcknowledged': {
      const d = event.data;
      return {
        kind: 'warning-acknowledgment',
        title: 'Acknowledged a warning',
        evidence: [
          { label: 'Warning id', value: d.warningId, mono: true },
          { label: 'Warning', value: warnings.get(d.warningId) ?? 'Not in this history' },
          { label: 'Acknowledged at', value: formatUtc(d.acknowledgedAt) },
        ],
      };
    }
  }
}

/** One timeline entry per event, in log order, with its evidence and its place in the hash chain. */
export function timelineOf(events: readonly ComplianceEvidence[]): TimelineEntry[] {
  const warnings = warningsById(events);
  return events.map((event) => ({
    key: event.eventId,
    occurredAt: event.occurredAt,
    ...describe(event, warnings),
    record: [
      { label: 'Recorded at', value: formatUtc(event.occurredAt) },
      { label: 'Actor', value: dash(event.actor), mono: true },
      { label: 'Stream', value: `${event.stream} #${event.revision}`, mono: true },
      { label: 'Log position', value: event.position, mono: true },
      { label: 'Event id', value: event.eventId, mono: true },
      { label: 'Previous hash', value: event.prevHash ?? '— (first event of the stream)', mono: true },
      { label: 'Hash', value: event.hash, mono: true },
    ],
  }));
}

/** 'user-…' → 'Account', 'compliance-…' → 'Compliance record', 'catalog-document-x' → the document. */
export function streamLabel(stream: string): string {
  const parsed = parseStream(stream);
  if (parsed?.category === 'user') return 'Account';
  if (parsed?.category === 'compliance') return 'Compliance record';
  if (parsed?.category === 'catalogDocument') {
    const label = documentTypeLabels[parsed.id as DocumentType];
    return `Published: ${label === undefined ? parsed.id : label}`;
  }
  return stream;
}

export interface VerificationSummary {
  readonly ok: boolean;
  /** The badge: 'Verified' or 'Broken'. */
  readonly badge: 'Verified' | 'Broken';
  readonly text: string;
}

/** One line over all streams: verified when every chain holds, else the first broken stream and revision. */
export function summariseVerification(streams: readonly StreamVerification[]): VerificationSummary {
  const broken = streams.filter((s) => !s.ok);
  const events = streams.reduce((sum, s) => sum + s.events, 0);
  const first = broken[0];
  if (first === undefined) {
    return {
      ok: true,
      badge: 'Verified',
      text: `All ${streams.length} hash chains intact (${events} events).`,
    };
  }
  const where =
    first.brokenAtRevision !== null
      ? ` at revision ${first.brokenAtRevision}`
      : first.problem === null
        ? ''
        : `: ${first.problem}`;
  const more = broken.length > 1 ? ` ${broken.length - 1} more stream(s) broken.` : '';
  return {
    ok: false,
    badge: 'Broken',
    text: `${streamLabel(first.stream)} (${first.stream}) is broken${where}.${more}`,
  };
}

/**
 * Up to which signed checkpoint the evidence is verified, in one line; `ok` is false (a plain warning)
 * when there is none to rest on, or the checkpoints themselves show tampering.
 */
export function checkpointSummary(
  basis: CheckpointBasis,
  streams: readonly StreamVerification[],
): { readonly ok: boolean; readonly text: string } {
  const uncovered = streams.reduce((sum, s) => sum + (s.ok ? s.events - s.signedEvents : 0), 0);
  const notYet =
    uncovered === 0
      ? ''
      : ` ${uncovered} newer event${uncovered === 1 ? ' is' : 's are'} not yet covered by a signed checkpoint.`;
  if (basis.seq === null || basis.signedAt === null) {
    return {
      ok: false,
      text: `Not verified against a signed checkpoint: ${basis.problem ?? 'the log holds none yet'}.`,
    };
  }
  const against = `signed checkpoint #${basis.seq} of ${formatUtc(basis.signedAt)}`;
  const witnesses =
    basis.cosignedBy === undefined
      ? ''
      : basis.cosignedBy.length === 0
        ? ' No witness has cosigned it yet.'
        : ` Cosigned by ${basis.cosignedBy.length === 1 ? 'witness' : 'witnesses'} ${basis.cosignedBy.join(', ')}.`;
  if (basis.problem !== null) {
    return {
      ok: false,
      text: `Warning: ${basis.problem}. Verified only against ${against}.${witnesses}${notYet}`,
    };
  }
  return { ok: true, text: `Verified against ${against}.${witnesses}${notYet}` };
}

/** A stream's result in the verification table. */
export function streamResult(s: StreamVerification): string {
  if (!s.ok) return `Broken${s.brokenAtRevision === null ? '' : ` at revision ${s.brokenAtRevision}`}`;
  const notYet = s.events - s.signedEvents;
  return notYet === 0 ? 'Verified' : `Chain intact; ${notYet} not yet signed`;
}

/** The risk assessment part of a state, in words. */
export function riskAssessmentText(risk: ComplianceState['riskAssessment']): string {
  switch (risk.status) {
    case 'none':
      return 'No risk assessment';
    case 'current':
      return risk.expiresAt === null ? 'Current' : `Current, expires ${formatUtc(risk.expiresAt)}`;
    case 'expired':
      return risk.expiresAt === null ? 'Expired' : `Expired ${formatUtc(risk.expiresAt)}`;
  }
}

/** A learner's display name: first and last name, or the e-mail when both are blank. */
export const learnerName = (learner: AuditHistory['learner']): string =>
  learner.erasedAt !== undefined
    ? `Erased learner (erased ${formatUtc(learner.erasedAt)})`
    : `${learner.firstName} ${learner.lastName}`.trim() || learner.email;
