/**
 * Shared values: what the read cache answers, and what is derived from its answers, handed to every caller
 * as one and the same object. Marking a value shared promises two things:
 *
 * - it never changes: it and everything in it are frozen, so whatever is worked out from it (a derived
 *   answer, its JSON bytes) stays right for as long as it is kept;
 * - it is the same object until a commit changes what it was read or derived from: work kept by its
 *   identity is found again exactly as long as it is right, and a change hands out a new object.
 *
 * Only the read cache (`CachedReadModelStore`) and `derivedFrom` mark values; the HTTP layer and
 * `derivedFrom` ask `isShared` before keeping anything by identity. The mark is the freeze itself, so every
 * object inside a shared value is shared too (a route may answer a part of a cached document, or list cached
 * items beside the caller's own), and nothing else on the server freezes values. A register of marked
 * objects beside the freeze (a WeakSet of every object inside) made parsing and marking a document about six
 * times slower (ADR 0009).
 */

declare const sharedMark: unique symbol;

/** A value marked by `shared`: never changes; the same object until a commit changes what it read. */
export type Shared<T> = T & { readonly [sharedMark]: true };

/** Marks `value` shared (freezing it and everything in it) and answers it: the same object. */
export function shared<T>(value: T): Shared<T> {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) shared(inner);
  }
  return value as Shared<T>;
}

/** Whether `value` is an object marked by `shared` (never a primitive: no identity to keep work by). */
export function isShared<T>(value: T): value is Shared<T & object> {
  return value !== null && typeof value === 'object' && Object.isFrozen(value);
}
