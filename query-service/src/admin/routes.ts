import type { RouteHandlers } from '@tickwise/platform';
import { allProjections, checkpointName, heldBuild, lag, readState } from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';

/** Lag (events) above which a projection counts as catching up rather than live. */
const CATCHING_UP = 1_000;

/** GET /api/admin/projections: each projection's version, checkpoint, lag, state and rebuild progress. */
export function adminQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  return {
    async projections() {
      const head = await deps.log.headPosition();
      const body = await Promise.all(
        allProjections.map(async (projection) => {
          const state = await readState(deps.store, projection.name);
          const checkpoint =
            (await deps.store.getCheckpoint(checkpointName(projection.name, state?.activeGeneration ?? 1)))
              ?.position ?? null;
          const behind = lag(head, checkpoint ?? undefined);
          // A rebuild whose lease ran out died (killed or crashed): it is not shown as running. One whose
          // heartbeat stopped while its lease still holds is shown stalled, with until when it holds.
          const held = heldBuild(state);
          const building = held?.building;
          return {
            name: projection.name,
            version: state?.activeVersion ?? projection.version,
            checkpoint,
            lag: behind,
            state: held
              ? held.stalledSince === null
                ? ('rebuilding' as const)
                : ('stalled' as const)
              : behind > CATCHING_UP
                ? ('catching_up' as const)
                : ('live' as const),
            rebuild:
              held && building
                ? {
                    targetVersion: building.version,
                    processed: building.progress?.processed ?? 0,
                    total: building.progress?.total ?? 0,
                    eventsPerSecond: building.progress?.eventsPerSecond ?? 0,
                    etaSeconds: building.progress?.etaSeconds ?? null,
                    startedAt: building.startedAt,
                    leaseEndsAt: held.leaseEndsAt,
                    ...(building.heartbeatAt ? { heartbeatAt: building.heartbeatAt } : {}),
                    ...(held.stalledSince === null ? {} : { stalledSince: held.stalledSince }),
                  }
                : null,
          };
        }),
      );
      return { body };
    },
  };
}
