import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDataDir } from '../config/storage-config';
import { ownBytes } from '../runtime/own-bytes';
import type { KeyStore, WrappedKey } from './key-store';

/**
 * The master key that wraps every data key: `MASTER_KEY` (64 hex digits) when set, else a 256-bit key
 * generated into the data folder on first run (`master-key`, mode 0600) and reused after. Losing it makes
 * every learner's personal data unreadable: back it up apart from the database.
 */
export function loadMasterKey(options: { dataDir: string; masterKey: string | undefined }): Buffer {
  const fromEnv = options.masterKey;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!/^[0-9a-fA-F]{64}$/.test(fromEnv))
      throw new Error('MASTER_KEY must be 64 hexadecimal digits (256 bits)');
    return Buffer.from(fromEnv, 'hex');
  }
  const file = join(ensureDataDir(options), 'master-key');
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

/** AES-256-GCM key wrapping: iv (12) | tag (16) | wrapped key (32), bound to the key's id. */
export function wrapKey(master: Buffer, keyId: string, key: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', master, iv);
  cipher.setAAD(Buffer.from(keyId, 'utf8'));
  const wrapped = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), wrapped]);
}

export function unwrapKey(master: Buffer, keyId: string, wrapped: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', master, wrapped.subarray(0, 12));
  decipher.setAAD(Buffer.from(keyId, 'utf8'));
  decipher.setAuthTag(wrapped.subarray(12, 28));
  try {
    // Cached for as long as the subject is active: in memory of its own, not pinning an 8 KB pool slab.
    return ownBytes(Buffer.concat([decipher.update(wrapped.subarray(28)), decipher.final()]));
  } catch {
    throw new Error(`data key ${keyId} does not unwrap: the master key is not the one that wrapped it`);
  }
}

export type KeyLookup = Buffer | 'destroyed';

/** Unwrapped keys kept in memory: bounded, least recently used out first; each remembers when it was checked. */
class Lru<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  constructor(private readonly capacity: number) {}
  get(key: string): { value: V; at: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }
  set(key: string, value: V, at: number) {
    this.entries.delete(key);
    this.entries.set(key, { value, at });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
  delete(key: string) {
    this.entries.delete(key);
  }
  deleteWhere(matches: (value: V) => boolean) {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }
}

export interface DataKeysOptions {
  /** How many unwrapped keys stay in memory (default 10,000). */
  cacheSize?: number;
  /**
   * How long a cached live key is used before the key store is asked again whether it still exists (default
   * 1 s): another process or thread may destroy it, and this one stops reading with it within this time (at
   * once when it reads the erasure itself, see `forget`). The check reads one row; the key is not unwrapped
   * again. A destroyed key is remembered as destroyed for good.
   */
  recheckAfterMs?: number;
  /** The clock the checks go by (tests move it by hand). */
  now?: () => number;
}

/**
 * Each data subject's data key, created on first use, unwrapped once and cached; destroying a subject's keys
 * drops them from the cache at once, and other instances (processes, threads) stop using them within
 * `recheckAfterMs`, or at once when they read the erasure (`forget`).
 */
export class DataKeys {
  private readonly byId: Lru<{ subject: string; key: KeyLookup }>;
  private readonly bySubject: Lru<{ keyId: string; key: Buffer }>;
  private readonly recheckAfterMs: number;
  private readonly now: () => number;

  constructor(
    readonly store: KeyStore,
    private readonly master: Buffer,
    options: DataKeysOptions = {},
  ) {
    const size = options.cacheSize ?? 10_000;
    this.recheckAfterMs = options.recheckAfterMs ?? 1_000;
    this.now = options.now ?? Date.now;
    this.byId = new Lru(size);
    this.bySubject = new Lru(size);
  }

  /** The key new personal data of `subject` is sealed with. */
  async keyFor(subject: string): Promise<{ keyId: string; key: Buffer }> {
    const now = this.now();
    const cached = this.bySubject.get(subject);
    if (cached && now - cached.at <= this.recheckAfterMs) return cached.value;
    this.bySubject.delete(subject);
    let record = await this.store.activeKeyOf(subject);
    if (!record) {
      const keyId = randomUUID();
      const fresh = randomBytes(32);
      record = await this.store.insertUnlessActive({
        keyId,
        subject,
        wrapped: wrapKey(this.master, keyId, fresh),
        createdAt: new Date(now).toISOString(),
        destroyedAt: null,
      });
    }
    const key = this.unwrapped(record);
    if (key === 'destroyed') throw new Error(`the data key in use for ${subject} is destroyed`);
    const entry = { keyId: record.keyId, key };
    this.bySubject.set(subject, entry, now);
    this.byId.set(record.keyId, { subject, key }, now);
    return entry;
  }

  /**
   * Whether the subject has a key in use, as the key store said at most `recheckAfterMs` ago (or at once after
   * `forget` or `destroy`): false once they are erased, by this process or another.
   */
  async isLive(subject: string): Promise<boolean> {
    const now = this.now();
    const cached = this.bySubject.get(subject);
    if (cached && now - cached.at <= this.recheckAfterMs) return true;
    const record = await this.store.activeKeyOf(subject);
    if (!record?.wrapped) {
      this.forget(subject);
      return false;
    }
    const kept = this.byId.get(record.keyId)?.value.key;
    const key = kept && kept !== 'destroyed' ? kept : this.unwrapped(record);
    if (key === 'destroyed') return false;
    this.bySubject.set(subject, { keyId: record.keyId, key }, now);
    this.byId.set(record.keyId, { subject, key }, now);
    return true;
  }

  /** The key a sealed value names; 'destroyed' once erased. Throws when the store never held it. */
  async lookup(keyId: string): Promise<KeyLookup> {
    const key = (await this.lookupMany([keyId])).get(keyId);
    if (key === undefined) throw new Error(`data key ${keyId} is not in the key store`);
    return key;
  }

  /**
   * The keys sealed values name, by id (see `lookup`): the ones not in memory, or due for their check, are
   * read from the key store together, in one read.
   */
  async lookupMany(keyIds: Iterable<string>): Promise<Map<string, KeyLookup>> {
    const now = this.now();
    const found = new Map<string, KeyLookup>();
    const due: string[] = [];
    for (const keyId of keyIds) {
      const cached = this.byId.get(keyId);
      // A destroyed key never comes back: it is never checked again.
      if (cached && (cached.value.key === 'destroyed' || now - cached.at <= this.recheckAfterMs))
        found.set(keyId, cached.value.key);
      else due.push(keyId);
    }
    if (due.length === 0) return found;
    const records = await this.store.byIds(due);
    for (const keyId of due) {
      const record = records.get(keyId);
      if (!record) throw new Error(`data key ${keyId} is not in the key store`);
      const cached = this.byId.get(keyId);
      // Still live: the key in memory is good for another while, without unwrapping it again.
      const key = cached && record.wrapped ? cached.value.key : this.unwrapped(record);
      this.byId.set(keyId, { subject: record.subject, key }, now);
      if (key === 'destroyed') this.bySubject.delete(record.subject);
      found.set(keyId, key);
    }
    return found;
  }

  /**
   * Drops the subject's keys from memory, so the next read asks the key store: what a reader does when it
   * sees the subject erased (another process or thread may just have destroyed the keys).
   */
  forget(subject: string): void {
    this.bySubject.delete(subject);
    this.byId.deleteWhere((entry) => entry.subject === subject && entry.key !== 'destroyed');
  }

  /** Destroys every key of the subject: what was sealed with them can never be read again. */
  async destroy(subject: string, at: Date = new Date()): Promise<number> {
    this.forget(subject);
    return this.store.destroySubject(subject, at.toISOString());
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private unwrapped(record: WrappedKey): KeyLookup {
    return record.wrapped ? unwrapKey(this.master, record.keyId, record.wrapped) : 'destroyed';
  }
}
