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

/** A Compliance Log entry with its event's revision in the learner's compliance stream: the log's order. */
export interface LoggedEntry {
  revision: number;
  entry: ComplianceLogEntry;
}

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
 * Per learner: what the compliance screens show, and what isCompliant is judged from. The Compliance Log's
 * document views, the one part that grows with every reading, are kept here only for the stream's first
 * `VIEW_PAGE_SIZE` revisions (a learner going through the gate once); later ones go to pages of their own
 * (`views` collection), so that a document view never rewrites a history that keeps growing.
 */
export interface LearnerComplianceDoc extends LearnerComplianceFields {
  /** The first view of each document version, oldest first. */
  firstViews: DocumentView[];
  /** The log's entries, oldest first, but for document views after the first page of revisions. */
  log: LoggedEntry[];
  /** How many pages of revisions there may be views in: one past the last page that holds a view (page 0 is here). */
  viewPages: number;
}

/** A learner's record as versions before `VIEW_PAGES_SINCE_VERSION` keep it: the whole log inside, newest first. */
export interface LearnerComplianceDocBeforeViewPages extends LearnerComplianceFields {
  log: ComplianceLogEntry[];
}

/**
 * A page of a learner's document views for the Compliance Log (page 1 on): the views whose events' revisions
 * fall in the page's `VIEW_PAGE_SIZE` revisions. Read by id (`learner|page`), written only while its
 * revisions are being appended.
 */
export interface ComplianceViewPageDoc {
  id: string;
  /** Oldest first. */
  views: LoggedEntry[];
  [key: string]: unknown;
}

/** Revisions of a learner's compliance stream a page of views covers. */
export const VIEW_PAGE_SIZE = 32;
const viewPageOf = (event: RecordedEvent) => Math.floor(event.revision / VIEW_PAGE_SIZE);
/** The id of page `page` of a learner's document views. */
export const viewPageId = (learnerId: string, page: number) => `${learnerId}|${page}`;

/** The learner's Compliance Log, newest first: their record's entries and their pages of document views. */
export function complianceLogOf(
  record: Pick<LearnerComplianceDoc, 'log'> | undefined,
  pages: Iterable<ComplianceViewPageDoc>,
): ComplianceLogEntry[] {
  const entries = [...(record?.log ?? [])];
  for (const page of pages) entries.push(...page.views);
  return entries.sort((a, b) => b.revision - a.revision).map(({ entry }) => entry);
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
  firstViews: [],
  log: [],
  viewPages: 0,
});
const current = (doc: LearnerComplianceDoc | undefined, event: RecordedEvent) =>
  doc ?? empty(streamOwner(event));
/** The record's log with the event's entry after it (the entry's id is the event's). */
const logged = (
  doc: LearnerComplianceDoc,
  event: RecordedEvent,
  entry: Omit<ComplianceLogEntry, 'id'>,
): LoggedEntry[] => [...doc.log, { revision: event.revision, entry: { id: event.eventId, ...entry } }];

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

/** A document view's entry in the Compliance Log. */
const viewEntry = ({ data: d }: RecordedEvent<EventOf<'ComplianceDocumentViewed'>>) => ({
  kind: 'document_viewed' as const,
  at: d.viewedAt,
  summary: `Opened the ${documentTypeLabels[d.documentType]} (version ${d.version}) for reading`,
  documentType: d.documentType,
  version: d.version,
});

/** The projection's version from which the `status` collection is complete (filled by a replay). */
export const STATUS_SINCE_VERSION = 5;

/** The projection's version from which document views are logged in pages (`views`), not in the record. */
export const VIEW_PAGES_SINCE_VERSION = 6;

const learners = documents<LearnerComplianceDoc>('learners', ownDocument);
const statuses = documents<ComplianceStatusDoc>('status', ownDocument);
// The first page is the record's: a view on it touches no page (and a rebuild looks none up).
const viewPages = documents<ComplianceViewPageDoc>('views', (event) => {
  const page = viewPageOf(event);
  return page === 0 ? [] : [viewPageId(streamOwner(event), page)];
});
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
  // 6: document views logged in pages of their own (`views`); the record keeps each version's first view.
  version: VIEW_PAGES_SINCE_VERSION,
  // The learner's own risk assessments list their annual income and net worth (the acknowledgments' IP
  // address and browser are not kept here: they stay sealed).
  readsPersonalData: ['RiskAssessed'],
  collections: [
    { name: 'learners' },
    { name: 'status' },
    { name: 'views' },
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
    // A view on the first page of revisions is logged in the record; after it the record changes only at a
    // version's first view and when a new page of views begins.
    learners.on('ComplianceDocumentViewed', (doc, event) => {
      const { documentType, version, viewedAt } = event.data;
      const learner = current(doc, event);
      const page = viewPageOf(event);
      const seen = learner.firstViews.some((v) => v.documentType === documentType && v.version === version);
      const pages = Math.max(learner.viewPages, page + 1);
      if (doc && seen && page > 0 && pages === learner.viewPages) return doc;
      return {
        ...learner,
        firstViews: seen ? learner.firstViews : [...learner.firstViews, { documentType, version, viewedAt }],
        log: page === 0 ? logged(learner, event, viewEntry(event)) : learner.log,
        viewPages: pages,
      };
    }),
    viewPages.on('ComplianceDocumentViewed', (doc, event) => {
      const views = doc?.views ?? [];
      return {
        id: viewPageId(streamOwner(event), viewPageOf(event)),
        views: [...views, { revision: event.revision, entry: { id: event.eventId, ...viewEntry(event) } }],
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
        log: logged(learner, event, {
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
        log: logged(learner, event, {
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
        log: logged(learner, event, {
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
        log: logged(learner, event, {
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
