/**
 * The course's calls, injected into the app's one API: modules, lessons, quiz questions,
 * progress (403 → empty, a non-array reply → empty, other failures 'Failed to fetch progress: {status}'),
 * recording progress, quiz attempts, quiz results and lesson check answers. Endpoint names carry a
 * `course` prefix so no other feature's endpoints collide with them.
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
import { api, routeRequest } from '../../api/api';
import type { ApiError } from '../../api/base-query';
import { invalidatedBy, providedBy, type TagType } from '../../api/tags';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A list reply, or an empty list when the server answered something else. */
const listOf = <T>(value: unknown, keep: (item: unknown) => item is T): T[] =>
  Array.isArray(value) ? value.filter(keep) : [];

const isModule = (v: unknown): v is Module =>
  isObject(v) && typeof v.id === 'number' && typeof v.title === 'string' && typeof v.level === 'string';
const isLesson = (v: unknown): v is Lesson =>
  isObject(v) && typeof v.id === 'number' && typeof v.title === 'string';
const isProgressRecord = (v: unknown): v is ProgressRecord =>
  isObject(v) && typeof v.moduleId === 'number' && (v.lessonId === null || typeof v.lessonId === 'number');
const isQuizResult = (v: unknown): v is QuizResult =>
  isObject(v) && typeof v.moduleId === 'number' && typeof v.score === 'number';

const optionText = (option: unknown): string => (typeof option === 'string' ? option : '');

export function toQuestions(value: unknown): QuizQuestion[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).flatMap((q) =>
    typeof q.id === 'number' && typeof q.question === 'string' && Array.isArray(q.options)
      ? [
          {
            id: q.id,
            question: q.question,
            options: q.options.map(optionText),
          },
        ]
      : [],
  );
}

/** The lessons of a module in reading order (a lesson without checks has none). */
export const toLessons = (value: unknown): Lesson[] =>
  listOf(value, isLesson).map((l) => (Array.isArray(l.checks) ? l : { ...l, checks: [] }));

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
      transformResponse: (value: unknown) => listOf(value, isModule),
      providesTags: [providedBy.modules],
    }),
    courseLessons: build.query<Lesson[], number>({
      query: (id) => routeRequest('moduleLessons', { params: { id } }),
      transformResponse: toLessons,
      providesTags: [providedBy.moduleLessons],
    }),
    courseQuiz: build.query<QuizQuestion[], number>({
      query: (id) => routeRequest('moduleQuiz', { params: { id } }),
      transformResponse: toQuestions,
      providesTags: [providedBy.moduleQuiz],
    }),
    courseProgress: build.query<ProgressRecord[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery(routeRequest('progress'));
        if (result.error) {
          return result.error.status === 403 ? { data: [] } : { error: progressError(result.error) };
        }
        return { data: listOf(result.data, isProgressRecord) };
      },
      providesTags: [providedBy.progress],
    }),
    courseQuizResults: build.query<QuizResult[], void>({
      query: () => routeRequest('quizResults'),
      transformResponse: (value: unknown) => listOf(value, isQuizResult),
      providesTags: [providedBy.quizResults],
    }),
    recordCourseProgress: build.mutation<ProgressRecord, BodyOf<'recordProgress'>>({
      query: (body) => routeRequest('recordProgress', { body }),
      // A module quiz completion (lessonId null) also produces a quiz result.
      invalidatesTags: (_result, _error, body): TagType[] =>
        body.lessonId === null
          ? [...invalidatedBy.recordProgress, 'QuizResults']
          : [...invalidatedBy.recordProgress],
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const record: ProgressRecord = isProgressRecord(data)
            ? data
            : {
                id: `local-${body.moduleId}-${body.lessonId ?? 'quiz'}`,
                moduleId: body.moduleId,
                lessonId: body.lessonId,
                completed: true,
                createdAt: new Date().toISOString(),
              };
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
