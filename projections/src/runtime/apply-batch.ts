import type { Doc, RecordedEvent, TaggedEvent, WriteOp } from '@tickwise/platform';
import { physicalName } from './generations';
import type { Aggregate, Handler, Projection } from './projection';

export interface LoadedDocs {
  get(collection: string, id: string): Doc | undefined;
}

/** One handler of an event type, with the physical collections it and its aggregates write, resolved once. */
interface Step {
  handler: Handler;
  /** Index of the handler's physical collection in `Plan.collections`. */
  collection: number;
  aggregates: ReadonlyArray<{
    aggregate: Aggregate;
    /** Index of the aggregate's physical collection in `Plan.collections`. */
    collection: number;
    /** Index of the (collection, id) aggregate document among `Plan.aggregateDocs`. */
    slot: number;
  }>;
}

/**
 * What a projection generation does with each event type, worked out once instead of for every event:
 * the steps by event type and the physical collection names, numbered so a batch keeps its working
 * documents in arrays instead of looking collections up by name for every event.
 */
interface Plan {
  steps: ReadonlyMap<string, readonly Step[]>;
  collections: readonly string[];
  indexes: ReadonlyMap<string, number>;
  /** Aggregate documents (collection index and id) the batch loads when it touches their source. */
  aggregatesBySource: ReadonlyMap<number, ReadonlyArray<{ collection: number; id: string }>>;
  aggregateDocs: number;
}

const plans = new WeakMap<Projection, Map<number, Plan>>();

function planOf(projection: Projection, generation: number): Plan {
  let byGeneration = plans.get(projection);
  if (!byGeneration) {
    byGeneration = new Map();
    plans.set(projection, byGeneration);
  }
  const cached = byGeneration.get(generation);
  if (cached) return cached;
  const collections: string[] = [];
  const indexOf = (collection: string) => {
    const name = physicalName(projection.name, generation, collection);
    const index = collections.indexOf(name);
    if (index >= 0) return index;
    collections.push(name);
    return collections.length - 1;
  };
  const slots = new Map<string, number>();
  const slotOf = (collection: number, id: string) => {
    const key = `${collection}\u0000${id}`;
    let slot = slots.get(key);
    if (slot === undefined) {
      slot = slots.size;
      slots.set(key, slot);
    }
    return slot;
  };
  const aggregatesBySource = new Map<number, Array<{ collection: number; id: string }>>();
  for (const [source, aggregates] of Object.entries(projection.aggregates ?? {})) {
    aggregatesBySource.set(
      indexOf(source),
      aggregates.map((a) => ({ collection: indexOf(a.collection), id: a.id })),
    );
  }
  const steps = new Map<string, Step[]>();
  for (const [type, handlers] of Object.entries(projection.handlers)) {
    steps.set(
      type,
      handlers.map((handler) => ({
        handler,
        collection: indexOf(handler.collection),
        aggregates: (projection.aggregates?.[handler.collection] ?? []).map((aggregate) => {
          const collection = indexOf(aggregate.collection);
          return { aggregate, collection, slot: slotOf(collection, aggregate.id) };
        }),
      })),
    );
  }
  const plan: Plan = {
    steps,
    collections,
    indexes: new Map(collections.map((name, index) => [name, index])),
    aggregatesBySource,
    aggregateDocs: slots.size,
  };
  byGeneration.set(generation, plan);
  return plan;
}

/**
 * One unit of work of a projection generation: the documents its events change, folded event by event,
 * and the writes that store them. Events can be added in several parts (a rebuild reads the log in smaller
 * parts than it commits, so that fewer parsed events are alive at once): for each part, `missing` names the
 * documents the part touches that the batch has not asked for yet, the caller loads them (`provide`), and
 * `apply` folds the part. Deterministic: the same inputs give the same writes.
 */
export class Batch {
  private readonly plan: Plan;
  /** Changed documents by collection index (`null`: deleted). */
  private readonly working: Array<Map<string, Doc | null>>;
  /** Collection indexes in the order of their first change (the order of the writes). */
  private readonly changedCollections: number[] = [];
  /** Stored documents as loaded, by collection index. */
  private readonly loaded: Array<Map<string, Doc>>;
  /** Ids already asked for by `missing` (loaded, or found absent), by collection index. */
  private readonly asked: Array<Set<string>>;
  /** Whether the batch owns its copy of each aggregate document (it is copied once, then updated in place). */
  private readonly owned: boolean[];
  /** The ids each handler gave for the part `missing` last saw, in order, so `apply` need not ask again. */
  private idsOfPart:
    | { events: readonly RecordedEvent<TaggedEvent>[]; ids: Array<readonly string[]> }
    | undefined;

  constructor(
    private readonly projection: Projection,
    generation: number,
  ) {
    this.plan = planOf(projection, generation);
    this.working = this.plan.collections.map(() => new Map());
    this.loaded = this.plan.collections.map(() => new Map());
    this.asked = this.plan.collections.map(() => new Set());
    this.owned = new Array(this.plan.aggregateDocs).fill(false);
  }

  /** The documents `events` touch that have not been asked for yet, by physical collection. */
  missing(events: readonly RecordedEvent<TaggedEvent>[]): Map<string, string[]> {
    const { plan, asked } = this;
    const missing: string[][] = plan.collections.map(() => []);
    const touched: boolean[] = plan.collections.map(() => false);
    const idsOfPart: Array<readonly string[]> = [];
    for (const event of events) {
      const steps = plan.steps.get(event.type);
      if (steps === undefined) continue;
      for (const step of steps) {
        const ids = step.handler.ids(event);
        idsOfPart.push(ids);
        touched[step.collection] = true;
        const seen = asked[step.collection] as Set<string>;
        for (const id of ids) {
          if (seen.has(id)) continue;
          seen.add(id);
          missing[step.collection]?.push(id);
        }
      }
    }
    this.idsOfPart = { events, ids: idsOfPart };
    // Aggregate documents are few and fixed: load them whenever the batch touches their source collection.
    for (const [source, aggregates] of plan.aggregatesBySource) {
      if (!touched[source]) continue;
      for (const { collection, id } of aggregates) {
        const seen = asked[collection] as Set<string>;
        if (seen.has(id)) continue;
        seen.add(id);
        missing[collection]?.push(id);
      }
    }
    const byName = new Map<string, string[]>();
    for (const [collection, ids] of missing.entries()) {
      if (ids.length > 0) byName.set(plan.collections[collection] ?? '', ids);
    }
    return byName;
  }

  /** Hands the batch stored documents that `missing` asked for. */
  provide(collection: string, docs: ReadonlyMap<string, Doc>): void {
    const loaded = this.loaded[this.plan.indexes.get(collection) ?? -1];
    if (!loaded) throw new Error(`${collection} is not a collection of ${this.projection.name}`);
    for (const [id, doc] of docs) loaded.set(id, doc);
  }

  private current(collection: number, id: string): Doc | undefined {
    const doc = (this.working[collection] as Map<string, Doc | null>).get(id);
    if (doc !== undefined) return doc ?? undefined;
    return (this.loaded[collection] as Map<string, Doc>).get(id);
  }

  private change(collection: number, id: string, doc: Doc | null) {
    const docs = this.working[collection] as Map<string, Doc | null>;
    if (docs.size === 0) this.changedCollections.push(collection);
    docs.set(id, doc);
  }

  /**
   * Folds events over the batch's documents with the projection's handlers, and each document change into
   * the projection's aggregates. The documents they touch must have been asked for with `missing`.
   */
  apply(events: readonly RecordedEvent<TaggedEvent>[]): void {
    const { plan, owned } = this;
    const known = this.idsOfPart?.events === events ? this.idsOfPart.ids : undefined;
    this.idsOfPart = undefined;
    let next = 0;
    for (const event of events) {
      const steps = plan.steps.get(event.type);
      if (steps === undefined) continue;
      for (const step of steps) {
        const ids = known ? (known[next++] as readonly string[]) : step.handler.ids(event);
        for (const id of ids) {
          const before = this.current(step.collection, id);
          const after = step.handler.apply(before, event);
          if (after === undefined || after === before) continue;
          this.change(step.collection, id, after);
          for (const { aggregate, collection, slot } of step.aggregates) {
            let doc = this.current(collection, aggregate.id);
            if (!owned[slot] && doc !== undefined) {
              doc = structuredClone(doc);
              this.change(collection, aggregate.id, doc);
            }
            owned[slot] = true;
            this.change(collection, aggregate.id, aggregate.apply(doc, before, after ?? undefined));
          }
        }
      }
    }
  }

  /** One write per changed document. */
  writes(): WriteOp[] {
    const writes: WriteOp[] = [];
    for (const index of this.changedCollections) {
      const collection = this.plan.collections[index] ?? '';
      for (const [id, doc] of this.working[index] as Map<string, Doc | null>) {
        writes.push(doc === null ? { kind: 'delete', collection, id } : { kind: 'upsert', collection, doc });
      }
    }
    return writes;
  }
}

/** Folds one batch of events over documents read from `loaded`, and returns the writes (see `Batch`). */
export function applyBatch(
  projection: Projection,
  generation: number,
  events: readonly RecordedEvent<TaggedEvent>[],
  loaded: LoadedDocs,
): WriteOp[] {
  const batch = new Batch(projection, generation);
  for (const [collection, ids] of batch.missing(events)) {
    const docs = new Map<string, Doc>();
    for (const id of ids) {
      const doc = loaded.get(collection, id);
      if (doc !== undefined) docs.set(id, doc);
    }
    batch.provide(collection, docs);
  }
  batch.apply(events);
  return batch.writes();
}
