import {
  type Acknowledgment,
  type ComplianceLogEntry,
  type DocumentType,
  documentKey,
  documentTypeLabels,
  type EventOf,
  type RegulatoryWarning,
  type RiskAssessment,
  warningTypeLabel,
} from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { documents, ownDocument, projection, streamOwner } from '../runtime/projection';

/** Per learner: what the compliance screens show, and what isCompliant is judged from. */
export interface LearnerComplianceDoc {
  id: string;
  /** Versions acknowledged, per document type. */
  acknowledged: Partial<Record<DocumentType, string[]>>;
  riskExpiresAt: string | null;
  acknowledgments: Acknowledgment[];
  /** Newest first. */
  assessments: RiskAssessment[];
  warnings: RegulatoryWarning[];
  /** The Compliance Log, newest first. */
  log: ComplianceLogEntry[];
  [key: string]: unknown;
}

/** Per document type: the version in force (the latest published) and its text. */
export interface ActiveDocumentDoc {
  id: DocumentType;
  version: string;
  title: string;
  content: string;
  contentHash: string;
  consentText: string;
  publishedAt: string;
  [key: string]: unknown;
}

const empty = (id: string): LearnerComplianceDoc => ({
  id,
  acknowledged: {},
  riskExpiresAt: null,
  acknowledgments: [],
  assessments: [],
  warnings: [],
  log: [],
});
const current = (doc: LearnerComplianceDoc | undefined, event: RecordedEvent) =>
  doc ?? empty(streamOwner(event));
const logged = (doc: LearnerComplianceDoc, entry: ComplianceLogEntry): ComplianceLogEntry[] => [
  entry,
  ...doc.log,
];

/**
 * One learner's first acknowledgment of one document version, found by `key` (documentType@version): the
 * auditors' coverage of a version reads these instead of every learner's whole record.
 */
export interface VersionAcknowledgmentDoc {
  id: string;
  key: string;
  learnerId: string;
  acknowledgedAt: string;
  [key: string]: unknown;
}

/**
 * Per learner: only what isCompliant is judged from. Every request of a learner is authorised from it, so it
 * stays small, while the learner's record above grows with every document view (its log).
 */
export interface ComplianceStatusDoc {
  id: string;
  acknowledged: LearnerComplianceDoc['acknowledged'];
  riskExpiresAt: string | null;
  [key: string]: unknown;
}

/** The projection's version from which the `status` collection is complete (filled by a replay). */
export const STATUS_SINCE_VERSION = 5;

const learners = documents<LearnerComplianceDoc>('learners', ownDocument);
const statuses = documents<ComplianceStatusDoc>('status', ownDocument);
const statusOf = (doc: ComplianceStatusDoc | undefined, event: RecordedEvent): ComplianceStatusDoc =>
  doc ?? { id: streamOwner(event), acknowledged: {}, riskExpiresAt: null };
const documentsInForce = documents<ActiveDocumentDoc, EventOf<'ComplianceDocumentPublished'>>(
  'documents',
  (event) => [event.data.documentType],
);
const acknowledgments = documents<VersionAcknowledgmentDoc, EventOf<'DocumentAcknowledged'>>(
  'acknowledgments',
  (event) => [`${streamOwner(event)}|${documentKey(event.data)}`],
);

export const complianceProjection = projection({
  name: 'compliance',
  // 3: the log reads in words (document and warning names, not their codes); acknowledgments by version.
  // 4: an erased learner's assessments keep no income or net worth.
  // 5: each learner's compliance status on its own (`status`), which every request is authorised from.
  version: STATUS_SINCE_VERSION,
  // The learner's own risk assessments list their annual income and net worth (the acknowledgments' IP
  // address and browser are not kept here: they stay sealed).
  readsPersonalData: ['RiskAssessed'],
  collections: [
    { name: 'learners' },
    { name: 'status' },
    { name: 'documents' },
    { name: 'acknowledgments', indexes: ['key'] },
  ],
  handlers: [
    documentsInForce.on('ComplianceDocumentPublished', (_doc, { data: d }) => ({
      id: d.documentType,
      version: d.version,
      title: d.title,
      content: d.content,
      contentHash: d.contentHash,
      consentText: d.consentText,
      publishedAt: d.publishedAt,
    })),
    learners.on('ComplianceDocumentViewed', (doc, event) => {
      const d = event.data;
      const learner = current(doc, event);
      return {
        ...learner,
        log: logged(learner, {
          id: event.eventId,
          kind: 'document_viewed',
          at: d.viewedAt,
          summary: `Opened the ${documentTypeLabels[d.documentType]} (version ${d.version}) for reading`,
          documentType: d.documentType,
          version: d.version,
        }),
      };
    }),
    // The first acknowledgment of a version is the one that counts; a repeat changes nothing.
    acknowledgments.on('DocumentAcknowledged', (doc, event) => {
      if (doc) return doc;
      const d = event.data;
      const learnerId = streamOwner(event);
      const key = documentKey(d);
      return { id: `${learnerId}|${key}`, key, learnerId, acknowledgedAt: d.acknowledgedAt };
    }),
    learners.on('DocumentAcknowledged', (doc, event) => {
      const d = event.data;
      const learner = current(doc, event);
      const versions = learner.acknowledged[d.documentType] ?? [];
      if (versions.includes(d.version)) return learner;
      return {
        ...learner,
        acknowledged: { ...learner.acknowledged, [d.documentType]: [...versions, d.version] },
        acknowledgments: [
          ...learner.acknowledgments,
          {
            id: event.eventId,
            documentType: d.documentType,
            version: d.version,
            acknowledgedAt: d.acknowledgedAt,
          },
        ],
        log: logged(learner, {
          id: event.eventId,
          kind: 'document_acknowledged',
          at: d.acknowledgedAt,
          summary: `Acknowledged the ${documentTypeLabels[d.documentType]} (version ${d.version}) after ${d.secondsRead} s of reading`,
          documentType: d.documentType,
          version: d.version,
        }),
      };
    }),
    statuses.on('DocumentAcknowledged', (doc, event) => {
      const d = event.data;
      const status = statusOf(doc, event);
      const versions = status.acknowledged[d.documentType] ?? [];
      if (versions.includes(d.version)) return status;
      return {
        ...status,
        acknowledged: { ...status.acknowledged, [d.documentType]: [...versions, d.version] },
      };
    }),
    statuses.on('RiskAssessed', (doc, event) => ({
      ...statusOf(doc, event),
      riskExpiresAt: event.data.expiresAt,
    })),
    // What a rebuild reads once the key is gone: the personal answers' erased value, null.
    learners.on('LearnerErased', (doc) =>
      doc
        ? { ...doc, assessments: doc.assessments.map((a) => ({ ...a, annualIncome: null, netWorth: null })) }
        : doc,
    ),
    learners.on('RiskAssessed', (doc, event) => {
      const { assessmentId, submittedAt, ...answers } = event.data;
      const learner = current(doc, event);
      return {
        ...learner,
        riskExpiresAt: answers.expiresAt,
        assessments: [{ id: assessmentId, ...answers, createdAt: submittedAt }, ...learner.assessments],
        log: logged(learner, {
          id: event.eventId,
          kind: 'risk_assessed',
          at: submittedAt,
          summary: `Risk assessment completed, valid until ${answers.expiresAt.slice(0, 10)}`,
        }),
      };
    }),
    learners.on('RegulatoryWarningIssued', (doc, event) => {
      const d = event.data;
      const learner = current(doc, event);
      if (learner.warnings.some((w) => w.id === d.warningId)) return learner;
      return {
        ...learner,
        warnings: [
          ...learner.warnings,
          {
            id: d.warningId,
            warningType: d.warningType,
            message: d.message,
            createdAt: d.issuedAt,
            acknowledged: false,
          },
        ],
        log: logged(learner, {
          id: event.eventId,
          kind: 'warning_issued',
          at: d.issuedAt,
          summary: `Warning issued: ${warningTypeLabel(d.warningType)}`,
        }),
      };
    }),
    learners.on('RegulatoryWarningAcknowledged', (doc, event) => {
      const d = event.data;
      const learner = current(doc, event);
      const warning = learner.warnings.find((w) => w.id === d.warningId);
      return {
        ...learner,
        warnings: learner.warnings.map((w) => (w.id === d.warningId ? { ...w, acknowledged: true } : w)),
        log: logged(learner, {
          id: event.eventId,
          kind: 'warning_acknowledged',
          at: d.acknowledgedAt,
          summary: warning
            ? `Warning acknowledged: ${warningTypeLabel(warning.warningType)}`
            : `Warning ${d.warningId} acknowledged`,
        }),
      };
    }),
  ],
});

/**
 * isCompliant, judged at read time: every active document's current version acknowledged, and a risk
 * assessment that has not expired. With no risk assessment a learner is never compliant.
 */
export function isCompliant(
  learner: Pick<LearnerComplianceDoc, 'acknowledged' | 'riskExpiresAt'> | undefined,
  activeDocuments: readonly Pick<ActiveDocumentDoc, 'id' | 'version'>[],
  now: Date,
): boolean {
  if (!learner?.riskExpiresAt || Date.parse(learner.riskExpiresAt) <= now.getTime()) return false;
  return activeDocuments.every(
    (document) => learner.acknowledged[document.id]?.includes(document.version) ?? false,
  );
}
