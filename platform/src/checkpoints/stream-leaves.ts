/** A stream's leaf: where it sits in the tree and the head it holds. */
export interface Leaf {
  readonly index: number;
  readonly revision: number;
  readonly hash: string;
}

/** A head hash's length in bytes (SHA-256; 64 hexadecimal digits in a head). */
const HASH_BYTES = 32;
const SHA256_HEX = /^[0-9a-f]{64}$/;
/** A slot of the name table: no stream ever, or a stream deleted since. Others hold a leaf's index + 1. */
const EMPTY = 0;
const DELETED = -1;
/** A leaf without a name: never set, or its stream deleted. */
const UNNAMED = 0xffff;

/**
 * Every stream's leaf, by stream name: one entry a stream for as long as the log lives, so it is kept out of
 * the JavaScript heap and small. The names sit back to back as UTF-8 in one buffer; an open-addressing table
 * of leaf indexes finds a name's leaf by its hash, and a candidate is confirmed by comparing the name's bytes,
 * so a lookup is exact. Revisions, hashes (32 bytes, not 64 characters) and where each name sits are flat
 * arrays by index. All grow by half.
 *
 * A `Map` from name to index cost about 117 bytes a stream (16 MB of the main thread's heap at 139,000
 * streams), all of it for the garbage collector to walk; this costs the name's bytes and 46 more (up to half
 * again while the arrays wait to grow), plus 12-24 for the table, off the heap.
 */
export class StreamLeaves {
  /** Leaf index + 1 by slot (or EMPTY / DELETED); its length is a power of two, at most half full. */
  private slots = new Int32Array(1024);
  private used = 0;
  private count = 0;
  private names = Buffer.alloc(0);
  private namesEnd = 0;
  private nameStarts = new Uint32Array(0);
  private nameLengths = new Uint16Array(0);
  private revisions = new Float64Array(0);
  private hashes = Buffer.alloc(0);

  get size(): number {
    return this.count;
  }

  get(stream: string): Leaf | undefined {
    const index = this.indexOf(Buffer.from(stream, 'utf8'));
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
    const name = Buffer.from(stream, 'utf8');
    if (name.length >= UNNAMED) throw new Error(`the stream name ${stream.slice(0, 40)}… is too long`);
    const { index } = leaf;
    this.reserve(index + 1);
    const slot = this.slotOf(name);
    const was = (this.slots[slot] as number) - 1;
    if (was !== index) {
      if (this.nameLengths[index] !== UNNAMED)
        throw new Error(`leaf ${index} already holds another stream than ${stream}`);
      if (was >= 0) {
        // The stream moves to another leaf: its name goes with it.
        this.nameStarts[index] = this.nameStarts[was] as number;
        this.nameLengths[index] = this.nameLengths[was] as number;
        this.nameLengths[was] = UNNAMED;
      } else {
        this.nameStarts[index] = this.appendName(name);
        this.nameLengths[index] = name.length;
        this.count += 1;
        if ((this.slots[slot] as number) === EMPTY) this.used += 1;
      }
      this.slots[slot] = index + 1;
    }
    this.revisions[index] = leaf.revision;
    this.hashes.write(leaf.hash, index * HASH_BYTES, HASH_BYTES, 'hex');
    if (this.used * 2 > this.slots.length) this.rehash(tableSizeFor(this.count));
  }

  delete(stream: string): void {
    const name = Buffer.from(stream, 'utf8');
    const slot = this.slotOf(name);
    const index = (this.slots[slot] as number) - 1;
    if (index < 0) return;
    this.slots[slot] = DELETED;
    this.nameLengths[index] = UNNAMED;
    this.count -= 1;
  }

  /** The memory it holds, in bytes: names, name table and flat arrays. */
  get bytes(): number {
    return (
      this.slots.byteLength +
      this.names.byteLength +
      this.nameStarts.byteLength +
      this.nameLengths.byteLength +
      this.revisions.byteLength +
      this.hashes.byteLength
    );
  }

  private indexOf(name: Buffer): number | undefined {
    const index = (this.slots[this.slotOf(name)] as number) - 1;
    return index >= 0 ? index : undefined;
  }

  /**
   * The slot holding this name, or where it would go: the first deleted slot on its probe path if there is
   * one, else the empty slot that ends the path.
   */
  private slotOf(name: Buffer): number {
    const mask = this.slots.length - 1;
    let free = -1;
    for (let slot = hashOf(name) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] as number;
      if (entry === EMPTY) return free >= 0 ? free : slot;
      if (entry === DELETED) {
        if (free < 0) free = slot;
      } else if (this.nameIs(entry - 1, name)) return slot;
    }
  }

  private nameIs(index: number, name: Buffer): boolean {
    const length = this.nameLengths[index] as number;
    if (length !== name.length) return false;
    const start = this.nameStarts[index] as number;
    return this.names.compare(name, 0, length, start, start + length) === 0;
  }

  private appendName(name: Buffer): number {
    if (this.namesEnd + name.length > this.names.length) {
      const grown = Buffer.alloc(
        Math.max(this.namesEnd + name.length, Math.ceil(this.names.length * 1.5), 64 * 1024),
      );
      this.names.copy(grown, 0, 0, this.namesEnd);
      this.names = grown;
    }
    const start = this.namesEnd;
    name.copy(this.names, start);
    this.namesEnd += name.length;
    return start;
  }

  /** A table of `size` slots with every named leaf in it (deleted slots dropped). */
  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    this.used = 0;
    const mask = size - 1;
    for (let index = 0; index < this.nameLengths.length; index++) {
      const length = this.nameLengths[index] as number;
      if (length === UNNAMED) continue;
      const start = this.nameStarts[index] as number;
      let slot = hashOf(this.names.subarray(start, start + length)) & mask;
      while ((this.slots[slot] as number) !== EMPTY) slot = (slot + 1) & mask;
      this.slots[slot] = index + 1;
      this.used += 1;
    }
  }

  private reserve(count: number): void {
    if (count <= this.revisions.length) return;
    const capacity = Math.max(count, Math.ceil(this.revisions.length * 1.5), 1024);
    const revisions = new Float64Array(capacity);
    revisions.set(this.revisions);
    const hashes = Buffer.alloc(capacity * HASH_BYTES);
    this.hashes.copy(hashes);
    const nameStarts = new Uint32Array(capacity);
    nameStarts.set(this.nameStarts);
    const nameLengths = new Uint16Array(capacity).fill(UNNAMED);
    nameLengths.set(this.nameLengths);
    this.revisions = revisions;
    this.hashes = hashes;
    this.nameStarts = nameStarts;
    this.nameLengths = nameLengths;
  }
}

/** A power of two of at least 1,024 slots, at most a third full with `count` names. */
function tableSizeFor(count: number): number {
  let size = 1024;
  while (size < count * 3) size *= 2;
  return size;
}

/** FNV-1a over the bytes: a table index, not a fingerprint (a name is always confirmed by its bytes). */
function hashOf(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  return hash >>> 0;
}
