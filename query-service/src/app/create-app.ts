import Router from '@koa/router';
import { createServiceApp, fenceDamagedRecords, mountRoutes, readYourWrites } from '@tickwise/platform';
import { allProjections, checkpointName, lag, readState, waitForProjections } from '@tickwise/projections';
import type { Middleware } from 'koa';
import { accountQueries } from '../account/routes';
import { adminQueries } from '../admin/routes';
import { analyticsQueries } from '../analytics/routes';
import { checkpointFeedQueries } from '../audit/checkpoint-feed';
import { auditQueries } from '../audit/routes';
import { certificateQueries } from '../certificates/routes';
import { complianceQueries } from '../compliance/routes';
import { dashboardQueries } from '../dashboard/routes';
import { identityQueries } from '../identity/routes';
import { learningQueries } from '../learning/routes';
import { psychologyQueries } from '../psychology/routes';
import { reviewQueries } from '../review/routes';
import { toolsQueries } from '../tools/routes';
import type { QueryServiceDeps } from './deps';

/** Lag (in events) above which the query service reports itself not ready. */
const READY_LAG = 10_000;

/** The query service: GET routes of the route table over read models, with the read-your-writes wait. */
export function createQueryApp(
  deps: QueryServiceDeps,
  options: { fallback?: Middleware; proxy?: boolean; signal?: AbortSignal } = {},
) {
  const router = new Router();
  mountRoutes(router, 'query', {
    ...identityQueries(deps),
    ...accountQueries(deps),
    ...complianceQueries(deps),
    ...learningQueries(deps),
    ...toolsQueries(deps),
    ...reviewQueries(deps),
    ...psychologyQueries(deps),
    ...dashboardQueries(deps),
    ...auditQueries(deps),
    ...analyticsQueries(deps),
    ...adminQueries(deps),
    ...certificateQueries(deps),
    ...checkpointFeedQueries(deps),
  });
  const projectionNames = allProjections.map((p) => p.name);
  return createServiceApp({
    name: 'query-service',
    logger: deps.logger,
    tokens: deps.tokens,
    users: deps.users,
    metrics: deps.metrics,
    storageHealth: deps.storageHealth,
    ...(deps.loadLimits ? { loadLimits: deps.loadLimits } : {}),
    routers: [router],
    beforeRoutes: [
      readYourWrites({
        waitFor: (p, ms) => waitForProjections(deps.store, projectionNames, p, ms),
        headPosition: () => deps.log.headPosition(),
      }),
    ],
    // A learner whose records hold a damaged event is answered 503; everyone else is served.
    afterAuthentication: [fenceDamagedRecords(deps.store)],
    readiness: async () => {
      const head = await deps.log.headPosition();
      const lags: Record<string, number> = {};
      for (const name of projectionNames) {
        const state = await readState(deps.store, name);
        const checkpoint = await deps.store.getCheckpoint(checkpointName(name, state?.activeGeneration ?? 1));
        lags[name] = lag(head, checkpoint?.position);
        deps.metrics.projectionLag.set({ projection: name }, lags[name] ?? 0);
      }
      return {
        ready: Object.values(lags).every((l) => l <= READY_LAG),
        details: { head, projectionLag: lags },
      };
    },
    ...options,
  });
}
