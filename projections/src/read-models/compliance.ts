import {
  type Acknowledgment,
  type ComplianceLogEntry,
  type DocumentType,
  documentTypeLabels,
  type EventData,
  type EventType,
  type RegulatoryWarning,
  type RiskAssessment,
  warningTypeLabel,
} from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { handler, type Projection } from '../runtime/projection';

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

const data = <K extends EventType>(_type: K, event: RecordedEvent) => event.data as EventData<K>;
const learnerOf = (event: RecordedEvent) => [event.stream.slice('compliance-'.length)];
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
  doc ?? empty(learnerOf(event)[0] ?? '');
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

export const versionKey = (documentType: DocumentType, version: string): string =>
  `${documentType}@${version}`;

export const complianceProjection: Projection = {
  name: 'compliance',
  // 3: the log reads in words (document and warning names, not their codes); acknowledgments by version.
  version: 3,
  collections: [{ name: 'learners' }, { name: 'documents' }, { name: 'acknowledgments', indexes: ['key'] }],
  handlers: {
    ComplianceDocumentPublished: [
      handler<ActiveDocumentDoc>({
        collection: 'documents',
        ids: (event) => [data('ComplianceDocumentPublished', event).documentType],
        apply: (_doc, event) => {
          const d = data('ComplianceDocumentPublished', event);
          return {
            id: d.documentType,
            version: d.version,
            title: d.title,
            content: d.content,
            contentHash: d.contentHash,
            consentText: d.consentText,
            publishedAt: d.publishedAt,
          };
        },
      }),
    ],
    ComplianceDocumentViewed: [
      handler<LearnerComplianceDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const d = data('ComplianceDocumentViewed', event);
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
        },
      }),
    ],
    DocumentAcknowledged: [
      handler<VersionAcknowledgmentDoc>({
        collection: 'acknowledgments',
        ids: (event) => {
          const d = data('DocumentAcknowledged', event);
          return [`${learnerOf(event)[0]}|${versionKey(d.documentType, d.version)}`];
        },
        // The first acknowledgment of a version is the one that counts; a repeat changes nothing.
        apply: (doc, event) => {
          if (doc) return doc;
          const d = data('DocumentAcknowledged', event);
          const learnerId = learnerOf(event)[0] ?? '';
          const key = versionKey(d.documentType, d.version);
          return { id: `${learnerId}|${key}`, key, learnerId, acknowledgedAt: d.acknowledgedAt };
        },
      }),
      handler<LearnerComplianceDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const d = data('DocumentAcknowledged', event);
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
        },
      }),
    ],
    RiskAssessed: [
      handler<LearnerComplianceDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const { assessmentId, submittedAt, ...answers } = data('RiskAssessed', event);
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
        },
      }),
    ],
    RegulatoryWarningIssued: [
      handler<LearnerComplianceDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const d = data('RegulatoryWarningIssued', event);
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
        },
      }),
    ],
    RegulatoryWarningAcknowledged: [
      handler<LearnerComplianceDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const d = data('RegulatoryWarningAcknowledged', event);
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
        },
      }),
    ],
  },
};

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
