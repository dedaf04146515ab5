/**
 * The psychology endpoints: the questions, submitting an answer sheet, and the latest result (null when
 * there is none yet, the screens' empty state). Answers are decoded by the routes' codecs (routeRequest).
 */
import type { BodyOf, PsychologyQuestion, PsychologyResult } from '@tickwise/contracts';
import { api, routeRequest } from '../../api/api';
import { invalidatedBy, providedBy } from '../../api/tags';

export const psychologyApi = api.injectEndpoints({
  endpoints: (build) => ({
    psychologyQuestions: build.query<PsychologyQuestion[], void>({
      query: () => routeRequest('psychologyQuestions'),
      providesTags: [providedBy.psychologyQuestions],
    }),
    /** The latest result, or null when there is none yet (the server answers null, not an error). */
    latestPsychologyResult: build.query<PsychologyResult | null, void>({
      query: () => routeRequest('latestPsychologyResult'),
      providesTags: [providedBy.latestPsychologyResult],
    }),
    submitPsychologyAssessment: build.mutation<PsychologyResult, BodyOf<'submitPsychologyAssessment'>>({
      query: (body) => routeRequest('submitPsychologyAssessment', { body }),
      invalidatesTags: [...invalidatedBy.submitPsychologyAssessment],
    }),
  }),
});

export const {
  usePsychologyQuestionsQuery,
  useLatestPsychologyResultQuery,
  useSubmitPsychologyAssessmentMutation,
} = psychologyApi;
