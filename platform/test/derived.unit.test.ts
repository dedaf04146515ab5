import { derivedFrom } from '../src/readmodels/derived';

describe('derivedFrom', () => {
  const sumOf = () => {
    const calls: number[][] = [];
    const sum = derivedFrom((values: readonly number[], extra: readonly number[]) => {
      calls.push([...values, ...extra]);
      return { total: [...values, ...extra].reduce((a, b) => a + b, 0) };
    });
    return { sum, calls };
  };

  test('computes once per combination of frozen inputs, and hands back the same frozen answer', () => {
    const { sum, calls } = sumOf();
    const a = Object.freeze([1, 2]);
    const b = Object.freeze([3]);
    const first = sum(a, b);
    expect(first).toEqual({ total: 6 });
    expect(sum(a, b)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  test('a changed input (a new array from the read cache) is computed anew', () => {
    const { sum, calls } = sumOf();
    const a = Object.freeze([1, 2]);
    sum(a, Object.freeze([3]));
    expect(sum(a, Object.freeze([4]))).toEqual({ total: 7 });
    expect(calls).toHaveLength(2);
  });

  test('inputs that are not frozen (read without the cache) are computed every time', () => {
    const { sum, calls } = sumOf();
    const a = [1, 2];
    const b = Object.freeze([3]);
    expect(sum(a, b)).toEqual({ total: 6 });
    a.push(10);
    expect(sum(a, b)).toEqual({ total: 16 });
    expect(calls).toHaveLength(2);
  });
});
