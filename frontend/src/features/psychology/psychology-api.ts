/**
 * The psychology endpoints: the questions, submitting an answer sheet, and the latest result
 * (null when there is none yet, the screens' empty state). Replies that are not the expected
 * shape are read defensively: questions that are not a list become none, a result that is not one is null.
 */
import type { BodyOf, PsychologyQuestion, PsychologyResult } from '@tickwise/contracts';
import { api, routeRequest } from '../../api/api';
import { invalidatedBy, providedBy } from '../../api/tags';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isScore = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The questions of a reply: a list of {id, question}; anything else is no questions. */
export function questionsFrom(raw: unknown): PsychologyQuestion[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown) =>
    isRecord(item) && typeof item.id === 'number' && typeof item.question === 'string'
      ? [{ id: item.id, question: item.question }]
      : [],
  );
}

/** A psychology result, or null when the reply is not one. */
export function psychologyResultFrom(raw: unknown): PsychologyResult | null {
  if (!isRecord(raw)) return null;
  const { id, overallScore, traderArchetype, completedAt, archetypeDescription, archetypeFocus } = raw;
  if (typeof id !== 'string' || !isScore(overallScore)) return null;
  if (typeof traderArchetype !== 'string' || typeof completedAt !== 'string') return null;
  const scores = {
    emotionalIntelligence: raw.emotionalIntelligence,
    cognitiveControl: raw.cognitiveControl,
    stressResilience: raw.stressResilience,
    behavioralDiscipline: raw.behavioralDiscipline,
    riskManagement: raw.riskManagement,
    performanceOptimization: raw.performanceOptimization,
  };
  const { emotionalIntelligence, cognitiveControl, stressResilience } = scores;
  const { behavioralDiscipline, riskManagement, performanceOptimization } = scores;
  if (
    !isScore(emotionalIntelligence) ||
    !isScore(cognitiveControl) ||
    !isScore(stressResilience) ||
    !isScore(behavioralDiscipline) ||
    !isScore(riskManagement) ||
    !isScore(performanceOptimization)
  ) {
    return null;
  }
  return {
    id,
    overallScore,
    traderArchetype,
    emotionalIntelligence,
    cognitiveControl,
    stressResilience,
    behavioralDiscipline,
    riskManagement,
    performanceOptimization,
    completedAt,
    ...(typeof archetypeDescription === 'string' ? { archetypeDescription } : {}),
    ...(typeof archetypeFocus === 'string' ? { archetypeFocus } : {}),
  };
}

export const psychologyApi = api.injectEndpoints({
  endpoints: (build) => ({
    psychologyQuestions: build.query<PsychologyQuestion[], void>({
      query: () => routeRequest('psychologyQuestions'),
      transformResponse: (raw: unknown) => questionsFrom(raw),
      providesTags: [providedBy.psychologyQuestions],
    }),
    /** The latest result, or null when there is none yet (the server answers null, not an error). */
    latestPsychologyResult: build.query<PsychologyResult | null, void>({
      query: () => routeRequest('latestPsychologyResult'),
      transformResponse: (raw: unknown) => psychologyResultFrom(raw),
      providesTags: [providedBy.latestPsychologyResult],
    }),
    submitPsychologyAssessment: build.mutation<PsychologyResult, BodyOf<'submitPsychologyAssessment'>>({
      async queryFn(body, _api, _extra, baseQuery) {
        const reply = await baseQuery(routeRequest('submitPsychologyAssessment', { body }));
        if (reply.error) return { error: reply.error };
        const result = psychologyResultFrom(reply.data);
        return result === null
          ? { error: { status: 0, message: 'The server answered with an unreadable result' } }
          : { data: result };
      },
      invalidatesTags: [...invalidatedBy.submitPsychologyAssessment],
    }),
  }),
});

export const {
  usePsychologyQuestionsQuery,
  useLatestPsychologyResultQuery,
  useSubmitPsychologyAssessmentMutation,
} = psychologyApi;
