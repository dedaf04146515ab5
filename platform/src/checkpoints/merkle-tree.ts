/**
 * The Merkle tree of RFC 9162 (2.1): leaves hashed with a 0x00 prefix, nodes with 0x01, a lone node at the
 * right edge of a level carried up unhashed (the same tree as the RFC's split at the largest power of two).
 * Kept level by level in memory, so changing k leaves of n costs about k·log2(n) hashes, not n.
 */
import { createHash } from 'node:crypto';
import type { SignedStreamHead } from '@tickwise/contracts';
import { canonicalJson } from '../eventlog/hash-chain';

const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);

/** The root of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT = createHash('sha256').digest();

export const leafHash = (data: Buffer): Buffer => createHash('sha256').update(LEAF).update(data).digest();

export const nodeHash = (left: Buffer, right: Buffer): Buffer =>
  createHash('sha256').update(NODE).update(left).update(right).digest();

/** The leaf of a stream head: the hash of its RFC 8785 canonical JSON. */
export const headLeaf = (head: SignedStreamHead): Buffer =>
  leafHash(Buffer.from(canonicalJson({ stream: head.stream, revision: head.revision, hash: head.hash })));

export class MerkleTree {
  /** levels[0] are the leaves; each level above holds the parents of the one below; the last one, the root. */
  private readonly levels: Buffer[][] = [[]];

  get size(): number {
    return this.levels[0]?.length ?? 0;
  }

  root(): Buffer {
    const top = this.levels[this.levels.length - 1];
    return this.size === 0 || !top?.[0] ? EMPTY_ROOT : top[0];
  }

  /**
   * Sets leaves: an index below `size` replaces that leaf, `size` appends one (appends in index order).
   * Parents are recomputed once per level for all the changed leaves below them.
   */
  setLeaves(changes: Iterable<readonly [number, Buffer]>): void {
    const leaves = this.levels[0] as Buffer[];
    let dirty = new Set<number>();
    for (const [index, hash] of changes) {
      if (index > leaves.length) throw new Error(`leaf ${index} set before leaf ${leaves.length}`);
      leaves[index] = hash;
      dirty.add(index);
    }
    for (let level = 0; (this.levels[level]?.length ?? 0) > 1 && dirty.size > 0; level++) {
      const below = this.levels[level] as Buffer[];
      if (!this.levels[level + 1]) this.levels.push([]);
      const above = this.levels[level + 1] as Buffer[];
      const parents = new Set<number>();
      for (const index of dirty) parents.add(index >> 1);
      for (const parent of parents) {
        const left = below[2 * parent] as Buffer;
        const right = below[2 * parent + 1];
        above[parent] = right ? nodeHash(left, right) : left;
      }
      dirty = parents;
    }
  }

  /**
   * Puts the tree back to `size` leaves with the given earlier values of replaced leaves: undoes a
   * `setLeaves` whose result was refused. Only the right edge and the restored leaves' paths are recomputed.
   */
  revert(size: number, replaced: Iterable<readonly [number, Buffer]>): void {
    let length = size;
    for (const level of this.levels) {
      level.length = length;
      length = Math.ceil(length / 2);
    }
    while (this.levels.length > 1 && (this.levels[this.levels.length - 2]?.length ?? 0) <= 1)
      this.levels.pop();
    const leaves = this.levels[0] as Buffer[];
    const last = leaves[size - 1];
    this.setLeaves([...(last ? [[size - 1, last] as const] : []), ...replaced]);
  }

  /** The audit path of a leaf, bottom-up (RFC 9162 2.1.3.1). */
  inclusionProof(index: number): Buffer[] {
    if (index < 0 || index >= this.size) throw new Error(`no leaf ${index} in a tree of ${this.size}`);
    const path: Buffer[] = [];
    let at = index;
    for (let level = 0; level < this.levels.length - 1; level++) {
      const sibling = this.levels[level]?.[at ^ 1];
      if (sibling) path.push(sibling);
      at >>= 1;
    }
    return path;
  }
}

/** RFC 9162 2.1.3.2: does `path` lead from the leaf at `index` of a `size`-leaf tree to `root`? */
export function verifyInclusion(
  leaf: Buffer,
  index: number,
  size: number,
  path: readonly Buffer[],
  root: Buffer,
): boolean {
  if (!Number.isInteger(index) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let hash = leaf;
  for (const sibling of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      hash = nodeHash(sibling, hash);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      hash = nodeHash(hash, sibling);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && hash.equals(root);
}

/** The RFC 9162 root of a list of leaves, computed by its recursive definition (a reference for tests). */
export function rootOf(leaves: readonly Buffer[]): Buffer {
  if (leaves.length === 0) return EMPTY_ROOT;
  if (leaves.length === 1) return leaves[0] as Buffer;
  let split = 1;
  while (split * 2 < leaves.length) split *= 2;
  return nodeHash(rootOf(leaves.slice(0, split)), rootOf(leaves.slice(split)));
}
