import type { Doc, RecordedEvent, WriteOp } from '@tickwise/platform';
import { physicalName } from './generations';
import type { Projection } from './projection';

export interface LoadedDocs {
  get(collection: string, id: string): Doc | undefined;
}

/** Pass 1: every (physical collection, id) the batch will touch, so they can be loaded in one read each. */
export function touchedIds(projection: Projection, generation: number, events: readonly RecordedEvent[]) {
  const touched = new Map<string, Set<string>>();
  for (const event of events) {
    for (const h of projection.handlers[event.type] ?? []) {
      const collection = physicalName(projection.name, generation, h.collection);
      const ids = touched.get(collection) ?? new Set<string>();
      touched.set(collection, ids);
      for (const id of h.ids(event)) ids.add(id);
    }
  }
  // Aggregate documents are few and fixed: load them whenever the batch touches their source collection.
  for (const [source, aggregates] of Object.entries(projection.aggregates ?? {})) {
    if (!touched.has(physicalName(projection.name, generation, source))) continue;
    for (const a of aggregates) {
      const collection = physicalName(projection.name, generation, a.collection);
      const ids = touched.get(collection) ?? new Set<string>();
      touched.set(collection, ids);
      ids.add(a.id);
    }
  }
  return touched;
}

/**
 * Pass 2: folds the batch's events over the loaded documents with the projection's pure handlers and
 * returns the writes (one per changed document). Pure: the same inputs give the same writes.
 */
export function applyBatch(
  projection: Projection,
  generation: number,
  events: readonly RecordedEvent[],
  loaded: LoadedDocs,
): WriteOp[] {
  const working = new Map<string, Map<string, Doc | null>>();
  const current = (collection: string, id: string): Doc | undefined => {
    const docs = working.get(collection);
    if (docs?.has(id)) return docs.get(id) ?? undefined;
    return loaded.get(collection, id);
  };
  const set = (collection: string, id: string, doc: Doc | null) => {
    const docs = working.get(collection) ?? new Map<string, Doc | null>();
    working.set(collection, docs);
    docs.set(id, doc);
  };
  const aggregatesOf = (source: string) => projection.aggregates?.[source] ?? [];
  for (const event of events) {
    for (const h of projection.handlers[event.type] ?? []) {
      const collection = physicalName(projection.name, generation, h.collection);
      for (const id of h.ids(event)) {
        const before = current(collection, id);
        const after = h.apply(before, event);
        if (after === undefined || after === before) continue;
        set(collection, id, after);
        for (const a of aggregatesOf(h.collection)) {
          const target = physicalName(projection.name, generation, a.collection);
          set(target, a.id, a.apply(current(target, a.id), before, after ?? undefined));
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
