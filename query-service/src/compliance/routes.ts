import { type ComplianceLogEntry, DocumentType, type DocumentView, documentKey } from '@tickwise/contracts';
import { derivedFrom, type RouteHandlers } from '@tickwise/platform';
import { type ActiveDocumentDoc, activeCollection, type LearnerComplianceDoc } from '@tickwise/projections';
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

/** The compliance read side: documents in force and the learner's own records (never anyone else's). */
export function complianceQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  const learner = async (userId: string) =>
    deps.store.get<LearnerComplianceDoc>(
      await activeCollection(deps.store, 'compliance', 'learners'),
      userId,
    );
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
      return { body: earliestViews((await learner(request.principal.userId))?.log ?? []) };
    },
    async complianceLog(_input, request) {
      return { body: (await learner(request.principal.userId))?.log ?? [] };
    },
  };
}

/** The earliest recorded view of each document version, from the log (newest first), oldest first. */
export function earliestViews(log: readonly ComplianceLogEntry[]): DocumentView[] {
  const earliest = new Map<string, DocumentView>();
  for (const entry of [...log].reverse()) {
    if (entry.kind !== 'document_viewed' || !entry.documentType || !entry.version) continue;
    const view = { documentType: entry.documentType, version: entry.version, viewedAt: entry.at };
    if (!earliest.has(documentKey(view))) earliest.set(documentKey(view), view);
  }
  return [...earliest.values()];
}
