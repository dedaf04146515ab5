import { isShared, shared } from '../src/readmodels/shared-values';

describe('shared values', () => {
  test('marking answers the same object, shared, with everything in it', () => {
    const value = { id: 'a', list: [{ n: 1 }, { n: 2 }], nested: { tags: ['x'] } };
    const marked = shared(value);
    expect(marked).toBe(value);
    expect([marked, marked.list, marked.list[1], marked.nested, marked.nested.tags].map(isShared)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  test('a shared value never changes: writing to it, or to anything in it, throws', () => {
    const marked = shared({ id: 'a', list: [3, 1, 2], nested: { n: 1 } });
    expect(() => marked.list.sort()).toThrow('read only');
    expect(() => {
      (marked.nested as { n: number }).n = 2;
    }).toThrow('read only');
    expect(() => {
      (marked as { id: string }).id = 'b';
    }).toThrow('read only');
    expect(marked).toEqual({ id: 'a', list: [3, 1, 2], nested: { n: 1 } });
  });

  test('a value not marked is not shared, nor is a primitive or null', () => {
    expect([{}, [], { list: [1] }, null, undefined, 1, 'text', true].map(isShared)).toEqual(
      Array(8).fill(false),
    );
  });

  test('a new value holding shared parts is not shared until it is marked itself', () => {
    const part = shared({ n: 1 });
    const whole = { parts: [part], own: { m: 2 } };
    expect([isShared(whole), isShared(whole.parts), isShared(part)]).toEqual([false, false, true]);
    shared(whole);
    expect([isShared(whole), isShared(whole.parts), isShared(whole.own)]).toEqual([true, true, true]);
  });

  test('marking again changes nothing and answers the same object', () => {
    const marked = shared({ list: [1] });
    expect(shared(marked)).toBe(marked);
    expect(shared(marked.list)).toBe(marked.list);
  });
});
