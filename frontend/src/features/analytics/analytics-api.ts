/** The analysts' reads (aggregates only) and the projection operations (role analyst or admin). */
import type {
  ComplianceAnalytics,
  FunnelStep,
  ModuleAnalytics,
  PracticeAnalytics,
  ProjectionStatus,
  PsychologyAnalytics,
  QuizItemAnalytics,
  RebuildStarted,
} from '@tickwise/contracts';
import { api, routeRequest } from '../../api/api';
import { invalidatedBy, providedBy } from '../../api/tags';

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    analyticsFunnel: build.query<FunnelStep[], void>({
      query: () => routeRequest('analyticsFunnel'),
      providesTags: [providedBy.analyticsFunnel],
    }),
    analyticsPractice: build.query<PracticeAnalytics, void>({
      query: () => routeRequest('analyticsPractice'),
      providesTags: [providedBy.analyticsPractice],
    }),
    analyticsModules: build.query<ModuleAnalytics[], void>({
      query: () => routeRequest('analyticsModules'),
      providesTags: [providedBy.analyticsModules],
    }),
    analyticsQuizItems: build.query<QuizItemAnalytics[], void>({
      query: () => routeRequest('analyticsQuizItems'),
      providesTags: [providedBy.analyticsQuizItems],
    }),
    analyticsPsychology: build.query<PsychologyAnalytics, void>({
      query: () => routeRequest('analyticsPsychology'),
      providesTags: [providedBy.analyticsPsychology],
    }),
    analyticsCompliance: build.query<ComplianceAnalytics, void>({
      query: () => routeRequest('analyticsCompliance'),
      providesTags: [providedBy.analyticsCompliance],
    }),
    projections: build.query<ProjectionStatus[], void>({
      query: () => routeRequest('projections'),
      providesTags: [providedBy.projections],
    }),
    /** 202 when started; 409 when that projection is already rebuilding. */
    rebuildProjection: build.mutation<RebuildStarted, string>({
      query: (name) => routeRequest('rebuildProjection', { params: { name } }),
      invalidatesTags: [...invalidatedBy.rebuildProjection],
    }),
  }),
});

export const {
  useAnalyticsFunnelQuery,
  useAnalyticsModulesQuery,
  useAnalyticsPracticeQuery,
  useAnalyticsQuizItemsQuery,
  useAnalyticsPsychologyQuery,
  useAnalyticsComplianceQuery,
  useProjectionsQuery,
  useRebuildProjectionMutation,
} = analyticsApi;
