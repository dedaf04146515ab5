import { type ModuleMastery, masteryLevel, type ReviewItem } from '@tickwise/contracts';
import { HttpError, type RouteHandlers } from '@tickwise/platform';
import {
  activeCollection,
  type ModuleDoc,
  type QuizDoc,
  type ReviewDoc,
  type ReviewEntry,
  type StoredLesson,
} from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';

/** The learner's review queue (items due now, question and options only) and mastery per module. */
export function reviewQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  const collection = (projection: string, name: string) => activeCollection(deps.store, projection, name);
  const reviewOf = async (userId: string) =>
    deps.store.get<ReviewDoc>(await collection('review', 'learners'), userId);
  const lessons = async () => deps.store.find<StoredLesson>(await collection('catalog', 'lessons'));
  const quizzes = async () => deps.store.find<QuizDoc>(await collection('catalog', 'quizzes'));

  /** The question as published now; null when it is no longer in the course (it then leaves the queue). */
  function asked(entry: ReviewEntry, quizList: readonly QuizDoc[], lessonList: readonly StoredLesson[]) {
    const published =
      entry.kind === 'quiz'
        ? quizList.find((q) => q.moduleId === entry.moduleId)?.questions.find((q) => q.id === entry.itemId)
        : lessonList.find((l) => l.lessonId === entry.lessonId)?.checks.find((c) => c.id === entry.itemId);
    return published ? { question: published.question, options: published.options } : null;
  }

  return {
    async reviewQueue(_input, request) {
      const [doc, quizList, lessonList] = await Promise.all([
        reviewOf(request.principal.userId),
        quizzes(),
        lessons(),
      ]);
      const now = deps.now().toISOString();
      const due = Object.values(doc?.queue ?? {})
        .filter((entry) => entry.card.due <= now)
        .sort((a, b) => a.card.due.localeCompare(b.card.due));
      const items: ReviewItem[] = [];
      for (const entry of due) {
        const shown = asked(entry, quizList, lessonList);
        if (shown)
          items.push({
            kind: entry.kind,
            itemId: entry.itemId,
            lessonId: entry.lessonId,
            moduleId: entry.moduleId,
            ...shown,
            due: entry.card.due,
          });
      }
      return { body: items };
    },

    async mastery(_input, request) {
      const [doc, modules, quizList, lessonList] = await Promise.all([
        reviewOf(request.principal.userId),
        collection('catalog', 'modules').then((c) => deps.store.find<ModuleDoc>(c)),
        quizzes(),
        lessons(),
      ]);
      if (modules.length === 0) throw new HttpError(503, 'The course is not published yet; please try again');
      const now = deps.now().toISOString();
      const answers = Object.entries(doc?.answers ?? {});
      const queue = Object.values(doc?.queue ?? {});
      const body: ModuleMastery[] = modules
        .toSorted((a, b) => a.moduleId - b.moduleId)
        .map((module) => {
          const checks = lessonList
            .filter((l) => module.lessonIds.includes(l.lessonId))
            .reduce((sum, l) => sum + l.checks.length, 0);
          const questions = quizList.find((q) => q.moduleId === module.moduleId)?.questions.length ?? 0;
          const mine = answers.filter(([, a]) => a.moduleId === module.moduleId);
          const counts = {
            items: questions + checks,
            answered: mine.length,
            right: mine.filter(([, a]) => a.right).length,
            due: queue.filter((e) => e.moduleId === module.moduleId && e.card.due <= now).length,
          };
          return { moduleId: module.moduleId, level: masteryLevel(counts), ...counts };
        });
      return { body };
    },
  };
}
