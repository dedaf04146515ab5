/** Nested maps from each input, by identity, to the answer derived from them all. */
interface Memo {
  next: WeakMap<object, Memo>;
  value?: { result: unknown };
}

/** Freezes an answer and everything in it: it is shared by every caller. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * `compute` over read results, computed once per combination of inputs. The read cache answers the same
 * frozen array for a query until a commit changes what it read, so what is derived from those arrays stays
 * right exactly as long as they are the same objects: the answer is kept (frozen) by their identity, and
 * found again by it. Inputs that are not frozen (a store read without the cache) are computed afresh.
 */
export function derivedFrom<A extends readonly object[], R>(
  compute: (...inputs: A) => R,
): (...inputs: A) => R {
  const root: Memo = { next: new WeakMap() };
  return (...inputs: A) => {
    if (!inputs.every((input) => Object.isFrozen(input))) return compute(...inputs);
    let memo = root;
    for (const input of inputs) {
      let next = memo.next.get(input);
      if (!next) {
        next = { next: new WeakMap() };
        memo.next.set(input, next);
      }
      memo = next;
    }
    memo.value ??= { result: deepFreeze(compute(...inputs)) };
    return memo.value.result as R;
  };
}
