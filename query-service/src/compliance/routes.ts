import { type ComplianceLogEntry, DocumentType, type DocumentView, documentKey } from '@tickwise/contracts';
import { derivedFrom, type RouteHandlers } from '@tickwise/platform';
import {
  type ActiveDocumentDoc,
  activeCollection,
  type ComplianceLogDoc,
  complianceLogOf,
  type LearnerComplianceDoc,
  type LearnerComplianceDocBeforeLog,
  LOG_SINCE_VERSION,
  readState,
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

/** A learner's Compliance Log, newest first: derived once per version of their log documents. */
const logFrom = derivedFrom((docs: readonly ComplianceLogDoc[]) => complianceLogOf(docs));

/** The compliance read side: documents in force and the learner's own records (never anyone else's). */
export function complianceQueries(deps: Pick<QueryServiceDeps, 'store'>): RouteHandlers<'query'> {
  const learner = async (userId: string) =>
    deps.store.get<LearnerComplianceDoc>(
      await activeCollection(deps.store, 'compliance', 'learners'),
      userId,
    );
  /**
   * The learner's record as a generation from before `LOG_SINCE_VERSION` keeps it (an upgraded folder, until
   * the replay that fills the `log` collection switches in), or undefined when the generation in service has
   * the log of its own.
   */
  const recordBeforeLog = async (userId: string) => {
    const version = (await readState(deps.store, 'compliance'))?.activeVersion ?? LOG_SINCE_VERSION;
    if (version >= LOG_SINCE_VERSION) return undefined;
    const record = (await learner(userId)) as LearnerComplianceDocBeforeLog | undefined;
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
      const before = await recordBeforeLog(userId);
      return { body: before ? earliestViews(before.log) : ((await learner(userId))?.views ?? []) };
    },
    async complianceLog(_input, request) {
      const userId = request.principal.userId;
      const before = await recordBeforeLog(userId);
      if (before) return { body: before.log };
      const entries = await deps.store.find<ComplianceLogDoc>(
        await activeCollection(deps.store, 'compliance', 'log'),
        { where: { learnerId: userId } },
      );
      return { body: logFrom(entries) };
    },
  };
}

/**
 * The earliest recorded view of each document version, from the log (newest first), oldest first: what a
 * generation from before `LOG_SINCE_VERSION` answers from.
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
