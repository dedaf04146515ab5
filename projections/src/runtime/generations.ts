import type { Doc, ReadModelStore } from '@tickwise/platform';
import type { Projection } from './projection';

/**
 * Blue/green read models. A projection's collections exist in generations: `<name>_g<n>_<collection>`.
 * One generation is active (served); a rebuild fills the next one and switches the pointer atomically,
 * in the same unit of work as its last checkpoint.
 */
export const REGISTRY = 'projections';

export interface ProjectionState extends Doc {
  id: string;
  activeGeneration: number;
  activeVersion: number;
  switchedAt: string;
  building: {
    generation: number;
    version: number;
    startedAt: string;
    /** The lease: which rebuild holds it, and until when unless it renews it (see `liveBuild`). */
    owner?: string;
    heartbeatAt?: string;
    expiresAt?: string;
    /** Updated while the rebuild runs, so any process can show its progress. */
    progress?: { processed: number; total: number; eventsPerSecond: number; etaSeconds: number | null };
  } | null;
}

/** A rebuild renews its lease well within this; one that died (killed, crashed) loses it when it runs out. */
export const REBUILD_LEASE_MS = 30_000;

/**
 * The rebuild in progress, if its lease is still held. A lease that ran out belongs to a rebuild that died:
 * it counts as no rebuild at all (an entry from before leases, with no expiry, likewise).
 */
export function liveBuild(
  state: ProjectionState | undefined,
  now = Date.now(),
): NonNullable<ProjectionState['building']> | null {
  const building = state?.building;
  if (!building?.expiresAt) return null;
  return Date.parse(building.expiresAt) > now ? building : null;
}

/**
 * A rebuild renews its lease every third of it (and with its progress, twice a second): one whose heartbeat is
 * older than half the lease has stopped (killed, or stuck), though its lease still holds the projection.
 */
export const REBUILD_STALLED_MS = REBUILD_LEASE_MS / 2;

/** A rebuild that holds a projection's lease: whether it still beats, and until when it holds it. */
export interface HeldBuild {
  building: NonNullable<ProjectionState['building']>;
  /** When its heartbeat stopped (its last one), or null while it beats. */
  stalledSince: string | null;
  leaseEndsAt: string;
}

/** The rebuild holding the projection's lease, stalled or not; null when none does. */
export function heldBuild(state: ProjectionState | undefined, now = Date.now()): HeldBuild | null {
  const building = liveBuild(state, now);
  if (!building?.expiresAt) return null;
  const heartbeatAt = building.heartbeatAt ?? building.startedAt;
  const stalled = now - Date.parse(heartbeatAt) > REBUILD_STALLED_MS;
  return { building, stalledSince: stalled ? heartbeatAt : null, leaseEndsAt: building.expiresAt };
}

/** Why a new rebuild of `projection` cannot start now, in words for an operator or an analyst. */
export function heldMessage(projection: string, held: HeldBuild): string {
  return held.stalledSince === null
    ? `A rebuild of ${projection} is already running`
    : `A rebuild of ${projection} stalled (no heartbeat since ${held.stalledSince}); it holds ${projection} until its lease ends at ${held.leaseEndsAt}`;
}

export const physicalName = (projection: string, generation: number, collection: string) =>
  `${projection}_g${generation}_${collection}`;

export const checkpointName = (projection: string, generation: number) => `${projection}_g${generation}`;

export async function readState(store: ReadModelStore, name: string): Promise<ProjectionState | undefined> {
  return store.get<ProjectionState>(REGISTRY, name);
}

export async function ensureCollections(store: ReadModelStore, projection: Projection, generation: number) {
  for (const spec of projection.collections) {
    await store.ensureCollection({ ...spec, name: physicalName(projection.name, generation, spec.name) });
  }
}

/** The state of a projection, created (generation 1, empty) the first time it is seen. */
export async function initialState(store: ReadModelStore, projection: Projection): Promise<ProjectionState> {
  const existing = await readState(store, projection.name);
  if (existing) return existing;
  const state: ProjectionState = {
    id: projection.name,
    activeGeneration: 1,
    activeVersion: projection.version,
    switchedAt: new Date().toISOString(),
    building: null,
  };
  await ensureCollections(store, projection, 1);
  await store.commit([{ kind: 'upsert', collection: REGISTRY, doc: state }]);
  return state;
}

/** Drops the collections of every generation that is neither active nor being built. */
export async function dropStaleGenerations(
  store: ReadModelStore,
  projection: Projection,
  state: ProjectionState,
) {
  const keep = new Set([state.activeGeneration, state.building?.generation]);
  const prefix = `${projection.name}_g`;
  for (const collection of await store.listCollections()) {
    if (!collection.startsWith(prefix)) continue;
    const generation = Number(collection.slice(prefix.length).split('_')[0]);
    if (Number.isInteger(generation) && !keep.has(generation)) await store.dropCollection(collection);
  }
  for (let g = 1; g < state.activeGeneration; g++) {
    if (!keep.has(g)) await store.deleteCheckpoint(checkpointName(projection.name, g));
  }
}

/** Reads a served collection: resolves the active generation for each call, so a switch is seen at once. */
export async function activeCollection(store: ReadModelStore, projection: string, collection: string) {
  const state = await readState(store, projection);
  return physicalName(projection, state?.activeGeneration ?? 1, collection);
}
