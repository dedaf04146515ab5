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

/** A read model: a name, a code version, its collections and the handlers of the event types it reads. */
export interface Projection {
  name: string;
  /** Bump it when the handlers change: the runner rebuilds into a new generation, blue/green. */
  version: number;
  collections: readonly CollectionSpec[];
  handlers: Readonly<Record<string, readonly Handler[]>>;
}

export const handledTypes = (projection: Projection): string[] => Object.keys(projection.handlers);

/** Type-safe constructor for a handler (keeps `D` from the apply function). */
export const handler = <D extends Doc>(h: Handler<D>): Handler => h as unknown as Handler;
