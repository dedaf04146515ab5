/** The auditor's reads (role auditor or admin). The server records every one of them as an event. */
import type {
  AuditHistory,
  DocumentCoverage,
  DocumentType,
  DocumentVersion,
  ExportFormat,
  LearnerSummary,
} from '@tickwise/contracts';
import { api, routeRequest } from '../../api/api';
import { urlFor } from '../../api/routes';
import { providedBy } from '../../api/tags';

export interface HistoryArgs {
  readonly learnerId: string;
  /** ISO time; null asks for the state now. */
  readonly asOf: string | null;
}

export interface CoverageArgs {
  readonly documentType: DocumentType;
  readonly version: string;
  readonly asOf: string | null;
}

const asOfQuery = (asOf: string | null) => (asOf === null ? {} : { asOf });

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditLearners: build.query<LearnerSummary[], string>({
      query: (query) => routeRequest('auditLearners', { query: { query } }),
      providesTags: [providedBy.auditLearners],
    }),
    auditLearnerHistory: build.query<AuditHistory, HistoryArgs>({
      query: ({ learnerId, asOf }) =>
        routeRequest('auditLearnerHistory', { params: { id: learnerId }, query: asOfQuery(asOf) }),
      providesTags: [providedBy.auditLearnerHistory],
    }),
    auditDocuments: build.query<DocumentVersion[], void>({
      query: () => routeRequest('auditDocuments'),
      providesTags: [providedBy.auditDocuments],
    }),
    auditDocumentCoverage: build.query<DocumentCoverage, CoverageArgs>({
      query: ({ documentType, version, asOf }) =>
        routeRequest('auditDocumentCoverage', { params: { documentType, version }, query: asOfQuery(asOf) }),
      providesTags: [providedBy.auditDocumentCoverage],
    }),
  }),
});

export const {
  useAuditLearnersQuery,
  useAuditLearnerHistoryQuery,
  useAuditDocumentsQuery,
  useAuditDocumentCoverageQuery,
} = auditApi;

/** The export URL of a learner's history. */
export const historyExportUrl = ({ learnerId, asOf }: HistoryArgs, format: ExportFormat): string =>
  urlFor('auditLearnerExport', { id: learnerId }, { format, ...asOfQuery(asOf) });

/** The export URL of a coverage report. */
export const coverageExportUrl = (
  { documentType, version, asOf }: CoverageArgs,
  format: ExportFormat,
): string => urlFor('auditCoverageExport', { documentType, version }, { format, ...asOfQuery(asOf) });
