import { type DomainEvent, eventStreams, type PersonalEventType, streamId } from '@tickwise/contracts';
import type { CollectionSpec, Doc, RecordedEvent, TaggedEvent } from '@tickwise/platform';

/**
 * How one event type changes one collection: which documents it touches, and a pure `(doc, event) → doc`.
 * Returning `null` deletes the document; returning the same object (or `undefined`) leaves it unchanged.
 */
export interface Handler<D extends Doc = Doc> {
  collection: string;
  ids(event: RecordedEvent<TaggedEvent>): readonly string[];
  apply(doc: D | undefined, event: RecordedEvent<TaggedEvent>): D | null | undefined;
}

/**
 * A running total kept over the documents of a collection: each time a document changes, `apply` folds the
 * change (before → after) into one aggregate document. It sees every change exactly once, so counts such as
 * "learners who completed module 3" never double-count. The aggregate it is given is the batch's own copy:
 * `apply` may update it in place and return it (aggregates are folded thousands of times a batch).
 */
export interface Aggregate<S extends Doc = Doc, A extends Doc = Doc> {
  /** Where the aggregate lives (a collection of this projection) and its document id. */
  collection: string;
  id: string;
  apply(aggregate: A | undefined, before: S | undefined, after: S | undefined): A;
}

/** A read model: a name, a code version, its collections and the handlers of the event types it reads. */
export interface Projection {
  name: string;
  /** Bump it when the handlers change: the runner rebuilds into a new generation, blue/green. */
  version: number;
  collections: readonly CollectionSpec[];
  handlers: Readonly<Record<string, readonly Handler[]>>;
  /** Aggregates over a collection's document changes, by source collection. */
  aggregates?: Readonly<Record<string, readonly Aggregate[]>>;
  /**
   * The event types whose personal fields it stores (e-mail, names…): only those are opened for it; the
   * others, and every personal field for a projection without this list, are read sealed (no decryption).
   */
  readsPersonalData?: readonly PersonalEventType[];
}

export const handledTypes = (projection: Projection): string[] => Object.keys(projection.handlers);

/** Type-safe constructor for an aggregate. */
export const aggregate = <S extends Doc, A extends Doc>(a: Aggregate<S, A>): Aggregate =>
  a as unknown as Aggregate;

/** Type-safe constructor for a handler of untyped events (keeps `D` from the apply function). */
export const handler = <D extends Doc>(h: Handler<D>): Handler => h as unknown as Handler;

/** A handler together with the event type it handles, as `on` declares it. */
export interface EventHandler {
  type: DomainEvent['type'];
  handler: Handler;
}

/** The documents of one collection and which of them an event is about (unless a handler says otherwise). */
export interface Documents<D extends Doc, E extends DomainEvent> {
  collection: string;
  /** How events of type K change these documents; `apply` (and `ids`) see the event typed as K. */
  on<K extends E['type']>(
    type: K,
    apply: (doc: D | undefined, event: RecordedEvent<Extract<E, { type: K }>>) => D | null | undefined,
    ids?: (event: RecordedEvent<Extract<E, { type: K }>>) => readonly string[],
  ): EventHandler;
}

export function documents<D extends Doc, E extends DomainEvent = DomainEvent>(
  collection: string,
  ids: (event: RecordedEvent<E>) => readonly string[],
): Documents<D, E> {
  return {
    collection,
    on: (type, apply, idsOf = ids) => ({
      type,
      // The plan hands a handler only events of its own type, so typing the event by `type` holds.
      handler: { collection, ids: idsOf, apply } as unknown as Handler,
    }),
  };
}

/** A projection declared with `on` handlers: they are grouped by event type, in the order given. */
export function projection(
  spec: Omit<Projection, 'handlers'> & { handlers: readonly EventHandler[] },
): Projection {
  const handlers: Record<string, Handler[]> = {};
  for (const { type, handler } of spec.handlers) {
    handlers[type] ??= [];
    handlers[type].push(handler);
  }
  return { ...spec, handlers };
}

/** The id in the name of the stream the event is in: for a learner's events, the learner. */
export const streamOwner = (event: RecordedEvent): string => streamId(eventStreams[event.type], event.stream);

/** The one document of the user whose stream the event is in. */
export const ownDocument = (event: RecordedEvent): readonly string[] => [streamOwner(event)];
