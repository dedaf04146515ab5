import { LRUCache } from 'lru-cache';
import { approximateBytes } from './approximate-bytes';
import type { ChangeFeed } from './change-feed';
import type { Checkpoint, CollectionSpec, Doc, FindQuery, ReadModelStore, WriteOp } from './port';
import { type Shared, shared } from './shared-values';

export interface ReadCacheOptions {
  /** The documents' memory, about (`approximateBytes`), least recently used out first; default 12 MiB. */
  maxDocumentBytes?: number;
  /** The query results' memory, about; default 4 MiB. */
  maxQueryBytes?: number;
}

/** What an entry costs besides its value: its key, the entry object and the cache's slots for it. */
const ENTRY_BYTES = 96;
const entryBytes = <T>(entry: Entry<T>, key: string) =>
  ENTRY_BYTES + key.length + approximateBytes(entry.value);

/** A cached answer, with the epoch of its collection when it was read. */
interface Entry<T> {
  readonly value: T;
  readonly epoch: number;
}

/**
 * Read models served from memory: it asks the change feed whether another connection has committed, and
 * forgets what changed (a document, or a whole collection by bumping its epoch); its own commits forget what
 * they wrote. The feed's database-wide check is asked once per turn of the event loop (reads in one turn see
 * one moment of the store, as if they had all been made at its start), again whenever a connection of this
 * thread has committed, and always after a checkpoint is read: so once a projection's checkpoint is seen
 * (read-your-writes) its documents are seen too, and what this thread wrote is read back at once. Documents
 * and query results are shared values (shared-values.ts): frozen, and the same objects until a commit changes
 * them. Callers must copy before they change anything.
 */
export class CachedReadModelStore implements ReadModelStore {
  private readonly docs: LRUCache<string, Entry<Shared<Doc> | null>>;
  private readonly queries: LRUCache<string, Entry<Shared<Doc[]>>>;
  /** Per collection: moves on a collection-wide change (documents read before it are stale). */
  private readonly wide = new Map<string, number>();
  /** Per collection: moves on any change (query results read before it are stale). */
  private readonly any = new Map<string, number>();
  private seenVersion: number;
  private seenChange: number;
  /** The feed's thread-local version when the database-wide check was last made in this turn. */
  private checkedLocal: number | null = null;

  constructor(
    private readonly inner: ReadModelStore,
    private readonly feed: ChangeFeed,
    options: ReadCacheOptions = {},
  ) {
    this.docs = new LRUCache({
      maxSize: options.maxDocumentBytes ?? 12 * 2 ** 20,
      sizeCalculation: entryBytes,
    });
    this.queries = new LRUCache({
      maxSize: options.maxQueryBytes ?? 4 * 2 ** 20,
      sizeCalculation: entryBytes,
    });
    this.seenVersion = feed.version();
    this.seenChange = feed.latest();
  }

  /** The memory its documents and query results take, about (`approximateBytes`): within its two bounds. */
  get cachedBytes(): number {
    return this.docs.calculatedSize + this.queries.calculatedSize;
  }

  private static bump(epochs: Map<string, number>, collection: string): void {
    epochs.set(collection, (epochs.get(collection) ?? 0) + 1);
  }

  /** A whole collection changed: its documents and query results are stale. */
  private forgetCollection(collection: string): void {
    CachedReadModelStore.bump(this.wide, collection);
    CachedReadModelStore.bump(this.any, collection);
  }

  /** One document changed: it is stale, and so is every query result over its collection. */
  private forgetDocument(collection: string, id: string): void {
    this.docs.delete(`${collection}\u0000${id}`);
    CachedReadModelStore.bump(this.any, collection);
  }

  /**
   * Catches up with what other connections committed since the last read: at most once per turn of the
   * event loop unless this thread committed meanwhile, or `always` (after a checkpoint was read).
   */
  private sync(always = false): void {
    const local = this.feed.localVersion();
    if (!always && this.checkedLocal === local) return;
    if (this.checkedLocal === null)
      setImmediate(() => {
        this.checkedLocal = null;
      });
    this.checkedLocal = local;
    const version = this.feed.version();
    if (version === this.seenVersion) return;
    this.seenVersion = version;
    const news = this.feed.since(this.seenChange);
    if (news === null) {
      this.docs.clear();
      this.queries.clear();
      this.seenChange = this.feed.latest();
      return;
    }
    for (const change of news.changes) {
      if (change.id === null) this.forgetCollection(change.collection);
      else this.forgetDocument(change.collection, change.id);
    }
    this.seenChange = news.latest;
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | undefined> {
    this.sync();
    const key = `${collection}\u0000${id}`;
    const epoch = this.wide.get(collection) ?? 0;
    const cached = this.docs.get(key);
    // A document's entry outlives changes to its neighbours: its own change deletes it (forgetDocument),
    // a collection-wide change moves the collection's epoch past the entry's.
    if (cached !== undefined && cached.epoch === epoch) return (cached.value ?? undefined) as T | undefined;
    const doc = await this.inner.get<T>(collection, id);
    this.docs.set(key, { value: doc === undefined ? null : shared(doc), epoch });
    return doc;
  }

  async getMany<T extends Doc = Doc>(collection: string, ids: readonly string[]): Promise<Map<string, T>> {
    return this.inner.getMany<T>(collection, ids);
  }

  async find<T extends Doc = Doc>(collection: string, query: FindQuery = {}): Promise<T[]> {
    this.sync();
    const key = `${collection}\u0000${JSON.stringify(query)}`;
    const epoch = this.any.get(collection) ?? 0;
    const cached = this.queries.get(key);
    if (cached !== undefined && cached.epoch === epoch) return cached.value as T[];
    const docs = shared(await this.inner.find<T>(collection, query));
    this.queries.set(key, { value: docs, epoch });
    return docs;
  }

  async count(collection: string, where?: FindQuery['where']): Promise<number> {
    return this.inner.count(collection, where);
  }

  async commit(writes: readonly WriteOp[], checkpoint?: { name: string; position: string }): Promise<void> {
    try {
      await this.inner.commit(writes, checkpoint);
    } finally {
      for (const write of writes)
        this.forgetDocument(write.collection, write.kind === 'upsert' ? write.doc.id : write.id);
    }
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    await this.inner.ensureCollection(spec);
  }

  async dropCollection(name: string): Promise<void> {
    await this.inner.dropCollection(name);
    this.forgetCollection(name);
  }

  listCollections(): Promise<string[]> {
    return this.inner.listCollections();
  }

  async getCheckpoint(name: string): Promise<Checkpoint | undefined> {
    const checkpoint = await this.inner.getCheckpoint(name);
    // A projection commits its documents with its checkpoint: having seen the one, see the others.
    this.sync(true);
    return checkpoint;
  }

  deleteCheckpoint(name: string): Promise<void> {
    return this.inner.deleteCheckpoint(name);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
