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

/** The documents in force, in the spec's order: derived once per version of the read model. */
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
      const record = await learner(userId);
      if (!record) return { body: [] };
      // The pages after the first (which is the record's), each from the read cache: the same objects until
      // a view changes one.
      const views = await activeCollection(deps.store, 'compliance', 'views');
      const pages = await Promise.all(
        Array.from({ length: Math.max(record.viewPages - 1, 0) }, (_, page) =>
          deps.store.get<ComplianceViewPageDoc>(views, viewPageId(userId, page + 1)),
        ),
      );
      return { body: logFrom(record, ...pages.filter((page) => page !== undefined)) };
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
