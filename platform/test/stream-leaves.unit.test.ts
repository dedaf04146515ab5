import { createHash } from 'node:crypto';
import { StreamLeaves } from '../src/checkpoints/stream-leaves';

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

describe('StreamLeaves', () => {
  test('gives back each stream’s index, revision and hash as set, and forgets a deleted stream', () => {
    const leaves = new StreamLeaves();
    leaves.set('user-a', { index: 0, revision: 3, hash: hashOf('a3') });
    leaves.set('learning-b', { index: 1, revision: 0, hash: hashOf('b0') });
    leaves.set('user-a', { index: 0, revision: 4, hash: hashOf('a4') });
    expect(leaves.get('user-a')).toEqual({ index: 0, revision: 4, hash: hashOf('a4') });
    expect(leaves.get('learning-b')).toEqual({ index: 1, revision: 0, hash: hashOf('b0') });
    expect(leaves.size).toBe(2);
    leaves.delete('learning-b');
    expect(leaves.get('learning-b')).toBeUndefined();
    expect(leaves.size).toBe(1);
  });

  test('refuses a head whose hash is not 64 lowercase hexadecimal digits, and keeps what it held', () => {
    const leaves = new StreamLeaves();
    leaves.set('user-a', { index: 0, revision: 1, hash: hashOf('a1') });
    for (const hash of ['', 'abc', hashOf('x').toUpperCase(), `${hashOf('x')}00`, 'z'.repeat(64)])
      expect(() => leaves.set('user-a', { index: 0, revision: 2, hash })).toThrow('has no SHA-256 hash');
    expect(leaves.get('user-a')).toEqual({ index: 0, revision: 1, hash: hashOf('a1') });
  });

  test('holds a leaf in 1.5 × (46 bytes + its name) + 24 as it grows, with every leaf intact', () => {
    const leaves = new StreamLeaves();
    const n = 100_000;
    const name = (index: number) => `learning-${hashOf(String(index)).slice(0, 36)}`;
    for (let index = 0; index < n; index++)
      leaves.set(name(index), { index, revision: index % 7, hash: hashOf(String(index)) });
    expect(leaves.size).toBe(n);
    expect(leaves.bytes).toBeLessThanOrEqual((1.5 * (46 + name(0).length) + 24) * n);
    for (const index of [0, 1, 1023, 1024, 54_321, n - 1])
      expect(leaves.get(name(index))).toEqual({ index, revision: index % 7, hash: hashOf(String(index)) });
    expect(leaves.get(`${name(7)}x`)).toBeUndefined();
    expect(leaves.get(name(7).slice(0, -1))).toBeUndefined();
  });

  test('finds every stream after deletes and re-adds, which reuse the deleted slots', () => {
    const leaves = new StreamLeaves();
    const n = 5_000;
    for (let index = 0; index < n; index++)
      leaves.set(`user-${index}`, { index, revision: 0, hash: hashOf(`u${index}`) });
    // A refused checkpoint takes back the leaves it appended, and the next one appends others at those indexes.
    for (let round = 0; round < 20; round++) {
      for (let index = n - 100; index < n; index++) leaves.delete(`user-${index}`);
      expect(leaves.size).toBe(n - 100);
      expect(leaves.get(`user-${n - 1}`)).toBeUndefined();
      for (let index = n - 100; index < n; index++)
        leaves.set(`user-${index}-${round}`, { index, revision: round, hash: hashOf(`r${round}`) });
      for (let index = n - 100; index < n; index++) leaves.delete(`user-${index}-${round}`);
      for (let index = n - 100; index < n; index++)
        leaves.set(`user-${index}`, { index, revision: 0, hash: hashOf(`u${index}`) });
    }
    expect(leaves.size).toBe(n);
    for (let index = 0; index < n; index++)
      expect(leaves.get(`user-${index}`)).toEqual({ index, revision: 0, hash: hashOf(`u${index}`) });
    expect(leaves.get('user-10-3')).toBeUndefined();
    leaves.delete('user-never-set');
    expect(leaves.size).toBe(n);
  });

  test('moves a stream to another leaf with its name, and refuses two streams on one leaf', () => {
    const leaves = new StreamLeaves();
    leaves.set('user-a', { index: 0, revision: 1, hash: hashOf('a1') });
    leaves.set('user-b', { index: 1, revision: 1, hash: hashOf('b1') });
    expect(() => leaves.set('user-c', { index: 1, revision: 0, hash: hashOf('c0') })).toThrow(
      'leaf 1 already holds another stream than user-c',
    );
    leaves.set('user-a', { index: 2, revision: 2, hash: hashOf('a2') });
    expect(leaves.get('user-a')).toEqual({ index: 2, revision: 2, hash: hashOf('a2') });
    leaves.set('user-c', { index: 0, revision: 0, hash: hashOf('c0') });
    expect(leaves.get('user-c')).toEqual({ index: 0, revision: 0, hash: hashOf('c0') });
    expect(leaves.get('user-b')).toEqual({ index: 1, revision: 1, hash: hashOf('b1') });
    expect(leaves.size).toBe(3);
  });

  test('tells apart names that are not ASCII, byte for byte', () => {
    const leaves = new StreamLeaves();
    leaves.set('audit-zoë', { index: 0, revision: 0, hash: hashOf('1') });
    leaves.set('audit-zoe\u0308', { index: 1, revision: 0, hash: hashOf('2') });
    expect(leaves.get('audit-zoë')?.index).toBe(0);
    expect(leaves.get('audit-zoe\u0308')?.index).toBe(1);
    expect(leaves.get('audit-zoe')).toBeUndefined();
  });
});
