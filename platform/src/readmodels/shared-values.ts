/**
 * Shared values: what the read cache answers, handed to every caller as one and the same object. Marking a
 * value shared promises that it never changes: it and everything in it are frozen, so no caller can change
 * what the next one reads (a route sorting a found list in place would reorder it for everyone). Callers copy
 * before they change anything (`toSorted`, spreads).
 *
 * Only the read cache (`CachedReadModelStore`) marks values. The mark is the freeze itself, so every object
 * inside a shared value is shared too, and nothing else on the server freezes values.
 */

declare const sharedMark: unique symbol;

/** A value marked by `shared`: never changes; handed to every caller as the same object. */
export type Shared<T> = T & { readonly [sharedMark]: true };

/** Marks `value` shared (freezing it and everything in it) and answers it: the same object. */
export function shared<T>(value: T): Shared<T> {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) shared(inner);
  }
  return value as Shared<T>;
}

/** Whether `value` is an object marked by `shared` (never a primitive). */
export function isShared<T>(value: T): value is Shared<T & object> {
  return value !== null && typeof value === 'object' && Object.isFrozen(value);
}
