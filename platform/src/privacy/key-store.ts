/**
 * The key store port: each data subject's data keys, kept outside the event log and wrapped by the master
 * key. Two adapters: SQLite (`DATA_DIR/keys.db`, the embedded default) and MongoDB (`dataKeys`, with
 * MONGO_URL). Both pass `test/key-store.contract.ts`.
 */
export interface WrappedKey {
  keyId: string;
  subject: string;
  /** The data key wrapped by the master key; null once destroyed. */
  wrapped: Buffer | null;
  createdAt: string;
  destroyedAt: string | null;
}

export interface KeyStore {
  /** The subject's key in use (not destroyed), if any. */
  activeKeyOf(subject: string): Promise<WrappedKey | undefined>;
  /** Stores a new key unless the subject already has one in use; answers the key in use either way. */
  insertUnlessActive(key: WrappedKey): Promise<WrappedKey>;
  byId(keyId: string): Promise<WrappedKey | undefined>;
  /** The keys of these ids that the store holds, by id, in one read (a batch of events to open). */
  byIds(keyIds: readonly string[]): Promise<Map<string, WrappedKey>>;
  /** Destroys every key of the subject (the wrapped bytes are overwritten); how many were in use. */
  destroySubject(subject: string, at: string): Promise<number>;
  close(): Promise<void>;
}
