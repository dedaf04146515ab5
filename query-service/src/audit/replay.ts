import {
  type ComplianceEvidence,
  type ComplianceState,
  type DocumentType,
  DocumentType as DocumentTypes,
  type EventData,
  ofType,
} from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';

const COMPLIANCE_TYPES = new Set([
  'ComplianceDocumentViewed',
  'DocumentAcknowledged',
  'RiskAssessed',
  'RegulatoryWarningIssued',
  'RegulatoryWarningAcknowledged',
]);

const at = (event: RecordedEvent) => event.metadata.occurredAt;
const upTo = (asOf: string) => (event: RecordedEvent) => Date.parse(at(event)) <= Date.parse(asOf);

/** A stored compliance event as audit evidence: its data plus where it sits and the hashes that prove it. */
export function toEvidence(event: RecordedEvent): ComplianceEvidence {
  return {
    stream: event.stream,
    revision: event.revision,
    position: event.position,
    eventId: event.eventId,
    occurredAt: at(event),
    actor: event.metadata.actor ?? null,
    prevHash: event.revision === 0 ? null : event.metadata.prevHash,
    hash: event.metadata.hash,
    type: event.type,
    data: event.data,
  } as ComplianceEvidence;
}

/** The version of each document in force at `asOf`: the latest published at or before it. */
export function documentsInForce(catalog: readonly RecordedEvent[], asOf: string) {
  const inForce = new Map<DocumentType, EventData<'ComplianceDocumentPublished'>>();
  for (const { data } of catalog.filter(upTo(asOf)).filter(ofType('ComplianceDocumentPublished'))) {
    inForce.set(data.documentType, data);
  }
  return inForce;
}

/**
 * Replays a learner's compliance stream up to `asOf` against the documents in force then: which versions
 * were acknowledged, which were missing, whether a risk assessment was current, and so whether the learner
 * was compliant at that moment.
 */
export function replayCompliance(
  compliance: readonly RecordedEvent[],
  catalog: readonly RecordedEvent[],
  asOf: string,
): { events: ComplianceEvidence[]; state: ComplianceState } {
  const events = compliance.filter((e) => COMPLIANCE_TYPES.has(e.type)).filter(upTo(asOf));
  const acknowledged = events
    .filter(ofType('DocumentAcknowledged'))
    .map(({ data: { documentType, version, acknowledgedAt } }) => ({
      documentType,
      version,
      acknowledgedAt,
    }));
  const inForce = documentsInForce(catalog, asOf);
  const missing = DocumentTypes.values
    .flatMap((type) => {
      const doc = inForce.get(type);
      return doc ? [{ documentType: type, version: doc.version }] : [];
    })
    .filter(
      (doc) => !acknowledged.some((a) => a.documentType === doc.documentType && a.version === doc.version),
    );
  const assessments = events.filter(ofType('RiskAssessed')).map((e) => e.data);
  const latest = assessments[assessments.length - 1];
  const status = !latest ? 'none' : Date.parse(latest.expiresAt) > Date.parse(asOf) ? 'current' : 'expired';
  return {
    events: events.map(toEvidence),
    state: {
      isCompliant: missing.length === 0 && inForce.size > 0 && status === 'current',
      acknowledged,
      missing,
      riskAssessment: {
        status,
        assessmentId: latest?.assessmentId ?? null,
        expiresAt: latest?.expiresAt ?? null,
      },
    },
  };
}
