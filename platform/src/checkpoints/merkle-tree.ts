/**
 * The Merkle tree of RFC 9162 (2.1): leaves hashed with a 0x00 prefix, nodes with 0x01, a lone node at the
 * right edge of a level carried up unhashed (the same tree as the RFC's split at the largest power of two).
 * Kept level by level in memory, so changing k leaves of n costs about k·log2(n) hashes, not n.
 */
import { createHash, hash } from 'node:crypto';
import type { SignedStreamHead } from '@tickwise/contracts';
import { canonicalJson } from '../eventlog/hash-chain';

const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);

/** The root of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT = createHash('sha256').digest();

export const leafHash = (data: Buffer): Buffer => hash('sha256', Buffer.concat([LEAF, data]), 'buffer');

/** A hash's length in bytes (SHA-256). */
const HASH_BYTES = 32;

/** A node's input, 0x01 then the two child hashes, in one buffer reused by every call (hashed at once). */
const nodeInput = Buffer.alloc(1 + 2 * HASH_BYTES, NODE);

/**
 * The hash of a node over two children: SHA-256 of 0x01, left, right. One-shot `crypto.hash` on a reused
 * input takes about 60 % of the time of a `createHash` with three updates, and a checkpoint over 1,000 of
 * 150,000 streams hashes some 7,000 nodes in one turn of the event loop. Children of another length (only in
 * a proof from outside) are hashed as they are.
 */
export const nodeHash = (left: Buffer, right: Buffer): Buffer => {
  if (left.length !== HASH_BYTES || right.length !== HASH_BYTES)
    return hash('sha256', Buffer.concat([NODE, left, right]), 'buffer');
  left.copy(nodeInput, 1);
  right.copy(nodeInput, 1 + HASH_BYTES);
  return hash('sha256', nodeInput, 'buffer');
};

/** The leaf of a stream head: the hash of its RFC 8785 canonical JSON. */
export const headLeaf = (head: SignedStreamHead): Buffer =>
  leafHash(Buffer.from(canonicalJson({ stream: head.stream, revision: head.revision, hash: head.hash })));

/**
 * One level of the tree: its hashes back to back in one buffer, grown by half. A hash kept as a Buffer of
 * its own costs about 500 bytes of memory besides its 32 (the Buffer, its ArrayBuffer and their backing
 * store); a tree of 150,000 streams held 290,000 of them, 150 MB.
 */
class HashLevel {
  private bytes = Buffer.alloc(0);
  length = 0;

  /** The hash at `index`: a view, valid until the level next changes. */
  at(index: number): Buffer | undefined {
    return index >= 0 && index < this.length
      ? this.bytes.subarray(index * HASH_BYTES, (index + 1) * HASH_BYTES)
      : undefined;
  }

  /** Sets the hash at `index`, `length` at most (one past the end appends). */
  set(index: number, hash: Buffer): void {
    if (index >= this.length) {
      const needed = (index + 1) * HASH_BYTES;
      if (needed > this.bytes.length) {
        // Grown by half: a level of n hashes holds at most 1.5 n (doubling left up to 2 n).
        const half = Math.ceil(this.bytes.length / HASH_BYTES / 2) * HASH_BYTES;
        const grown = Buffer.alloc(Math.max(needed, this.bytes.length + half, 64 * HASH_BYTES));
        this.bytes.copy(grown, 0, 0, this.length * HASH_BYTES);
        this.bytes = grown;
      }
      this.length = index + 1;
    }
    hash.copy(this.bytes, index * HASH_BYTES, 0, HASH_BYTES);
  }

  /** Its memory in bytes: what a test bounds. */
  get capacityBytes(): number {
    return this.bytes.length;
  }
}

export class MerkleTree {
  /** levels[0] are the leaves; each level above holds the parents of the one below; the last one, the root. */
  private readonly levels: HashLevel[] = [new HashLevel()];

  get size(): number {
    return this.levels[0]?.length ?? 0;
  }

  /** The memory its hashes take, in bytes. */
  get bytes(): number {
    return this.levels.reduce((sum, level) => sum + level.capacityBytes, 0);
  }

  root(): Buffer {
    const top = this.levels[this.levels.length - 1]?.at(0);
    return this.size === 0 || !top ? EMPTY_ROOT : Buffer.from(top);
  }

  /**
   * Sets leaves: an index below `size` replaces that leaf, `size` appends one (appends in index order).
   * Parents are recomputed once per level for all the changed leaves below them.
   */
  setLeaves(changes: Iterable<readonly [number, Buffer]>): void {
    const leaves = this.levels[0] as HashLevel;
    const changed: number[] = [];
    for (const [index, leaf] of changes) {
      if (index > leaves.length) throw new Error(`leaf ${index} set before leaf ${leaves.length}`);
      leaves.set(index, leaf);
      changed.push(index);
    }
    // In index order, each once: a level grows only at its end, and a parent's index is its child's halved,
    // so the parents of a sorted level are sorted too.
    let dirty = changed.sort((x, y) => x - y);
    for (let level = 0; (this.levels[level]?.length ?? 0) > 1 && dirty.length > 0; level++) {
      const below = this.levels[level] as HashLevel;
      if (!this.levels[level + 1]) this.levels.push(new HashLevel());
      const above = this.levels[level + 1] as HashLevel;
      const parents: number[] = [];
      for (const index of dirty) {
        const parent = index >> 1;
        if (parents[parents.length - 1] === parent) continue;
        parents.push(parent);
        const left = below.at(2 * parent) as Buffer;
        const right = below.at(2 * parent + 1);
        above.set(parent, right ? nodeHash(left, right) : left);
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
      level.length = Math.min(level.length, length);
      length = Math.ceil(length / 2);
    }
    while (this.levels.length > 1 && (this.levels[this.levels.length - 2]?.length ?? 0) <= 1)
      this.levels.pop();
    const leaves = this.levels[0] as HashLevel;
    const last = leaves.at(size - 1);
    this.setLeaves([...(last ? [[size - 1, Buffer.from(last)] as const] : []), ...replaced]);
  }

  /** The audit path of a leaf, bottom-up (RFC 9162 2.1.3.1). */
  inclusionProof(index: number): Buffer[] {
    if (index < 0 || index >= this.size) throw new Error(`no leaf ${index} in a tree of ${this.size}`);
    const path: Buffer[] = [];
    let at = index;
    for (let level = 0; level < this.levels.length - 1; level++) {
      const sibling = this.levels[level]?.at(at ^ 1);
      if (sibling) path.push(Buffer.from(sibling));
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
