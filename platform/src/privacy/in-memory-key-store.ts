import type { KeyStore, WrappedKey } from './key-store';

/** The data keys by id: several `InMemoryKeyStore`s given one state share one key store. */
export class InMemoryKeyStoreState {
  readonly keys = new Map<string, WrappedKey>();
}

/** A key as handed out: its own copy of the wrapped bytes. */
const copied = (key: WrappedKey | undefined): WrappedKey | undefined =>
  key && { ...key, wrapped: key.wrapped && Buffer.from(key.wrapped) };

/**
 * Data keys in memory, for unit-tier tests: the SQLite key store's rules. A subject has at most one key in
 * use; a destroyed key stays known (so a read can tell "erased" from "never known") with its wrapped bytes
 * zeroed and dropped.
 */
export class InMemoryKeyStore implements KeyStore {
  readonly state: InMemoryKeyStoreState;
  #closed = false;

  constructor(options: { state?: InMemoryKeyStoreState } = {}) {
    this.state = options.state ?? new InMemoryKeyStoreState();
  }

  #keys(): Map<string, WrappedKey> {
    if (this.#closed) throw new Error('key store is closed');
    return this.state.keys;
  }

  #active(subject: string): WrappedKey | undefined {
    for (const key of this.#keys().values()) if (key.subject === subject && key.wrapped) return key;
    return undefined;
  }

  async activeKeyOf(subject: string) {
    return copied(this.#active(subject));
  }

  /** Ignored, as SQLite's INSERT OR IGNORE, when the id is taken or the subject has a key in use. */
  async insertUnlessActive(key: WrappedKey) {
    const keys = this.#keys();
    if (!keys.has(key.keyId) && !(key.wrapped && this.#active(key.subject))) {
      keys.set(key.keyId, {
        keyId: key.keyId,
        subject: key.subject,
        wrapped: key.wrapped && Buffer.from(key.wrapped),
        createdAt: key.createdAt,
        destroyedAt: null,
      });
    }
    const active = this.#active(key.subject);
    if (!active) throw new Error(`no data key in use for ${key.subject} after inserting one`);
    return copied(active) as WrappedKey;
  }

  async byId(keyId: string) {
    return copied(this.#keys().get(keyId));
  }

  async byIds(keyIds: readonly string[]) {
    const keys = this.#keys();
    const found = new Map<string, WrappedKey>();
    for (const keyId of keyIds) {
      const key = copied(keys.get(keyId));
      if (key) found.set(keyId, key);
    }
    return found;
  }

  async destroySubject(subject: string, at: string) {
    let destroyed = 0;
    for (const key of this.#keys().values()) {
      if (key.subject !== subject || !key.wrapped) continue;
      key.wrapped.fill(0);
      key.wrapped = null;
      key.destroyedAt = at;
      destroyed += 1;
    }
    return destroyed;
  }

  async close() {
    this.#closed = true;
  }
}
