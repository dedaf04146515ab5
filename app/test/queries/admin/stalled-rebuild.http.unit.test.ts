/**
 * A rebuild whose heartbeat stopped (its process was killed) still holds its projection's lease until the
 * lease ends. GET /api/admin/projections shows it stalled, since when and until when it holds the projection;
 * a new rebuild is refused with the same facts; a rebuild that still beats shows as rebuilding.
 */
import { REGISTRY, readState } from '@tickwise/projections';
import { type Person, registerWithRole, type Stack, startStack } from '../../../src/testing';

let stack: Stack;
let analyst: Person;
beforeAll(async () => {
  stack = await startStack({ storage: 'memory' });
  analyst = await registerWithRole(stack, 'analyst');
});
afterAll(() => stack.close());

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Leaves a rebuild's registry entry on the catalog projection, as a rebuild in another process writes it. */
async function rebuildEntry(heartbeatAgoMs: number, leaseLeftMs: number) {
  const { store } = stack.storage;
  const state = await readState(store, 'catalog');
  if (!state) throw new Error('no catalog registry entry');
  const building = {
    generation: state.activeGeneration + 1,
    version: state.activeVersion,
    startedAt: ago(60_000),
    owner: 'other-host:4242:x',
    heartbeatAt: ago(heartbeatAgoMs),
    expiresAt: new Date(Date.now() + leaseLeftMs).toISOString(),
    progress: { processed: 1200, total: 5000, eventsPerSecond: 800, etaSeconds: 5 },
  };
  await store.commit([{ kind: 'upsert', collection: REGISTRY, doc: { ...state, building } }]);
  return building;
}

const catalogStatus = async () => {
  const res = await analyst.get('/api/admin/projections');
  expect(res.status).toBe(200);
  return (res.body as Array<{ name: string }>).find((p) => p.name === 'catalog');
};

test('a rebuild whose heartbeat stopped shows stalled, since when and until when; a new one is refused saying so', async () => {
  const building = await rebuildEntry(20_000, 10_000);
  expect(await catalogStatus()).toMatchObject({
    state: 'stalled',
    rebuild: {
      processed: 1200,
      total: 5000,
      stalledSince: building.heartbeatAt,
      heartbeatAt: building.heartbeatAt,
      leaseEndsAt: building.expiresAt,
    },
  });
  const refused = await analyst.post('/api/admin/projections/catalog/rebuild');
  expect(refused.status).toBe(409);
  expect(refused.body).toEqual({
    error: `A rebuild of catalog stalled (no heartbeat since ${building.heartbeatAt}); it holds catalog until its lease ends at ${building.expiresAt}`,
  });
});

test('a rebuild that still beats shows rebuilding, without a stall', async () => {
  const building = await rebuildEntry(1_000, 29_000);
  const status = await catalogStatus();
  expect(status).toMatchObject({ state: 'rebuilding', rebuild: { leaseEndsAt: building.expiresAt } });
  expect(status).not.toHaveProperty('rebuild.stalledSince');
  expect((await analyst.post('/api/admin/projections/catalog/rebuild')).body).toEqual({
    error: 'A rebuild of catalog is already running',
  });
});

test('once the lease has ended the projection shows live again', async () => {
  await rebuildEntry(40_000, -1_000);
  expect(await catalogStatus()).toMatchObject({ state: 'live', rebuild: null });
});
