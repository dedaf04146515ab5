import type { RouteHandlers } from '@tickwise/platform';
import { activeCollection, type DashboardDoc, type ModuleDoc } from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';
import { dashboardOf } from './formulas';

/** The course's modules as the dashboard counts them. */
const dashboardModules = (modules: readonly ModuleDoc[]) =>
  modules
    .toSorted((a, b) => a.moduleId - b.moduleId)
    .map((m) => ({ id: m.moduleId, title: m.title, lessonCount: m.lessonIds.length }));

/** GET /api/dashboard: the dashboard read model through the formulas of `formulas.ts`. */
export function dashboardQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  return {
    async dashboard(_input, request) {
      const { userId } = request.principal;
      const [doc, modules] = await Promise.all([
        activeCollection(deps.store, 'dashboard', 'learners').then((c) =>
          deps.store.get<DashboardDoc>(c, userId),
        ),
        activeCollection(deps.store, 'catalog', 'modules').then((c) => deps.store.find<ModuleDoc>(c)),
      ]);
      const learner = doc ?? {
        id: userId,
        lessons: {},
        quizResults: [],
        moduleCompletions: [],
        psychology: null,
      };
      return { body: dashboardOf(learner, dashboardModules(modules)) };
    },
  };
}
