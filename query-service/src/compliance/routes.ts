import { type ComplianceLogEntry, DocumentType, type DocumentView, documentKey } from '@tickwise/contracts';
import { derivedFrom, type RouteHandlers } from '@tickwise/platform';
import {
  type ActiveDocumentDoc,
  activeCollection,
  type ComplianceViewPageDoc,
  complianceLogOf,
  type LearnerComplianceDoc,
  type LearnerComplianceDocBeforeViewPages,
  readState,
  VIEW_PAGES_SINCE_VERSION,
  viewPageId,
} from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';

const order = (type: string) => DocumentType.values.indexOf(type as DocumentType);

/** The documents in force, in the compliance rule's order: derived once per version of the read model. */
const documentList = derivedFrom((documents: readonly ActiveDocumentDoc[]) =>
  documents
    .toSorted((a, b) => order(a.id) - order(b.id))
    .map((d) => ({
      id: documentKey({ documentType: d.id, version: d.version }),
      documentType: d.id,
      title: d.title,
      version: d.version,
      content: d.content,
      consentText: d.consentText,
      isActive: true,
    })),
);

/** A learner's Compliance Log, newest first: derived once per version of their record and pages of views. */
const logFrom = derivedFrom((record: LearnerComplianceDoc, ...pages: ComplianceViewPageDoc[]) =>
  complianceLogOf(record, pages),
);

/**
 * How many times the Compliance Log's record and pages are read before an answer is given as it is: a learner's
 * own writes cannot move their record that often within one request; the bound keeps a request finite anyway.
 */
const MAX_LOG_READS = 5;

/** Whether two reads of a learner's record hold the same log entries and pages (both only ever grow). */
const sameLogEntries = (a: LearnerComplianceDoc, b: LearnerComplianceDoc) =>
  a === b || (a.log.length === b.log.length && a.viewPages === b.viewPages);

/** The compliance read side: documents in force and the learner's own records (never anyone else's). */
export function complianceQueries(deps: Pick<QueryServiceDeps, 'store'>): RouteHandlers<'query'> {
  const learner = async (userId: string) =>
    deps.store.get<LearnerComplianceDoc>(
      await activeCollection(deps.store, 'compliance', 'learners'),
      userId,
    );
  /**
   * The learner's record as a generation from before `VIEW_PAGES_SINCE_VERSION` keeps it (an upgraded folder,
   * until the replay that fills the pages of views switches in), or undefined when the generation in service
   * logs views in pages.
   */
  const recordBeforeViewPages = async (userId: string) => {
    const version = (await readState(deps.store, 'compliance'))?.activeVersion ?? VIEW_PAGES_SINCE_VERSION;
    if (version >= VIEW_PAGES_SINCE_VERSION) return undefined;
    const record = (await learner(userId)) as LearnerComplianceDocBeforeViewPages | undefined;
    return { log: record?.log ?? [] };
  };
  /**
   * The pages after the first (which is the record's), each from the read cache: the same objects until a view
   * changes one.
   */
  const viewPagesOf = async (views: string, userId: string, count: number) => {
    const pages = await Promise.all(
      Array.from({ length: Math.max(count - 1, 0) }, (_, page) =>
        deps.store.get<ComplianceViewPageDoc>(views, viewPageId(userId, page + 1)),
      ),
    );
    return pages.filter((page) => page !== undefined);
  };
  return {
    async complianceDocuments() {
      const documents = await deps.store.find<ActiveDocumentDoc>(
        await activeCollection(deps.store, 'compliance', 'documents'),
      );
      return { body: documentList(documents) };
    },
    async acknowledgments(_input, request) {
      return { body: (await learner(request.principal.userId))?.acknowledgments ?? [] };
    },
    async riskAssessments(_input, request) {
      return { body: (await learner(request.principal.userId))?.assessments ?? [] };
    },
    async regulatoryWarnings(_input, request) {
      return { body: (await learner(request.principal.userId))?.warnings ?? [] };
    },
    async documentViews(_input, request) {
      const userId = request.principal.userId;
      const before = await recordBeforeViewPages(userId);
      return { body: before ? earliestViews(before.log) : ((await learner(userId))?.firstViews ?? []) };
    },
    async complianceLog(_input, request) {
      const userId = request.principal.userId;
      const before = await recordBeforeViewPages(userId);
      if (before) return { body: before.log };
      const views = await activeCollection(deps.store, 'compliance', 'views');
      // The record and its pages are read one after the other while the projections go on committing: the
      // pages are taken as read only when the record is the same after them as before. Only the last page can
      // still change then, and only by views newer than everything else, so the answer is the log as it stood
      // when that page was read. Had the record moved (an acknowledgment logged, or a new page begun), an
      // answer could show a view without the entry before it, or miss a page: it is read again.
      let record = await learner(userId);
      for (let attempt = 1; ; attempt++) {
        if (!record) return { body: [] };
        const pages = await viewPagesOf(views, userId, record.viewPages);
        const after = await learner(userId);
        if ((after && sameLogEntries(record, after)) || attempt === MAX_LOG_READS)
          return { body: logFrom(record, ...pages) };
        record = after;
      }
    },
  };
}

/**
 * The earliest recorded view of each document version, from the log (newest first), oldest first: what a
 * generation from before `VIEW_PAGES_SINCE_VERSION` answers from.
 */
export function earliestViews(log: readonly ComplianceLogEntry[]): DocumentView[] {
  const earliest = new Map<string, DocumentView>();
  for (const entry of [...log].reverse()) {
    if (entry.kind !== 'document_viewed' || !entry.documentType || !entry.version) continue;
    const view = { documentType: entry.documentType, version: entry.version, viewedAt: entry.at };
    if (!earliest.has(documentKey(view))) earliest.set(documentKey(view), view);
  }
  return [...earliest.values()];
}
