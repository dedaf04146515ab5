import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed';
import type { Checkpoint, CollectionSpec, Doc, FindQuery, ReadModelStore, WriteOp } from './port';

export interface ReadCacheOptions {
  /** Documents kept (least recently used out first); default 20,000. */
  maxDocuments?: number;
  /** Query results kept; default 2,000. */
  maxQueries?: number;
}

/** A cached answer, with the epoch of its collection when it was read. */
interface Entry<T> {
  readonly value: T;
  readonly epoch: number;
}

/** Cached documents and results are shared by every caller: frozen, so a caller cannot change another's. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Read models served from memory, exactly: before each read it asks the change feed whether another
 * connection has committed, and forgets what changed (a document, or a whole collection by bumping its
 * epoch); its own commits forget what they wrote. So a read never returns what the store no longer holds,
 * and after a projection's checkpoint is seen (read-your-writes) its documents are seen too. Documents and
 * query results are frozen: callers must copy before they change anything.
 */
export class CachedReadModelStore implements ReadModelStore {
  private readonly docs: LRUCache<string, Entry<Doc | null>>;
  private readonly queries: LRUCache<string, Entry<readonly Doc[]>>;
  /** Per collection: moves on a collection-wide change (documents read before it are stale). */
  private readonly wide = new Map<string, number>();
  /** Per collection: moves on any change (query results read before it are stale). */
  private readonly any = new Map<string, number>();
  private seenVersion: number;
  private seenChange: number;

  constructor(
    private readonly inner: ReadModelStore,
    private readonly feed: ChangeFeed,
    options: ReadCacheOptions = {},
  ) {
    this.docs = new LRUCache({ max: options.maxDocuments ?? 20_000 });
    this.queries = new LRUCache({ max: options.maxQueries ?? 2_000 });
    this.seenVersion = feed.version();
    this.seenChange = feed.latest();
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

  /** Catches up with what other connections committed since the last read. */
  private sync(): void {
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
    this.docs.set(key, { value: doc === undefined ? null : deepFreeze(doc), epoch });
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
    const docs = deepFreeze(await this.inner.find<T>(collection, query));
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

  getCheckpoint(name: string): Promise<Checkpoint | undefined> {
    return this.inner.getCheckpoint(name);
  }

  deleteCheckpoint(name: string): Promise<void> {
    return this.inner.deleteCheckpoint(name);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
