import { isShared, shared } from './shared-values';

/** Nested maps from each input, by identity, to the answer derived from them all. */
interface Memo {
  next: WeakMap<object, Memo>;
  value?: { result: unknown };
}

/** Whether every input is shared: only then can an answer be kept by their identity. */
const allShared = (inputs: readonly object[]): boolean => inputs.every(isShared);

/**
 * `compute` over read results, computed once per combination of inputs. The read cache answers the same
 * shared value for a query until a commit changes what it read (see shared-values.ts), so what is derived
 * from shared inputs stays right exactly as long as they are the same objects: the answer is kept, itself
 * shared, by their identity, and found again by it. Inputs that are not shared (a store read without the
 * cache) are computed afresh.
 */
export function derivedFrom<A extends readonly object[], R>(
  compute: (...inputs: A) => R,
): (...inputs: A) => R {
  const root: Memo = { next: new WeakMap() };
  return (...inputs: A) => {
    if (!allShared(inputs)) return compute(...inputs);
    let memo = root;
    for (const input of inputs) {
      let next = memo.next.get(input);
      if (!next) {
        next = { next: new WeakMap() };
        memo.next.set(input, next);
      }
      memo = next;
    }
    memo.value ??= { result: shared(compute(...inputs)) };
    return memo.value.result as R;
  };
}
