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

  test('keeps its arrays within 1.5 × 40 bytes a leaf as it grows, with every leaf intact', () => {
    const leaves = new StreamLeaves();
    const n = 100_000;
    for (let index = 0; index < n; index++)
      leaves.set(`compliance-${index}`, { index, revision: index % 7, hash: hashOf(String(index)) });
    expect(leaves.arrayBytes).toBeLessThanOrEqual(1.5 * 40 * n);
    for (const index of [0, 1, 1023, 1024, 54_321, n - 1])
      expect(leaves.get(`compliance-${index}`)).toEqual({
        index,
        revision: index % 7,
        hash: hashOf(String(index)),
      });
  });
});
