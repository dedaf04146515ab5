import { HttpError, type RouteHandlers } from '@tickwise/platform';
import type { CommandServiceDeps } from '../app/deps';

/** POST /api/admin/projections/:name/rebuild: progress is then in GET /api/admin/projections. */
export function adminRoutes(deps: CommandServiceDeps): RouteHandlers<'command'> {
  return {
    async rebuildProjection({ params }) {
      const started = await deps.rebuilds.start(params.name);
      if (!started.ok) throw HttpError.of(started.error);
      return { body: started.started };
    },
  };
}
