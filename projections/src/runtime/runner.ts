import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  type CorruptEventError,
  comparePositions,
  type EventLog,
  followLog,
  maxPosition,
  type Position,
  type ReadModelStore,
  type RecordedEvent,
  START,
  type TaggedEvent,
  type WriteOp,
} from '@tickwise/platform';
import { Batch } from './apply-batch';
import {
  checkpointName,
  dropStaleGenerations,
  ensureCollections,
  heldBuild,
  heldMessage,
  initialState,
  type ProjectionState,
  REBUILD_LEASE_MS,
  REGISTRY,
  readState,
} from './generations';
import { positionOffset, progressOf, type RebuildProgress } from './progress';
import { handledTypes, type Projection } from './projection';

export interface ProjectionContext {
  /** The runtime reads any tagged event; read models see theirs typed (see `on`). */
  log: EventLog<TaggedEvent>;
  store: ReadModelStore;
  /**
   * A stored event that cannot be read: reported here and skipped, so one damaged event holds up no
   * projection (it is listed as damaged; see `DAMAGED_EVENTS`). Without it the read fails there.
   */
  onUnreadable?: (error: CorruptEventError) => void;
}

/** Loads the stored documents `events` touch that the batch has not loaded yet, then folds the events in. */
async function addToBatch(
  store: ReadModelStore,
  batch: Batch,
  events: readonly RecordedEvent<TaggedEvent>[],
) {
  for (const [collection, ids] of batch.missing(events)) {
    batch.provide(collection, await store.getMany(collection, ids));
  }
  batch.apply(events);
}

/** Applies one batch of events to a generation and commits the documents with the checkpoint. */
export async function commitBatch(
  { store }: ProjectionContext,
  projection: Projection,
  generation: number,
  events: readonly RecordedEvent<TaggedEvent>[],
  extraWrites: readonly WriteOp[] = [],
): Promise<Position | undefined> {
  const last = events[events.length - 1];
  if (!last) return undefined;
  const batch = new Batch(projection, generation);
  await addToBatch(store, batch, events);
  await store.commit([...batch.writes(), ...extraWrites], {
    name: checkpointName(projection.name, generation),
    position: last.position,
  });
  return last.position;
}

export async function checkpointOf(store: ReadModelStore, projection: string, generation: number) {
  return (await store.getCheckpoint(checkpointName(projection, generation)))?.position;
}

/**
 * Blue/green rebuild: replays the whole log into a new generation while the active one keeps serving,
 * then switches the active pointer in the same unit of work as the new generation's checkpoint.
 */
export async function rebuild(
  context: ProjectionContext,
  projection: Projection,
  options: {
    batchSize?: number;
    onProgress?: (progress: RebuildProgress) => void;
    /** How long the lease lasts unless renewed (default REBUILD_LEASE_MS); renewed every third of it. */
    leaseMs?: number;
  } = {},
): Promise<RebuildProgress> {
  const { store } = context;
  const leaseMs = options.leaseMs ?? REBUILD_LEASE_MS;
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  const lease = () => {
    const now = Date.now();
    return {
      owner,
      heartbeatAt: new Date(now).toISOString(),
      expiresAt: new Date(now + leaseMs).toISOString(),
    };
  };
  const state = await initialState(store, projection);
  const held = heldBuild(state);
  if (held)
    throw new RebuildRunningError(
      projection.name,
      held.building.owner ?? 'unknown',
      heldMessage(projection.name, held),
    );
  const generation = Math.max(state.activeGeneration, state.building?.generation ?? 0) + 1;
  const building: ProjectionState = {
    ...state,
    building: { generation, version: projection.version, startedAt: new Date().toISOString(), ...lease() },
  };
  await store.commit([{ kind: 'upsert', collection: REGISTRY, doc: building }]);
  /** Updates our registry entry, only while it is still ours (a lease taken over is not ours to touch). */
  const updateOwn = async (
    change: (own: NonNullable<ProjectionState['building']>) => ProjectionState['building'],
  ) => {
    const current = await readState(store, projection.name);
    if (current?.building?.owner !== owner) return false;
    await store.commit([
      { kind: 'upsert', collection: REGISTRY, doc: { ...current, building: change(current.building) } },
    ]);
    return true;
  };
  let renewing: Promise<unknown> = Promise.resolve();
  const heartbeat = setInterval(
    () => {
      renewing = renewing.then(() => updateOwn((own) => ({ ...own, ...lease() }))).catch(() => undefined);
    },
    Math.max(10, Math.floor(leaseMs / 3)),
  );
  heartbeat.unref();
  try {
    return await rebuildInto(context, projection, generation, building, { ...options, owner, lease });
  } catch (error) {
    // Release the lease at once: nobody should wait for it to run out after a failure we saw.
    await renewing;
    await updateOwn(() => null).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(heartbeat);
    await renewing;
  }
}

/** A rebuild refused because another one holds the projection's lease. */
export class RebuildRunningError extends Error {
  override readonly name = 'RebuildRunningError';
  constructor(
    readonly projection: string,
    readonly owner: string,
    message = `A rebuild of ${projection} is already running`,
  ) {
    super(message);
  }
}

async function rebuildInto(
  context: ProjectionContext,
  projection: Projection,
  generation: number,
  building: ProjectionState,
  options: {
    batchSize?: number;
    onProgress?: (progress: RebuildProgress) => void;
    owner: string;
    lease: () => { owner: string; heartbeatAt: string; expiresAt: string };
  },
): Promise<RebuildProgress> {
  const { log, store } = context;
  const batchSize = options.batchSize ?? 5000;
  await dropStaleGenerations(store, projection, building);
  await ensureCollections(store, projection, generation);
  await store.deleteCheckpoint(checkpointName(projection.name, generation));

  const startedAt = Date.now();
  let events = 0;
  let position: Position = START;
  let head = await log.headPosition();
  let lastSaved = 0;
  const report = (done: boolean) => {
    const progress = progressOf(
      { projection: projection.name, generation, events, position, head, done },
      startedAt,
      Date.now(),
    );
    options.onProgress?.(progress);
    return progress;
  };
  /** Records the progress in the registry (at most twice a second) for status screens in other processes. */
  const saveProgress = async (progress: RebuildProgress) => {
    if (Date.now() - lastSaved < 500) return;
    lastSaved = Date.now();
    const state = (await readState(store, projection.name)) ?? building;
    if (state.building?.generation !== generation || state.building.owner !== options.owner) return;
    const total = positionOffset(progress.head);
    await store.commit([
      {
        kind: 'upsert',
        collection: REGISTRY,
        doc: {
          ...state,
          building: {
            ...state.building,
            ...options.lease(),
            progress: {
              processed: Math.round(progress.fraction * total),
              total,
              eventsPerSecond: progress.eventsPerSecond,
              etaSeconds: progress.etaSeconds,
            },
          },
        },
      },
    ]);
  };
  report(false);
  // The first batch is reported at once (a status screen shows movement from the start), then every 200 ms.
  let lastReport = 0;
  let pendingSave: Promise<void> = Promise.resolve();
  position = await replay(context, projection, generation, START, batchSize, (count, at) => {
    events += count;
    position = at;
    if (Date.now() - lastReport >= 200) {
      lastReport = Date.now();
      const progress = report(false);
      pendingSave = pendingSave.then(() => saveProgress(progress));
    }
  });
  head = maxPosition(head, position);
  // No progress write may land after the switch (it would bring back `building`).
  await pendingSave;
  const current = (await readState(store, projection.name)) ?? building;
  if (current.building?.owner !== options.owner) {
    throw new Error(`The rebuild of ${projection.name} lost its lease before it could switch`);
  }
  const switched: ProjectionState = {
    ...current,
    activeGeneration: generation,
    activeVersion: projection.version,
    switchedAt: new Date().toISOString(),
    building: null,
  };
  await store.commit([{ kind: 'upsert', collection: REGISTRY, doc: switched }], {
    name: checkpointName(projection.name, generation),
    position,
  });
  return report(true);
}

export interface LiveRunnerOptions {
  batchSize?: number;
  /** How often an idle runner looks for a generation switch made by a rebuild elsewhere. */
  registryPollMs?: number;
  /** A failure, once per episode: reported when it starts, not at every retry. */
  onError?: (error: unknown) => void;
  /** The failure reported to `onError` is over: a batch was committed again. */
  onRecovered?: () => void;
  /** The first pause after a failure (default 500 ms); it doubles while the failure lasts, up to 2 s. */
  retryMs?: number;
}

/**
 * Keeps a projection's active generation up to date: resumes from its checkpoint, applies events in
 * batches (documents and checkpoint committed together), follows the log live, and moves to a new
 * generation when a rebuild switches it. When the code version is newer than the active generation's, it
 * starts a blue/green rebuild in the background and keeps the current generation serving meanwhile.
 */
export class LiveProjectionRunner {
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;
  private rebuilding: Promise<RebuildProgress> | undefined;

  constructor(
    private readonly context: ProjectionContext,
    readonly projection: Projection,
    private readonly options: LiveRunnerOptions = {},
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
    await this.rebuilding?.catch(() => undefined);
  }

  /** The rebuild this runner started for a newer code version, if any. */
  get pendingRebuild(): Promise<RebuildProgress> | undefined {
    return this.rebuilding;
  }

  /** The failure under way and the current pause, or undefined while batches commit. */
  private failing: { delayMs: number } | undefined;

  private failed(error: unknown): number {
    const first = this.options.retryMs ?? 500;
    if (!this.failing) this.options.onError?.(error);
    this.failing = { delayMs: this.failing ? Math.min(this.failing.delayMs * 2, 2_000) : first };
    return this.failing.delayMs;
  }

  private recovered(): void {
    if (!this.failing) return;
    this.failing = undefined;
    this.options.onRecovered?.();
  }

  private async loop(): Promise<void> {
    const { store } = this.context;
    while (!this.stopping.signal.aborted) {
      try {
        const state = await initialState(store, this.projection);
        if (state.activeVersion < this.projection.version && !this.rebuilding) {
          this.rebuilding = rebuild(this.context, this.projection);
          this.rebuilding.catch((error) => this.options.onError?.(error));
        }
        await ensureCollections(store, this.projection, state.activeGeneration);
        await this.follow(state.activeGeneration);
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        const delayMs = this.failed(error);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  /** Follows the log into one generation until stopped or until the active generation changes. */
  private async follow(generation: number): Promise<void> {
    const { log, store } = this.context;
    const from = (await checkpointOf(store, this.projection.name, generation)) ?? START;
    const options = {
      from,
      signal: this.stopping.signal,
      batchSize: this.options.batchSize ?? 2000,
      // An idle log still hands back control now and then, to notice a switch made by a rebuild elsewhere.
      idleMs: this.options.registryPollMs ?? 250,
      personalData: this.projection.readsPersonalData ?? false,
      ...(this.context.onUnreadable ? { onUnreadable: this.context.onUnreadable } : {}),
    };
    await followLog(log, options, async (batch) => {
      if (batch.length > 0) {
        await commitBatch(this.context, this.projection, generation, batch);
        this.recovered();
      }
      const state = await readState(store, this.projection.name);
      return state && state.activeGeneration !== generation ? 'end' : 'continue';
    });
  }
}

/**
 * Events read from the log at a time while a batch is being built: a batch of thousands of events is read in
 * parts and each part folded in as it arrives, so only one part of parsed events is alive at once (much less
 * for the garbage collector to copy), while the documents are still written once per batch.
 */
const READ_PART = 1000;

/**
 * Reads the projection's event types after `from` until a pass finds nothing new, committing each batch.
 * Events of other types are never read or parsed, yet the checkpoint ends at the head the last pass
 * started from, so lag and read-your-writes see the projection as caught up.
 */
async function replay(
  context: ProjectionContext,
  projection: Projection,
  generation: number,
  from: Position,
  batchSize: number,
  onBatch?: (count: number, position: Position) => void,
): Promise<Position> {
  const { log, store } = context;
  const types = handledTypes(projection);
  // Equal parts of at most READ_PART events that add up to the batch size (5000 = 5 × 1000, 1500 = 2 × 750).
  const partSize = Math.ceil(batchSize / Math.ceil(Math.max(1, batchSize) / READ_PART));
  let position = from;
  for (;;) {
    const passHead = await log.headPosition();
    let read = 0;
    let batch: Batch | undefined;
    let pending = 0;
    let last = position;
    const commit = async () => {
      if (!batch) return;
      await store.commit(batch.writes(), {
        name: checkpointName(projection.name, generation),
        position: last,
      });
      position = last;
      read += pending;
      onBatch?.(pending, position);
      batch = undefined;
      pending = 0;
      // Let the process answer requests between batches: with the synchronous embedded storage a rebuild in
      // the serving process would otherwise hold the event loop until it finished.
      await new Promise((resolve) => setImmediate(resolve));
    };
    for await (const part of log.readAll({
      fromPosition: position,
      batchSize: partSize,
      types,
      personalData: projection.readsPersonalData ?? false,
      ...(context.onUnreadable ? { onUnreadable: context.onUnreadable } : {}),
    })) {
      const lastOfPart = part[part.length - 1];
      if (!lastOfPart) continue;
      batch ??= new Batch(projection, generation);
      await addToBatch(store, batch, part);
      pending += part.length;
      last = lastOfPart.position;
      if (pending >= batchSize) await commit();
    }
    await commit();
    if (comparePositions(passHead, position) > 0) {
      await store.commit([], {
        name: checkpointName(projection.name, generation),
        position: passHead,
      });
      position = passHead;
    }
    if (read === 0) return position;
  }
}

/** Catches the active generation up with the log (resuming from its checkpoint) and returns. */
export async function catchUp(
  context: ProjectionContext,
  projection: Projection,
  options: { batchSize?: number } = {},
): Promise<Position> {
  const state = await initialState(context.store, projection);
  await ensureCollections(context.store, projection, state.activeGeneration);
  const from = (await checkpointOf(context.store, projection.name, state.activeGeneration)) ?? START;
  return replay(context, projection, state.activeGeneration, from, options.batchSize ?? 2000);
}
