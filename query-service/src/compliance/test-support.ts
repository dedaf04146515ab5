/**
 * Helpers for the compliance read side's route tests: a real SQLite read-model folder whose compliance read
 * model is generation 1 of a given version, and the request context of a signed-in, compliant learner.
 */
import type { Doc, RequestContext, RouteInput, SqliteReadModelStore } from '@tickwise/platform';
import { type ProjectionState, physicalName, REGISTRY } from '@tickwise/projections';

/** Fills `store` as a folder whose compliance read model is generation 1 of `version`, holding `docs` by collection. */
export async function complianceFolder<S extends SqliteReadModelStore>(
  store: S,
  version: number,
  docs: Record<string, readonly Doc[]>,
): Promise<S> {
  await store.ensureCollection({ name: REGISTRY });
  const state: ProjectionState = {
    id: 'compliance',
    activeGeneration: 1,
    activeVersion: version,
    switchedAt: '2026-01-01T00:00:00.000Z',
    building: null,
  };
  const writes = [{ kind: 'upsert' as const, collection: REGISTRY, doc: state as Doc }];
  for (const [name, list] of Object.entries(docs)) {
    const collection = physicalName('compliance', 1, name);
    await store.ensureCollection({ name: collection });
    for (const doc of list) writes.push({ kind: 'upsert' as const, collection, doc });
  }
  await store.commit(writes);
  return store;
}

/** The context of a request by `userId`, a compliant learner. */
export const asLearner = (userId: string): RequestContext<'complianceLog' | 'documentViews'> => ({
  principal: { userId, roles: ['learner'], isCompliant: true },
  requestId: 'r1',
  commandId: 'c1',
  ip: '127.0.0.1',
  userAgent: 'spec',
  log: undefined,
});

/** The input of a route that takes none. */
export const noInput: RouteInput<'complianceLog' | 'documentViews'> = {
  params: undefined,
  query: undefined,
  body: undefined,
};
