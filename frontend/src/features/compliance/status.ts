/** Pure rules of the gate: document status, risk status and the step a user needs. */
import type { Acknowledgment, ComplianceDocument, RiskAssessment } from '@tickwise/contracts';

export type DocumentRef = Pick<ComplianceDocument, 'documentType' | 'version'>;

/** The acknowledgment of exactly this document version, if any (Pending → Acknowledged). */
export const acknowledgmentOf = (
  doc: DocumentRef,
  acknowledgments: readonly Acknowledgment[] | undefined,
): Acknowledgment | undefined =>
  acknowledgments?.find((a) => a.documentType === doc.documentType && a.version === doc.version);

/** Active documents that still lack an acknowledgment of their version. */
export const pendingDocuments = <D extends DocumentRef>(
  documents: readonly D[],
  acknowledgments: readonly Acknowledgment[] | undefined,
): D[] => documents.filter((d) => acknowledgmentOf(d, acknowledgments) === undefined);

export type RiskStatus = 'Current' | 'Expired';

/** No assessment, or one whose expiresAt has passed, counts as expired. The first item is the latest. */
export function riskStatus(assessments: readonly RiskAssessment[] | undefined, now = Date.now()): RiskStatus {
  const latest = assessments?.[0];
  return latest !== undefined && Date.parse(latest.expiresAt) > now ? 'Current' : 'Expired';
}

export type GateStep = 'documents' | 'risk-assessment' | 'complete';

/** The step a user who is not compliant needs first: documents while any is pending, else the assessment. */
export const neededStep = (
  documents: readonly DocumentRef[],
  acknowledgments: readonly Acknowledgment[] | undefined,
): GateStep => (pendingDocuments(documents, acknowledgments).length > 0 ? 'documents' : 'risk-assessment');

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export const formatDateTime = (iso: string): string => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTime.format(time);
};
export const formatDate = (iso: string): string => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateOnly.format(time);
};

/** 'general_risk' → 'General Risk'. */
export const humanize = (identifier: string): string =>
  identifier
    .split(/[_\s-]+/)
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
