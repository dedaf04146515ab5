import {
  type Acknowledgment,
  type ComplianceLogEntry,
  type DocumentType,
  type DocumentView,
  documentKey,
  documentTypeLabels,
  type EventOf,
  type RegulatoryWarning,
  type RiskAssessment,
  warningTypeLabel,
} from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { documents, ownDocument, projection, streamOwner } from '../runtime/projection';

/** What a learner's compliance record holds in every version of the read model. */
interface LearnerComplianceFields {
  id: string;
  /** Versions acknowledged, per document type. */
  acknowledged: Partial<Record<DocumentType, string[]>>;
  riskExpiresAt: string | null;
  acknowledgments: Acknowledgment[];
  /** Newest first. */
  assessments: RiskAssessment[];
  warnings: RegulatoryWarning[];
  [key: string]: unknown;
}

/**
 * Per learner: what the compliance screens show, and what isCompliant is judged from. Everything in it is
 * bounded by the documents and warnings there are; the Compliance Log, which grows with every view, is the
 * `log` collection's.
 */
export interface LearnerComplianceDoc extends LearnerComplianceFields {
  /** The first view of each document version, oldest first. */
  views: DocumentView[];
}

/** A learner's record as versions before `LOG_SINCE_VERSION` kept it: the whole log inside, no `views`. */
export interface LearnerComplianceDocBeforeLog extends LearnerComplianceFields {
  /** The Compliance Log, newest first. */
  log: ComplianceLogEntry[];
}

/**
 * Entries of one learner's Compliance Log, a document of their own: the log grows with every document view,
 * and as part of the learner's record it made each view rewrite (and each read of the record parse) the
 * learner's whole history. One document per entry, or for a warning its issue and then its acknowledgment.
 */
export interface ComplianceLogDoc {
  /** The first entry's event id; a document version's acknowledgment or a warning: the learner and its key. */
  id: string;
  learnerId: string;
  /** Each entry with its event's revision in the learner's compliance stream, which is the log's order. */
  entries: Array<{ revision: number; entry: ComplianceLogEntry }>;
  /** A warning's type, which its acknowledgment's entry names. */
  warningType?: string;
  [key: string]: unknown;
}

/** The Compliance Log, newest first, from a learner's log documents (in any order). */
export const complianceLogOf = (docs: readonly ComplianceLogDoc[]): ComplianceLogEntry[] =>
  docs
    .flatMap((doc) => doc.entries)
    .sort((a, b) => b.revision - a.revision)
    .map(({ entry }) => entry);

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
  views: [],
});
const current = (doc: LearnerComplianceDoc | undefined, event: RecordedEvent) =>
  doc ?? empty(streamOwner(event));
/** A log document holding the event's entry, at its revision, under `id` (by default the event's id). */
const logEntry = (
  event: RecordedEvent,
  entry: Omit<ComplianceLogEntry, 'id'>,
  id = event.eventId,
): ComplianceLogDoc => ({
  id,
  learnerId: streamOwner(event),
  entries: [{ revision: event.revision, entry: { id: event.eventId, ...entry } }],
});

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

/** The projection's version from which the log is the `log` collection's and learners hold their `views`. */
export const LOG_SINCE_VERSION = 6;

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
const logOf = documents<ComplianceLogDoc>('log', (event) => [event.eventId]);
/** The log document of a document version's first acknowledgment. */
const acknowledgedKey = (event: RecordedEvent<EventOf<'DocumentAcknowledged'>>) =>
  `${streamOwner(event)}|acknowledged|${documentKey(event.data)}`;
/** A warning's log document: its issue, then its acknowledgment. */
const warningKey = (
  event: RecordedEvent<EventOf<'RegulatoryWarningIssued' | 'RegulatoryWarningAcknowledged'>>,
) => `${streamOwner(event)}|warning|${event.data.warningId}`;

export const complianceProjection = projection({
  name: 'compliance',
  // 3: the log reads in words (document and warning names, not their codes); acknowledgments by version.
  // 4: an erased learner's assessments keep no income or net worth.
  // 5: each learner's compliance status on its own (`status`), which every request is authorised from.
  // 6: the log in a collection of its own, a document an entry; each learner's first view of each version.
  version: LOG_SINCE_VERSION,
  // The learner's own risk assessments list their annual income and net worth (the acknowledgments' IP
  // address and browser are not kept here: they stay sealed).
  readsPersonalData: ['RiskAssessed'],
  collections: [
    { name: 'learners' },
    { name: 'status' },
    { name: 'documents' },
    { name: 'acknowledgments', indexes: ['key'] },
    { name: 'log', indexes: ['learnerId'] },
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
    // A version viewed again changes nothing here: only its log grows.
    learners.on('ComplianceDocumentViewed', (doc, event) => {
      const { documentType, version, viewedAt } = event.data;
      const learner = current(doc, event);
      if (learner.views.some((v) => v.documentType === documentType && v.version === version)) return doc;
      return { ...learner, views: [...learner.views, { documentType, version, viewedAt }] };
    }),
    logOf.on('ComplianceDocumentViewed', (_doc, event) => {
      const d = event.data;
      const summary = `Opened the ${documentTypeLabels[d.documentType]} (version ${d.version}) for reading`;
      return logEntry(event, {
        kind: 'document_viewed',
        at: d.viewedAt,
        summary,
        documentType: d.documentType,
        version: d.version,
      });
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
      };
    }),
    // Logged once, as the record: the first acknowledgment of a version.
    logOf.on(
      'DocumentAcknowledged',
      (doc, event) => {
        const d = event.data;
        const summary = `Acknowledged the ${documentTypeLabels[d.documentType]} (version ${d.version}) after ${d.secondsRead} s of reading`;
        const entry = { summary, documentType: d.documentType, version: d.version };
        return (
          doc ??
          logEntry(
            event,
            { kind: 'document_acknowledged', at: d.acknowledgedAt, ...entry },
            acknowledgedKey(event),
          )
        );
      },
      (event) => [acknowledgedKey(event)],
    ),
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
      };
    }),
    logOf.on('RiskAssessed', (_doc, event) =>
      logEntry(event, {
        kind: 'risk_assessed',
        at: event.data.submittedAt,
        summary: `Risk assessment completed, valid until ${event.data.expiresAt.slice(0, 10)}`,
      }),
    ),
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
      };
    }),
    // A warning issued again is logged once.
    logOf.on(
      'RegulatoryWarningIssued',
      (doc, event) => {
        const { issuedAt: at, warningType } = event.data;
        const summary = `Warning issued: ${warningTypeLabel(warningType)}`;
        return (
          doc ?? {
            ...logEntry(event, { kind: 'warning_issued', at, summary }, warningKey(event)),
            warningType,
          }
        );
      },
      (event) => [warningKey(event)],
    ),
    learners.on('RegulatoryWarningAcknowledged', (doc, event) => {
      const d = event.data;
      const learner = current(doc, event);
      return {
        ...learner,
        warnings: learner.warnings.map((w) => (w.id === d.warningId ? { ...w, acknowledged: true } : w)),
      };
    }),
    logOf.on(
      'RegulatoryWarningAcknowledged',
      (doc, event) => {
        const d = event.data;
        const summary = doc?.warningType
          ? `Warning acknowledged: ${warningTypeLabel(doc.warningType)}`
          : `Warning ${d.warningId} acknowledged`;
        const acknowledged = logEntry(
          event,
          { kind: 'warning_acknowledged', at: d.acknowledgedAt, summary },
          warningKey(event),
        );
        return doc ? { ...doc, entries: [...doc.entries, ...acknowledged.entries] } : acknowledged;
      },
      (event) => [warningKey(event)],
    ),
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
