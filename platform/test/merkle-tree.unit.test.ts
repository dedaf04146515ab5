import { createHash } from 'node:crypto';
import { EMPTY_ROOT, leafHash, MerkleTree, nodeHash, rootOf, verifyInclusion } from '../src';

const leaf = (n: number) => leafHash(Buffer.from(`leaf ${n}`));
const leaves = (n: number) => Array.from({ length: n }, (_, i) => leaf(i));

describe('the RFC 9162 Merkle tree', () => {
  test('hashes leaves with 0x00 and nodes with 0x01; the empty tree is SHA-256 of nothing', () => {
    const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
    expect(leafHash(Buffer.from('a'))).toEqual(sha(Buffer.from([0]), Buffer.from('a')));
    expect(nodeHash(leaf(0), leaf(1))).toEqual(sha(Buffer.from([1]), leaf(0), leaf(1)));
    expect(new MerkleTree().root()).toEqual(EMPTY_ROOT);
    expect(EMPTY_ROOT.toString('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    // Children that are not 32-byte hashes (only in a proof from outside) are hashed as given, and a node
    // hashed after them is unaffected.
    const short = Buffer.from('short');
    expect(nodeHash(short, leaf(1))).toEqual(sha(Buffer.from([1]), short, leaf(1)));
    expect(nodeHash(leaf(0), Buffer.alloc(40, 7))).toEqual(
      sha(Buffer.from([1]), leaf(0), Buffer.alloc(40, 7)),
    );
    expect(nodeHash(leaf(2), leaf(3))).toEqual(sha(Buffer.from([1]), leaf(2), leaf(3)));
    // D[3] = HASH(0x01 || HASH(0x01 || l0 || l1) || l2): the RFC's split at the largest power of two below 3.
    expect(rootOf(leaves(3))).toEqual(nodeHash(nodeHash(leaf(0), leaf(1)), leaf(2)));
  });

  test('appending leaf by leaf gives the root of the definition, for every size up to 70', () => {
    const tree = new MerkleTree();
    for (let n = 1; n <= 70; n++) {
      tree.setLeaves([[n - 1, leaf(n - 1)]]);
      expect(tree.size).toBe(n);
      expect(tree.root()).toEqual(rootOf(leaves(n)));
    }
  });

  test('changing and appending many leaves at once gives the root of the definition', () => {
    const tree = new MerkleTree();
    tree.setLeaves(leaves(37).map((hash, i) => [i, hash] as const));
    const changed = leaves(45).map((hash, i) => (i % 3 === 0 ? leafHash(Buffer.from(`changed ${i}`)) : hash));
    tree.setLeaves(
      changed
        .flatMap((hash, i) => (i % 3 === 0 || i >= 37 ? [[i, hash] as const] : []))
        .reverse()
        .sort(([a], [b]) => a - b),
    );
    expect(tree.root()).toEqual(rootOf(changed));
  });

  test('revert puts back the size and the replaced leaves', () => {
    const tree = new MerkleTree();
    tree.setLeaves(leaves(21).map((hash, i) => [i, hash] as const));
    const before = tree.root();
    tree.setLeaves([
      [4, leaf(100)],
      [21, leaf(101)],
      [22, leaf(102)],
      [23, leaf(103)],
    ]);
    expect(tree.root()).not.toEqual(before);
    tree.revert(21, [[4, leaf(4)]]);
    expect(tree.size).toBe(21);
    expect(tree.root()).toEqual(before);
    tree.setLeaves([[21, leaf(21)]]);
    expect(tree.root()).toEqual(rootOf(leaves(22)));
  });

  test('every leaf of every size up to 33 has an inclusion proof that verifies, and only for itself', () => {
    for (let n = 1; n <= 33; n++) {
      const tree = new MerkleTree();
      tree.setLeaves(leaves(n).map((hash, i) => [i, hash] as const));
      const root = tree.root();
      for (let i = 0; i < n; i++) {
        const path = tree.inclusionProof(i);
        expect(verifyInclusion(leaf(i), i, n, path, root)).toBe(true);
        expect(verifyInclusion(leaf(i + 1), i, n, path, root)).toBe(false);
        if (n > 1) expect(verifyInclusion(leaf(i), (i + 1) % n, n, path, root)).toBe(false);
      }
    }
  });

  test('a proof against another root, an index outside the tree or a truncated path does not verify', () => {
    const tree = new MerkleTree();
    tree.setLeaves(leaves(10).map((hash, i) => [i, hash] as const));
    const path = tree.inclusionProof(6);
    expect(verifyInclusion(leaf(6), 6, 10, path, rootOf(leaves(11)))).toBe(false);
    expect(verifyInclusion(leaf(6), 10, 10, path, tree.root())).toBe(false);
    expect(verifyInclusion(leaf(6), -1, 10, path, tree.root())).toBe(false);
    expect(verifyInclusion(leaf(6), 6, 10, path.slice(1), tree.root())).toBe(false);
  });

  test('reverted to no leaves, it is the empty tree again', () => {
    const tree = new MerkleTree();
    tree.setLeaves(leaves(5).map((hash, i) => [i, hash] as const));
    tree.revert(0, []);
    expect(tree.size).toBe(0);
    expect(tree.root()).toEqual(EMPTY_ROOT);
    tree.setLeaves([[0, leaf(0)]]);
    expect(tree.root()).toEqual(rootOf(leaves(1)));
  });

  test('holds its hashes in about 64 bytes a leaf, and a root or proof it gave does not change with it', () => {
    const tree = new MerkleTree();
    const n = 100_000;
    for (let start = 0; start < n; start += 1000)
      tree.setLeaves(leaves(1000).map((hash, i) => [start + i, hash] as const));
    // About 2n hashes of 32 bytes over all levels; each level's buffer holds at most 1.5 × its hashes, or 64
    // hashes for the short levels at the top (18 levels for 100,000 leaves).
    expect(tree.bytes).toBeLessThanOrEqual(1.5 * 2 * 32 * n + 18 * 64 * 32);
    const root = tree.root();
    const proof = tree.inclusionProof(5);
    const [rootBefore, proofBefore] = [Buffer.from(root), proof.map((p) => Buffer.from(p))];
    tree.setLeaves([
      [5, leafHash(Buffer.from('changed'))],
      [4, leafHash(Buffer.from('changed too'))],
    ]);
    expect(root).toEqual(rootBefore);
    expect(proof).toEqual(proofBefore);
    expect(tree.root()).not.toEqual(rootBefore);
  });
});
