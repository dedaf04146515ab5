/** A stream's leaf: where it sits in the tree and the head it holds. */
export interface Leaf {
  readonly index: number;
  readonly revision: number;
  readonly hash: string;
}

/** A head hash's length in bytes (SHA-256; 64 hexadecimal digits in a head). */
const HASH_BYTES = 32;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Every stream's leaf, by stream name: one entry a stream for as long as the log lives, so its size is kept
 * small. The name maps to the leaf's index; the revisions and the hashes (as 32 bytes, not 64 characters) sit
 * in flat arrays by index, grown by half. A leaf kept as an object with its hash as a string cost about 240
 * bytes a stream (33 MB for 139,000 streams); this costs about 140, most of it the name and the map's entry.
 */
export class StreamLeaves {
  private readonly indexes = new Map<string, number>();
  private revisions = new Float64Array(0);
  private hashes = Buffer.alloc(0);

  get size(): number {
    return this.indexes.size;
  }

  get(stream: string): Leaf | undefined {
    const index = this.indexes.get(stream);
    if (index === undefined) return undefined;
    const at = index * HASH_BYTES;
    return {
      index,
      revision: this.revisions[index] as number,
      hash: this.hashes.toString('hex', at, at + HASH_BYTES),
    };
  }

  set(stream: string, leaf: Leaf): void {
    if (!SHA256_HEX.test(leaf.hash))
      throw new Error(`the head of ${stream} has no SHA-256 hash: ${leaf.hash}`);
    this.reserve(leaf.index + 1);
    this.indexes.set(stream, leaf.index);
    this.revisions[leaf.index] = leaf.revision;
    this.hashes.write(leaf.hash, leaf.index * HASH_BYTES, HASH_BYTES, 'hex');
  }

  delete(stream: string): void {
    this.indexes.delete(stream);
  }

  /** The memory of the flat arrays, in bytes (the names and the map's entries come on top). */
  get arrayBytes(): number {
    return this.revisions.byteLength + this.hashes.byteLength;
  }

  private reserve(count: number): void {
    if (count <= this.revisions.length) return;
    const capacity = Math.max(count, Math.ceil(this.revisions.length * 1.5), 1024);
    const revisions = new Float64Array(capacity);
    revisions.set(this.revisions);
    const hashes = Buffer.alloc(capacity * HASH_BYTES);
    this.hashes.copy(hashes);
    this.revisions = revisions;
    this.hashes = hashes;
  }
}
