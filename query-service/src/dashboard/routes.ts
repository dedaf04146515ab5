import { derivedFrom, type RouteHandlers } from '@tickwise/platform';
import { activeCollection, type DashboardDoc, type ModuleDoc } from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';
import { type DashboardModule, dashboardOf } from './formulas';

/** The course's modules as the dashboard counts them: derived once per version of the catalog. */
const dashboardModules = derivedFrom((modules: readonly ModuleDoc[]) =>
  modules
    .toSorted((a, b) => a.moduleId - b.moduleId)
    .map((m) => ({ id: m.moduleId, title: m.title, lessonCount: m.lessonIds.length })),
);

/**
 * A learner's dashboard: derived (and sent as JSON text) once per version of their dashboard document and of
 * the catalog, so a learner who looks again before anything changed costs one cache lookup.
 */
const learnerDashboard = derivedFrom((doc: DashboardDoc, modules: readonly DashboardModule[]) =>
  dashboardOf(doc, modules),
);

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
      return { body: learnerDashboard(learner, dashboardModules(modules)) };
    },
  };
}
