import type { CollectionSpec, Doc, RecordedEvent } from '@tickwise/platform';

/**
 * How one event type changes one collection: which documents it touches, and a pure `(doc, event) → doc`.
 * Returning `null` deletes the document; returning the same object (or `undefined`) leaves it unchanged.
 */
export interface Handler<D extends Doc = Doc> {
  collection: string;
  ids(event: RecordedEvent): readonly string[];
  apply(doc: D | undefined, event: RecordedEvent): D | null | undefined;
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
}

export const handledTypes = (projection: Projection): string[] => Object.keys(projection.handlers);

/** Type-safe constructor for an aggregate. */
export const aggregate = <S extends Doc, A extends Doc>(a: Aggregate<S, A>): Aggregate =>
  a as unknown as Aggregate;

/** Type-safe constructor for a handler (keeps `D` from the apply function). */
export const handler = <D extends Doc>(h: Handler<D>): Handler => h as unknown as Handler;
