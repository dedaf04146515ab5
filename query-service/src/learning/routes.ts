import { answerFeedbackOf, type LessonCheck, type PublishedQuestion } from '@tickwise/contracts';
import { HttpError, type RouteHandlers } from '@tickwise/platform';
import {
  activeCollection,
  type CheckAnswerRecord,
  type LearningDoc,
  type LessonSummaryDoc,
  type ModuleDoc,
  type QuizDoc,
  type StoredLesson,
} from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';

/**
 * A lesson check as this learner sees it: question and options, and only once they have answered it (so
 * the key never leaves before an answer), their latest answer with its feedback.
 */
function lessonCheck(check: PublishedQuestion, answered: CheckAnswerRecord | undefined): LessonCheck {
  const { id, question, options } = check;
  if (!answered) return { id, question, options, answer: null };
  const { selectedAnswer, isCorrect, answeredAt } = answered;
  return {
    id,
    question,
    options,
    answer: {
      checkId: id,
      selectedAnswer,
      answeredAt,
      ...answerFeedbackOf(check, selectedAnswer, isCorrect),
    },
  };
}

/** The course's modules with their durations. */
const moduleList = (modules: readonly ModuleDoc[], lessons: readonly LessonSummaryDoc[]) =>
  modules
    .toSorted((a, b) => a.moduleId - b.moduleId)
    .map((m) => ({
      id: m.moduleId,
      title: m.title,
      description: m.description,
      level: m.level,
      // Only the lessons the module lists now: a lesson removed from a module no longer counts.
      duration: lessons
        .filter((l) => m.lessonIds.includes(l.lessonId))
        .reduce((sum, l) => sum + l.duration, 0),
    }));

/** A lesson as the learner sees it, with their answers to its checks. */
const lessonView = (lesson: StoredLesson, answers: LearningDoc['checks'] | undefined) => ({
  id: lesson.lessonId,
  title: lesson.title,
  description: lesson.description,
  duration: lesson.duration,
  videoUrl: lesson.videoUrl,
  content: lesson.content,
  checks: (lesson.checks ?? []).map((check) => lessonCheck(check, answers?.[check.id])),
});

/** The course catalog and the learner's own progress and quiz results. */
export function learningQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  const collection = (projection: string, name: string) => activeCollection(deps.store, projection, name);
  const lessonsOf = async (moduleId: number) =>
    deps.store.find<StoredLesson>(await collection('catalog', 'lessons'), {
      where: { moduleId },
      sort: [{ field: 'position', direction: 'asc' }],
    });
  const moduleOf = async (moduleId: number) => {
    const module = await deps.store.get<ModuleDoc>(await collection('catalog', 'modules'), String(moduleId));
    if (!module) throw new HttpError(404, `Module ${moduleId} not found`);
    return module;
  };
  const learner = async (userId: string) =>
    deps.store.get<LearningDoc>(await collection('learning', 'learners'), userId);
  return {
    async modules() {
      const [modules, lessons] = await Promise.all([
        collection('catalog', 'modules').then((c) => deps.store.find<ModuleDoc>(c)),
        collection('catalog', 'lessonSummaries').then((c) => deps.store.find<LessonSummaryDoc>(c)),
      ]);
      return { body: moduleList(modules, lessons) };
    },
    async moduleLessons({ params }, request) {
      const [module, lessons, mine] = await Promise.all([
        moduleOf(params.id),
        lessonsOf(params.id),
        learner(request.principal.userId),
      ]);
      const answers = mine?.checks;
      const listed = lessons.filter((l) => module.lessonIds.includes(l.lessonId));
      return {
        body: listed.map((l) => lessonView(l, answers)),
      };
    },
    async moduleQuiz({ params }) {
      await moduleOf(params.id);
      const quiz = await deps.store.get<QuizDoc>(await collection('catalog', 'quizzes'), String(params.id));
      // Questions and options only: the key and the feedback come back with an answer (POST /api/quiz/attempt).
      return {
        body: (quiz?.questions ?? []).map(({ id, question, options }) => ({ id, question, options })),
      };
    },
    async progress(_input, request) {
      return { body: (await learner(request.principal.userId))?.records ?? [] };
    },
    async quizResults(_input, request) {
      const quizzes = (await learner(request.principal.userId))?.quizzes ?? [];
      return { body: [...quizzes].reverse() };
    },
  };
}
