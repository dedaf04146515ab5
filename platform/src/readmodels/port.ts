/**
 * The read-model port: collections of JSON documents by id. The SQLite adapter (embedded default) and the
 * MongoDB adapter (scale-out) both pass `test/readmodels.contract.ts`.
 */

/** A stored document: any JSON object; its `id` is the key. */
export type Doc = { id: string } & Record<string, unknown>;

export type FieldValue = string | number | boolean | null;

export interface FindQuery {
  /** Equality on top-level (or dotted) fields; an array value means "any of". */
  where?: Record<string, FieldValue | readonly FieldValue[]>;
  sort?: ReadonlyArray<{ field: string; direction: 'asc' | 'desc' }>;
  limit?: number;
}

export interface CollectionSpec {
  name: string;
  /** Fields queried with `find`; each gets an index. */
  indexes?: readonly string[];
}

export type WriteOp =
  | { kind: 'upsert'; collection: string; doc: Doc }
  | { kind: 'delete'; collection: string; id: string };

export interface Checkpoint {
  name: string;
  position: string;
  updatedAt: string;
}

export interface ReadModelStore {
  ensureCollection(spec: CollectionSpec): Promise<void>;
  dropCollection(name: string): Promise<void>;
  listCollections(): Promise<string[]>;
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | undefined>;
  getMany<T extends Doc = Doc>(collection: string, ids: readonly string[]): Promise<Map<string, T>>;
  find<T extends Doc = Doc>(collection: string, query?: FindQuery): Promise<T[]>;
  count(collection: string, where?: FindQuery['where']): Promise<number>;
  /**
   * A unit of work: every write and the checkpoint commit together or not at all, so a projection never
   * shows documents its checkpoint does not cover (or the reverse).
   */
  commit(writes: readonly WriteOp[], checkpoint?: { name: string; position: string }): Promise<void>;
  getCheckpoint(name: string): Promise<Checkpoint | undefined>;
  deleteCheckpoint(name: string): Promise<void>;
  close(): Promise<void>;
}
