import { HttpError, type RouteHandlers } from '@tickwise/platform';
import { allProjections, readState, rebuild } from '@tickwise/projections';
import type { CommandServiceDeps } from '../app/deps';

/**
 * POST /api/admin/projections/:name/rebuild: starts the same blue/green rebuild as the CLI, in the
 * background; the current generation keeps serving until the new one has caught up. Progress is in
 * GET /api/admin/projections.
 */
export function adminRoutes(deps: CommandServiceDeps): RouteHandlers<'command'> {
  const running = new Set<string>();
  return {
    async rebuildProjection({ params }) {
      const projection = allProjections.find((p) => p.name === params.name);
      if (!projection) throw new HttpError(404, `Unknown projection "${params.name}"`);
      const state = await readState(deps.store, projection.name);
      if (running.has(projection.name) || state?.building) {
        throw new HttpError(409, `A rebuild of ${projection.name} is already running`);
      }
      running.add(projection.name);
      const startedAt = deps.now().toISOString();
      rebuild(deps, projection)
        .then((result) =>
          deps.logger.info({ projection: projection.name, events: result.events }, 'rebuild finished'),
        )
        .catch((err: unknown) => deps.logger.error({ err, projection: projection.name }, 'rebuild failed'))
        .finally(() => running.delete(projection.name));
      return { body: { name: projection.name, targetVersion: projection.version, startedAt } };
    },
  };
}
