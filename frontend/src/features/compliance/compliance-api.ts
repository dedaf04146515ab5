/**
 * The compliance gate's calls: documents, views, acknowledgments, risk assessments, regulatory
 * warnings and the compliance log, injected into the app's one API.
 *
 * The current user is NOT refetched after an acknowledgment or an assessment here, although the shared
 * tag map lists it: the gate's completion reloads the page, which loads the user afresh, and
 * refetching it earlier would swap the holding screen for the app underneath the open dialog.
 */
import type {
  Acknowledgment,
  BodyOf,
  ComplianceDocument,
  ComplianceLogEntry,
  DocumentView,
  RegulatoryWarning,
  RiskAssessment,
} from '@tickwise/contracts';
import { api, retriesOf, routeRequest } from '../../api/api';
import { invalidatedBy, providedBy, type TagType } from '../../api/tags';
import { DOCUMENT_QUERY_RETRIES, DOCUMENT_QUERY_RETRY_DELAY_MS } from './constants';

const withoutCurrentUser = (tags: readonly TagType[]): TagType[] => tags.filter((t) => t !== 'CurrentUser');

export const complianceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Active documents; 2 retries, 1 s apart, after a failure that may pass (never after a 4xx). */
    complianceDocuments: build.query<ComplianceDocument[], void>({
      query: () => routeRequest('complianceDocuments'),
      extraOptions: retriesOf(DOCUMENT_QUERY_RETRIES, DOCUMENT_QUERY_RETRY_DELAY_MS),
      providesTags: [providedBy.complianceDocuments],
    }),
    acknowledgments: build.query<Acknowledgment[], void>({
      query: () => routeRequest('acknowledgments'),
      providesTags: [providedBy.acknowledgments],
    }),
    /** The learner's recorded views (earliest per version): reading time the server already counts. */
    documentViews: build.query<DocumentView[], void>({
      query: () => routeRequest('documentViews'),
      providesTags: [providedBy.documentViews],
    }),
    /** Sent when a document is opened for reading: the server starts its reading time. */
    recordDocumentView: build.mutation<DocumentView, BodyOf<'recordDocumentView'>>({
      query: (body) => routeRequest('recordDocumentView', { body }),
      invalidatesTags: [...invalidatedBy.recordDocumentView],
    }),
    acknowledgeDocument: build.mutation<Acknowledgment, BodyOf<'acknowledgeDocument'>>({
      query: (body) => routeRequest('acknowledgeDocument', { body }),
      invalidatesTags: withoutCurrentUser(invalidatedBy.acknowledgeDocument),
    }),
    /** Newest first: the first item is the latest. */
    riskAssessments: build.query<RiskAssessment[], void>({
      query: () => routeRequest('riskAssessments'),
      providesTags: [providedBy.riskAssessments],
    }),
    submitRiskAssessment: build.mutation<RiskAssessment, BodyOf<'submitRiskAssessment'>>({
      query: (body) => routeRequest('submitRiskAssessment', { body }),
      invalidatesTags: withoutCurrentUser(invalidatedBy.submitRiskAssessment),
    }),
    regulatoryWarnings: build.query<RegulatoryWarning[], void>({
      query: () => routeRequest('regulatoryWarnings'),
      providesTags: [providedBy.regulatoryWarnings],
    }),
    acknowledgeWarning: build.mutation<RegulatoryWarning, string>({
      query: (id) => routeRequest('acknowledgeWarning', { params: { id } }),
      invalidatesTags: [...invalidatedBy.acknowledgeWarning],
    }),
    complianceLog: build.query<ComplianceLogEntry[], void>({
      query: () => routeRequest('complianceLog'),
      providesTags: [providedBy.complianceLog],
    }),
  }),
});

export const {
  useComplianceDocumentsQuery,
  useAcknowledgmentsQuery,
  useDocumentViewsQuery,
  useRecordDocumentViewMutation,
  useAcknowledgeDocumentMutation,
  useRiskAssessmentsQuery,
  useSubmitRiskAssessmentMutation,
  useRegulatoryWarningsQuery,
  useAcknowledgeWarningMutation,
  useComplianceLogQuery,
} = complianceApi;
