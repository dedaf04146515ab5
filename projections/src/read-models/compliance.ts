import type { DocumentType, EventData, EventType } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { handler, type Projection } from '../runtime/projection';

/** Per learner: which version of each document they acknowledged, and when their risk assessment expires. */
export interface LearnerComplianceDoc {
  id: string;
  acknowledged: Partial<Record<DocumentType, string[]>>;
  riskExpiresAt: string | null;
  [key: string]: unknown;
}

/** Per document type: the version in force (the latest published). */
export interface ActiveDocumentDoc {
  id: DocumentType;
  version: string;
  title: string;
  contentHash: string;
  publishedAt: string;
  [key: string]: unknown;
}

const data = <K extends EventType>(_type: K, event: RecordedEvent) => event.data as EventData<K>;
const learnerOf = (event: RecordedEvent) => [event.stream.slice('compliance-'.length)];
const empty = (id: string): LearnerComplianceDoc => ({ id, acknowledged: {}, riskExpiresAt: null });

export const complianceProjection: Projection = {
  name: 'compliance',
  version: 1,
  collections: [{ name: 'learners' }, { name: 'documents' }],
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
            contentHash: d.contentHash,
            publishedAt: d.publishedAt,
          };
        },
      }),
    ],
    DocumentAcknowledged: [
      handler<LearnerComplianceDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const { documentType, version } = data('DocumentAcknowledged', event);
          const current = doc ?? empty(learnerOf(event)[0] ?? '');
          const versions = current.acknowledged[documentType] ?? [];
          if (versions.includes(version)) return current;
          return {
            ...current,
            acknowledged: { ...current.acknowledged, [documentType]: [...versions, version] },
          };
        },
      }),
    ],
    RiskAssessed: [
      handler<LearnerComplianceDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => ({
          ...(doc ?? empty(learnerOf(event)[0] ?? '')),
          riskExpiresAt: data('RiskAssessed', event).expiresAt,
        }),
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
