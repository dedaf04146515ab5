import Router from '@koa/router';
import { createServiceApp, fenceDamagedRecords, mountRoutes, readYourWrites } from '@tickwise/platform';
import { allProjections, waitForProjections } from '@tickwise/projections';
import type { Middleware } from 'koa';
import { adminRoutes } from '../admin/routes';
import { complianceRoutes } from '../compliance/routes';
import { identityRoutes } from '../identity/routes';
import { learningRoutes } from '../learning/routes';
import { practiceRoutes } from '../practice/routes';
import { privacyRoutes } from '../privacy/routes';
import { psychologyRoutes } from '../psychology/routes';
import { witnessRoutes } from '../witnesses/routes';
import type { CommandServiceDeps } from './deps';

/** The command service: POST/PUT routes of the route table, each feature's handlers mounted from it. */
export function createCommandApp(
  deps: CommandServiceDeps,
  options: { fallback?: Middleware; proxy?: boolean; signal?: AbortSignal } = {},
) {
  const router = new Router();
  mountRoutes(router, 'command', {
    ...identityRoutes(deps),
    ...complianceRoutes(deps),
    ...learningRoutes(deps),
    ...practiceRoutes(deps),
    ...psychologyRoutes(deps),
    ...privacyRoutes(deps),
    ...adminRoutes(deps),
    ...witnessRoutes(deps),
  });
  const projectionNames = allProjections.map((p) => p.name);
  return createServiceApp({
    name: 'command-service',
    logger: deps.logger,
    tokens: deps.tokens,
    users: deps.users,
    metrics: deps.metrics,
    storageHealth: deps.storageHealth,
    ...(deps.loadLimits ? { loadLimits: deps.loadLimits } : {}),
    routers: [router],
    // A command that names a position (e.g. right after completing compliance) is authorised against
    // read models that have caught up with it.
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
      await deps.store.getCheckpoint('readiness-probe');
      return { ready: true, details: { head } };
    },
    ...options,
  });
}
