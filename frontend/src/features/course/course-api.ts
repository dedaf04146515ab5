/**
 * The course's calls, injected into the app's one API: modules, lessons, quiz questions,
 * progress (403 → empty, a reply that is not a list of records → empty, other failures
 * 'Failed to fetch progress: {status}'),
 * recording progress, quiz attempts, quiz results and lesson check answers. Endpoint names carry a
 * `course` prefix so no other feature's endpoints collide with them. Answers are decoded by the routes'
 * codecs (routeRequest), so their types are the contracts'.
 */
import type {
  BodyOf,
  CheckAnswer,
  Lesson,
  Module,
  ProgressRecord,
  QuizAttempt,
  QuizQuestion,
  QuizResult,
} from '@tickwise/contracts';
import { api, fetchRoute, routeRequest } from '../../api/api';
import { type ApiError, isBrokenAnswer } from '../../api/base-query';
import { invalidatedBy, providedBy, type TagType } from '../../api/tags';

/** Which lesson check is answered, and with which option (0-based). */
export interface LessonCheckAnswer {
  readonly moduleId: number;
  readonly lessonId: number;
  readonly checkId: number;
  readonly selectedAnswer: number;
}

export const progressError = (error: ApiError): ApiError => ({
  status: error.status,
  message: `Failed to fetch progress: ${error.status}`,
});

export const courseApi = api.injectEndpoints({
  endpoints: (build) => ({
    courseModules: build.query<Module[], void>({
      query: () => routeRequest('modules'),
      providesTags: [providedBy.modules],
    }),
    courseLessons: build.query<Lesson[], number>({
      query: (id) => routeRequest('moduleLessons', { params: { id } }),
      providesTags: [providedBy.moduleLessons],
    }),
    courseQuiz: build.query<QuizQuestion[], number>({
      query: (id) => routeRequest('moduleQuiz', { params: { id } }),
      providesTags: [providedBy.moduleQuiz],
    }),
    courseProgress: build.query<ProgressRecord[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await fetchRoute(baseQuery, 'progress');
        if (result.error === undefined) return result;
        // 403, or a successful answer that is not a list of records (its decoding failed): no progress.
        return result.error.status === 403 || isBrokenAnswer(result.error)
          ? { data: [] }
          : { error: progressError(result.error) };
      },
      providesTags: [providedBy.progress],
    }),
    courseQuizResults: build.query<QuizResult[], void>({
      query: () => routeRequest('quizResults'),
      providesTags: [providedBy.quizResults],
    }),
    recordCourseProgress: build.mutation<ProgressRecord, BodyOf<'recordProgress'>>({
      query: (body) => routeRequest('recordProgress', { body }),
      // A module quiz completion (lessonId null) also produces a quiz result.
      invalidatesTags: (_result, _error, body): TagType[] =>
        body.lessonId === null
          ? [...invalidatedBy.recordProgress, 'QuizResults']
          : [...invalidatedBy.recordProgress],
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data: record } = await queryFulfilled;
          // Shown at once; the invalidated list is refetched behind it.
          dispatch(
            courseApi.util.updateQueryData('courseProgress', undefined, (draft) => {
              const known = draft.some(
                (r) => r.moduleId === record.moduleId && r.lessonId === record.lessonId && r.completed,
              );
              if (!known) draft.push({ ...record, completed: true });
            }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    answerLessonCheck: build.mutation<CheckAnswer, LessonCheckAnswer>({
      query: ({ lessonId, checkId, selectedAnswer }) =>
        routeRequest('answerLessonCheck', { params: { lessonId, checkId }, body: { selectedAnswer } }),
      invalidatesTags: [...invalidatedBy.answerLessonCheck],
      // The graded answer goes into the cached lessons (no refetch, so nothing flashes), as a reload shows it.
      async onQueryStarted({ moduleId, lessonId, checkId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            courseApi.util.updateQueryData('courseLessons', moduleId, (lessons) => {
              const check = lessons.find((l) => l.id === lessonId)?.checks.find((c) => c.id === checkId);
              if (check) check.answer = data;
            }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    submitQuizAttempt: build.mutation<QuizAttempt, BodyOf<'quizAttempt'>>({
      query: (body) => routeRequest('quizAttempt', { body }),
      // The quiz completion right after refetches the lists; nothing to refetch per answer.
      invalidatesTags: [],
    }),
  }),
});

export const {
  useCourseModulesQuery,
  useCourseLessonsQuery,
  useCourseQuizQuery,
  useCourseProgressQuery,
  useCourseQuizResultsQuery,
  useRecordCourseProgressMutation,
  useSubmitQuizAttemptMutation,
  useAnswerLessonCheckMutation,
} = courseApi;
