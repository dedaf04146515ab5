import type { Doc, RecordedEvent, WriteOp } from '@tickwise/platform';
import { physicalName } from './generations';
import type { Projection } from './projection';

export interface LoadedDocs {
  get(collection: string, id: string): Doc | undefined;
}

/** Physical collection names of one projection generation, computed once (this runs for every event). */
function namer(projection: Projection, generation: number) {
  const names = new Map<string, string>();
  return (collection: string) => {
    let name = names.get(collection);
    if (name === undefined) {
      name = physicalName(projection.name, generation, collection);
      names.set(collection, name);
    }
    return name;
  };
}

/** Pass 1: every (physical collection, id) the batch will touch, so they can be loaded in one read each. */
export function touchedIds(projection: Projection, generation: number, events: readonly RecordedEvent[]) {
  const name = namer(projection, generation);
  const touched = new Map<string, Set<string>>();
  const idsOf = (collection: string) => {
    let ids = touched.get(collection);
    if (!ids) {
      ids = new Set<string>();
      touched.set(collection, ids);
    }
    return ids;
  };
  for (const event of events) {
    for (const h of projection.handlers[event.type] ?? []) {
      const ids = idsOf(name(h.collection));
      for (const id of h.ids(event)) ids.add(id);
    }
  }
  // Aggregate documents are few and fixed: load them whenever the batch touches their source collection.
  for (const [source, aggregates] of Object.entries(projection.aggregates ?? {})) {
    if (!touched.has(name(source))) continue;
    for (const a of aggregates) idsOf(name(a.collection)).add(a.id);
  }
  return touched;
}

/**
 * Pass 2: folds the batch's events over the loaded documents with the projection's handlers (and folds
 * each document change into the projection's aggregates), and returns the writes, one per changed document.
 * Deterministic: the same inputs give the same writes.
 */
export function applyBatch(
  projection: Projection,
  generation: number,
  events: readonly RecordedEvent[],
  loaded: LoadedDocs,
): WriteOp[] {
  const name = namer(projection, generation);
  const working = new Map<string, Map<string, Doc | null>>();
  const docsOf = (collection: string) => {
    let docs = working.get(collection);
    if (!docs) {
      docs = new Map();
      working.set(collection, docs);
    }
    return docs;
  };
  const current = (collection: string, id: string): Doc | undefined => {
    const docs = working.get(collection);
    if (docs?.has(id)) return docs.get(id) ?? undefined;
    return loaded.get(collection, id);
  };
  // Each aggregate document is copied once per batch; its `apply` then works on that copy.
  const ownCopies = new Map<string, Set<string>>();
  const aggregateDoc = (collection: string, id: string): Doc | undefined => {
    const owned = ownCopies.get(collection) ?? new Set<string>();
    ownCopies.set(collection, owned);
    const doc = current(collection, id);
    if (owned.has(id) || doc === undefined) return doc;
    owned.add(id);
    const copy = structuredClone(doc);
    docsOf(collection).set(id, copy);
    return copy;
  };
  for (const event of events) {
    for (const h of projection.handlers[event.type] ?? []) {
      const collection = name(h.collection);
      for (const id of h.ids(event)) {
        const before = current(collection, id);
        const after = h.apply(before, event);
        if (after === undefined || after === before) continue;
        docsOf(collection).set(id, after);
        for (const a of projection.aggregates?.[h.collection] ?? []) {
          const target = name(a.collection);
          const next = a.apply(aggregateDoc(target, a.id), before, after ?? undefined);
          docsOf(target).set(a.id, next);
          ownCopies.get(target)?.add(a.id);
        }
      }
    }
  }
  const writes: WriteOp[] = [];
  for (const [collection, docs] of working) {
    for (const [id, doc] of docs) {
      writes.push(doc === null ? { kind: 'delete', collection, id } : { kind: 'upsert', collection, doc });
    }
  }
  return writes;
}
