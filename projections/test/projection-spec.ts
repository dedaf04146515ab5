import type { DomainEvent } from '@tickwise/contracts';
import type { Doc, RecordedEvent } from '@tickwise/platform';
import { applyBatch } from '../src/runtime/apply-batch';
import { physicalName } from '../src/runtime/generations';
import type { Projection } from '../src/runtime/projection';

let counter = 0;

/** A domain event as the log would record it in `stream` (ids and positions in order of creation). */
export function recorded(stream: string, event: DomainEvent): RecordedEvent {
  counter += 1;
  return {
    ...event,
    eventId: `event-${counter}`,
    stream,
    revision: counter,
    position: String(counter),
    metadata: {
      correlationId: 'spec',
      causationId: 'spec',
      actor: 'spec',
      occurredAt: '2026-01-01T00:00:00.000Z',
      schemaVersion: 1,
      prevHash: '0',
      hash: '0',
    },
  };
}

/** The events of one stream, recorded in the order given. */
export const inStream =
  (stream: string) =>
  (...events: DomainEvent[]): RecordedEvent[] =>
    events.map((event) => recorded(stream, event));

export interface Then {
  /** The documents of a collection after the events, by id. */
  documents<D extends Doc = Doc>(collection: string): D[];
  /** One document of a collection after the events, or undefined. */
  document<D extends Doc = Doc>(collection: string, id: string): D | undefined;
}

interface When extends Then {
  /** Events that arrive after the given history, in a batch of their own. */
  when(...events: RecordedEvent[]): Then;
}

/**
 * Given/when/then for a read model (in the manner of emmett's ProjectionSpec): the given history is folded
 * in one batch, the `when` events in a second one over the stored documents, as the runner does across
 * batches; `then` reads the resulting documents.
 */
export function projectionSpec(projection: Projection) {
  const generation = 1;
  const fold = (store: Map<string, Map<string, Doc>>, events: readonly RecordedEvent[]) => {
    const writes = applyBatch(projection, generation, events, {
      get: (collection, id) => store.get(collection)?.get(id),
    });
    for (const write of writes) {
      const docs = store.get(write.collection) ?? new Map<string, Doc>();
      store.set(write.collection, docs);
      if (write.kind === 'upsert') docs.set(write.doc.id, write.doc);
      else docs.delete(write.id);
    }
  };
  const collectionOf = (store: Map<string, Map<string, Doc>>, collection: string) =>
    store.get(physicalName(projection.name, generation, collection)) ?? new Map<string, Doc>();
  // A spec names the document type it reads: the store keeps documents as the projection wrote them.
  const then = (store: Map<string, Map<string, Doc>>): Then => ({
    documents: <D extends Doc>(collection: string) =>
      ([...collectionOf(store, collection).values()] as D[]).sort((a, b) =>
        a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
      ),
    document: <D extends Doc>(collection: string, id: string) =>
      collectionOf(store, collection).get(id) as D | undefined,
  });
  return {
    given(...history: RecordedEvent[]): When {
      const store = new Map<string, Map<string, Doc>>();
      fold(store, history);
      return {
        ...then(store),
        when(...events) {
          fold(store, events);
          return then(store);
        },
      };
    },
  };
}
