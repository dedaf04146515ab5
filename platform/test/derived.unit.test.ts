import { derivedFrom } from '../src/readmodels/derived';
import { isShared, shared } from '../src/readmodels/shared-values';

describe('derivedFrom', () => {
  const sumOf = () => {
    const calls: number[][] = [];
    const sum = derivedFrom((values: readonly number[], extra: readonly number[]) => {
      calls.push([...values, ...extra]);
      return { total: [...values, ...extra].reduce((a, b) => a + b, 0) };
    });
    return { sum, calls };
  };

  test('computes once per combination of shared inputs, and hands back the same shared answer', () => {
    const { sum, calls } = sumOf();
    const a = shared([1, 2]);
    const b = shared([3]);
    const first = sum(a, b);
    expect(first).toEqual({ total: 6 });
    expect(sum(a, b)).toBe(first);
    expect(isShared(first)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  test('a changed input (a new array from the read cache) is computed anew', () => {
    const { sum, calls } = sumOf();
    const a = shared([1, 2]);
    sum(a, shared([3]));
    expect(sum(a, shared([4]))).toEqual({ total: 7 });
    expect(calls).toHaveLength(2);
  });

  test('inputs that are not shared (read without the cache) are computed every time', () => {
    const { sum, calls } = sumOf();
    const a = [1, 2];
    const b = shared([3]);
    expect(sum(a, b)).toEqual({ total: 6 });
    a.push(10);
    expect(sum(a, b)).toEqual({ total: 16 });
    expect(calls).toHaveLength(2);
  });
});
