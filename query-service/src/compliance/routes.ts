import { DocumentType, documentKey } from '@tickwise/contracts';
import type { RouteHandlers } from '@tickwise/platform';
import {
  type ActiveDocumentDoc,
  activeCollection,
  readComplianceLog,
  readDocumentViews,
  readLearnerCompliance,
} from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';

const order = (type: string) => DocumentType.values.indexOf(type as DocumentType);

/** The documents in force, in the compliance rule's order. */
const documentList = (documents: readonly ActiveDocumentDoc[]) =>
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
    }));

/** The compliance read side: documents in force and the learner's own records (never anyone else's). */
export function complianceQueries(deps: Pick<QueryServiceDeps, 'store'>): RouteHandlers<'query'> {
  const learner = (userId: string) => readLearnerCompliance(deps.store, userId);
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
      return { body: await readDocumentViews(deps.store, request.principal.userId) };
    },
    async complianceLog(_input, request) {
      return { body: await readComplianceLog(deps.store, request.principal.userId) };
    },
  };
}
