import type { Change, ChangeFeed } from './change-feed';
import { checkCollectionName, checkFieldName, comparator, limitOf, matcher } from './in-memory-query';
import type { Checkpoint, CollectionSpec, Doc, FindQuery, ReadModelStore, WriteOp } from './port';

/** A commit touching more documents of one collection than this records the collection, not each id. */
const PER_DOCUMENT_CHANGES = 64;
/** How many change records are kept (at least); a reader further behind forgets its whole cache. */
const KEPT_CHANGES = 50_000;

/** A document as stored: what JSON keeps of it (as the SQLite store's JSON text), never handed out. */
const stored = (doc: Doc): Doc => JSON.parse(JSON.stringify(doc)) as Doc;
/** A document handed out: a copy, so a caller changing it changes nothing stored. */
const copied = <T extends Doc>(doc: Doc): T => structuredClone(doc) as T;

/**
 * What in-memory read models hold, apart from the store object: several `InMemoryReadModelStore`s given one
 * state share one set of read models, as SQLite stores opened on one file do (each is one connection).
 */
export class InMemoryReadModelState {
  readonly collections = new Map<string, Map<string, Doc>>();
  readonly checkpoints = new Map<string, Checkpoint>();
  /** What commits changed, oldest first, with consecutive sequence numbers (for read caches). */
  readonly changes: Array<Change & { seq: number }> = [];
  lastChange = 0;
  /** Moves on every write by any store on this state. */
  writes = 0;

  /** Records what one commit changed: each document, or the whole collection when it touched many. */
  recordChanges(writes: readonly WriteOp[]): void {
    const byCollection = new Map<string, Set<string>>();
    for (const write of writes) {
      const ids = byCollection.get(write.collection) ?? new Set<string>();
      ids.add(write.kind === 'upsert' ? write.doc.id : write.id);
      byCollection.set(write.collection, ids);
    }
    for (const [collection, ids] of byCollection) {
      if (ids.size > PER_DOCUMENT_CHANGES) this.recordChange(collection, null);
      else for (const id of ids) this.recordChange(collection, id);
    }
  }

  recordChange(collection: string, id: string | null): void {
    this.changes.push({ seq: ++this.lastChange, collection, id });
    if (this.changes.length > 2 * KEPT_CHANGES) this.changes.splice(0, this.changes.length - KEPT_CHANGES);
  }

  /** The changes after sequence `after`, or null when some of them are no longer kept. */
  changesSince(after: number): { latest: number; changes: readonly Change[] } | null {
    const first = this.changes[0]?.seq;
    if (first === undefined) return { latest: after, changes: [] };
    if (first > after + 1) return null;
    const news = this.changes.slice(Math.max(0, after + 1 - first));
    return {
      latest: news.at(-1)?.seq ?? after,
      changes: news.map(({ collection, id }): Change => ({ collection, id })),
    };
  }
}

/**
 * Read models in memory, for unit-tier tests: the SQLite store's answers (its `find` semantics, atomic
 * commits with their checkpoint, its change feed for the read cache) without a file. Documents are kept as
 * JSON keeps them and copied on the way out, so what a caller does to a document it got or gave changes
 * nothing stored. As in SQLite, reading a collection creates it (empty) and a failed commit still creates
 * the collections it names.
 */
export class InMemoryReadModelStore implements ReadModelStore {
  readonly state: InMemoryReadModelState;
  /** This store's own writes: the change feed's `version` moves only on the other stores' writes. */
  #ownWrites = 0;
  #closed = false;

  constructor(options: { state?: InMemoryReadModelState } = {}) {
    this.state = options.state ?? new InMemoryReadModelState();
  }

  /** What the other stores on this state commit, for a `CachedReadModelStore` over this one. */
  changeFeed(): ChangeFeed {
    return {
      version: () => this.state.writes - this.#ownWrites,
      // Every store on a state is in this thread: any write is a local one.
      localVersion: () => this.state.writes,
      latest: () => this.state.lastChange,
      since: (after) => this.state.changesSince(after),
    };
  }

  #wrote(): void {
    this.state.writes += 1;
    this.#ownWrites += 1;
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('read-model store is closed');
  }

  /** The collection's documents, created empty when it is new (the SQLite store creates its table). */
  #collection(name: string): Map<string, Doc> {
    this.#assertOpen();
    checkCollectionName(name);
    let docs = this.state.collections.get(name);
    if (!docs) {
      docs = new Map();
      this.state.collections.set(name, docs);
    }
    return docs;
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    this.#collection(spec.name);
    // Nothing to index in memory; the names are checked as SQLite's index expressions check them.
    for (const field of spec.indexes ?? []) checkFieldName(field);
  }

  async dropCollection(name: string): Promise<void> {
    this.#collection(name);
    this.state.collections.delete(name);
    this.state.recordChange(name, null);
    this.#wrote();
  }

  async listCollections(): Promise<string[]> {
    this.#assertOpen();
    return [...this.state.collections.keys()].sort();
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | undefined> {
    const doc = this.#collection(collection).get(id);
    return doc && copied<T>(doc);
  }

  async getMany<T extends Doc = Doc>(collection: string, ids: readonly string[]): Promise<Map<string, T>> {
    const docs = this.#collection(collection);
    const found = new Map<string, T>();
    for (const id of ids) {
      const doc = docs.get(id);
      if (doc && !found.has(id)) found.set(id, copied<T>(doc));
    }
    return found;
  }

  async find<T extends Doc = Doc>(collection: string, query: FindQuery = {}): Promise<T[]> {
    const docs = this.#collection(collection);
    const matches = matcher(query.where);
    const order = comparator(query.sort);
    const found = [...docs.values()].filter(matches).sort(order);
    return found.slice(0, limitOf(query.limit)).map((doc) => copied<T>(doc));
  }

  async count(collection: string, where?: FindQuery['where']): Promise<number> {
    const matches = matcher(where);
    let n = 0;
    for (const doc of this.#collection(collection).values()) if (matches(doc)) n += 1;
    return n;
  }

  /**
   * Everything that can fail (a name, a document JSON cannot hold) fails before the first change: the
   * documents and the checkpoint are applied together or not at all.
   */
  async commit(writes: readonly WriteOp[], checkpoint?: { name: string; position: string }): Promise<void> {
    const staged = writes.map((write) => ({
      docs: this.#collection(write.collection),
      id: write.kind === 'upsert' ? write.doc.id : write.id,
      doc: write.kind === 'upsert' ? stored(write.doc) : undefined,
    }));
    for (const { docs, id, doc } of staged) {
      if (doc) docs.set(id, doc);
      else docs.delete(id);
    }
    this.state.recordChanges(writes);
    if (checkpoint) {
      const { name, position } = checkpoint;
      this.state.checkpoints.set(name, { name, position, updatedAt: new Date().toISOString() });
    }
    this.#wrote();
  }

  async getCheckpoint(name: string): Promise<Checkpoint | undefined> {
    this.#assertOpen();
    const checkpoint = this.state.checkpoints.get(name);
    return checkpoint && { ...checkpoint };
  }

  async deleteCheckpoint(name: string): Promise<void> {
    this.#assertOpen();
    this.state.checkpoints.delete(name);
    this.#wrote();
  }

  async close(): Promise<void> {
    this.#closed = true;
  }
}
