import {
  type AnyBulkWriteOperation,
  type Filter,
  MongoClient,
  MongoServerError,
  type TransactionOptions,
} from 'mongodb';
import type { Checkpoint, CollectionSpec, Doc, FieldValue, FindQuery, ReadModelStore, WriteOp } from './port';

const COLLECTION_NAME = /^[A-Za-z0-9_.:-]{1,120}$/;
const FIELD_NAME = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
const PREFIX = 'rm_';
const CHECKPOINTS = 'checkpoints';
/** MongoDB's error code when `create` meets an existing collection. */
const NAMESPACE_EXISTS = 48;

/**
 * The unit of work's transaction, whatever the connection string says: committed with `w: 'majority'`, so an
 * acknowledged commit (documents and checkpoint) survives a failover. With `w: 1` (the implicit default of a
 * replica set with an arbiter, or a `w=1` in the URL) a failover can roll back a commit the projection has
 * already moved past, and the read models would miss those events until the next rebuild.
 */
export const UNIT_OF_WORK_TRANSACTION = {
  readPreference: 'primary',
  readConcern: { level: 'majority' },
  writeConcern: { w: 'majority' },
} as const satisfies TransactionOptions;

/** A document as stored: the read model's document plus `_id` = its `id`. */
interface StoredDoc {
  _id: string;
  [field: string]: unknown;
}

interface StoredCheckpoint {
  _id: string;
  position: string;
  updatedAt: string;
}

function collectionName(collection: string): string {
  if (!COLLECTION_NAME.test(collection)) throw new Error(`invalid collection name: ${collection}`);
  return `${PREFIX}${collection}`;
}

function fieldName(field: string): string {
  if (!FIELD_NAME.test(field)) throw new Error(`invalid field name: ${field}`);
  return field;
}

/** The document exactly as a JSON round trip leaves it (what the SQLite adapter stores); throws on cycles. */
function toStored(doc: Doc): Omit<StoredDoc, '_id'> {
  if (typeof doc.id !== 'string') throw new Error('a read-model document needs a string id');
  if ('_id' in doc) throw new Error(`document ${doc.id}: the field _id is reserved`);
  return JSON.parse(JSON.stringify(doc));
}

/** `where` → a MongoDB filter: equality, an array means any of ($in), null matches null or a missing field. */
function toFilter(where: FindQuery['where']): Filter<StoredDoc> {
  const filter: Record<string, FieldValue | { $in: FieldValue[] }> = {};
  for (const [field, value] of Object.entries(where ?? {})) {
    filter[fieldName(field)] = Array.isArray(value) ? { $in: [...value] } : (value as FieldValue);
  }
  return filter;
}

/**
 * Read models in MongoDB: one collection per read-model collection (`rm_<name>`), documents stored with
 * `_id` = the document's `id` and returned without `_id`, an index on every declared field, and the
 * projections' checkpoints in `checkpoints`.
 *
 * `commit` writes the documents and the checkpoint in ONE multi-document transaction, which needs a replica
 * set (a single-node replica set is enough: `mongod --replSet rs0` + `rs.initiate()`); on a standalone server
 * `commit` fails. Collections are created before the transaction (creating one inside it needs MongoDB ≥ 4.4
 * and conflicts with concurrent creators).
 */
export class MongoReadModelStore implements ReadModelStore {
  private readonly known = new Set<string>();

  /** `client` must be connected; the store closes it in `close()`. */
  constructor(
    private readonly client: MongoClient,
    private readonly dbName: string,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoReadModelStore> {
    const client = new MongoClient(url);
    await client.connect();
    return new MongoReadModelStore(client, dbName);
  }

  /** The connected client, for other MongoDB users in the same process (e.g. the login throttle's store). */
  get mongoClient(): MongoClient {
    return this.client;
  }

  get databaseName(): string {
    return this.dbName;
  }

  private get db() {
    return this.client.db(this.dbName);
  }

  private docs(collection: string) {
    return this.db.collection<StoredDoc>(collectionName(collection));
  }

  private get checkpoints() {
    return this.db.collection<StoredCheckpoint>(CHECKPOINTS);
  }

  /** Creates the MongoDB collection once (outside any transaction). */
  private async create(name: string): Promise<void> {
    if (this.known.has(name)) return;
    try {
      await this.db.createCollection(name);
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_EXISTS)) throw error;
    }
    this.known.add(name);
  }

  async ensureCollection(spec: CollectionSpec): Promise<void> {
    await this.create(collectionName(spec.name));
    const collection = this.docs(spec.name);
    for (const field of spec.indexes ?? []) {
      await collection.createIndex({ [fieldName(field)]: 1 });
    }
  }

  async dropCollection(name: string): Promise<void> {
    await this.docs(name).drop();
    this.known.delete(collectionName(name));
  }

  async listCollections(): Promise<string[]> {
    const infos = await this.db
      .listCollections({ name: { $regex: `^${PREFIX}` } }, { nameOnly: true })
      .toArray();
    return infos.map((info) => info.name.slice(PREFIX.length)).sort();
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | undefined> {
    const found = await this.docs(collection).findOne({ _id: id }, { projection: { _id: 0 } });
    return found ? (found as unknown as T) : undefined;
  }

  async getMany<T extends Doc = Doc>(collection: string, ids: readonly string[]): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    for (let i = 0; i < ids.length; i += 5000) {
      const cursor = this.docs(collection).find({ _id: { $in: ids.slice(i, i + 5000) } });
      for await (const { _id, ...doc } of cursor) found.set(_id, doc as unknown as T);
    }
    return found;
  }

  async find<T extends Doc = Doc>(collection: string, query: FindQuery = {}): Promise<T[]> {
    const limit = query.limit === undefined ? undefined : Math.max(0, Math.floor(query.limit));
    if (limit === 0) return []; // MongoDB reads limit 0 as "no limit"
    const sort: Array<[string, 1 | -1]> = (query.sort ?? []).map((s) => [
      fieldName(s.field),
      s.direction === 'desc' ? -1 : 1,
    ]);
    sort.push(['_id', 1]); // the tie-break, like SQLite's `id ASC`
    const cursor = this.docs(collection).find(toFilter(query.where), { projection: { _id: 0 }, sort });
    if (limit !== undefined) cursor.limit(limit);
    return (await cursor.toArray()) as unknown as T[];
  }

  async count(collection: string, where?: FindQuery['where']): Promise<number> {
    return this.docs(collection).countDocuments(toFilter(where));
  }

  async commit(writes: readonly WriteOp[], checkpoint?: { name: string; position: string }): Promise<void> {
    // Everything is validated and serialised before the transaction starts: a bad document (a cycle, a
    // missing id) throws here and nothing is written.
    const byCollection = new Map<string, AnyBulkWriteOperation<StoredDoc>[]>();
    for (const write of writes) {
      const name = collectionName(write.collection);
      const operation: AnyBulkWriteOperation<StoredDoc> =
        write.kind === 'upsert'
          ? {
              replaceOne: { filter: { _id: write.doc.id }, replacement: toStored(write.doc), upsert: true },
            }
          : { deleteOne: { filter: { _id: write.id } } };
      const operations = byCollection.get(name) ?? [];
      operations.push(operation);
      byCollection.set(name, operations);
    }
    for (const name of byCollection.keys()) await this.create(name);
    if (checkpoint) await this.create(CHECKPOINTS);
    if (byCollection.size === 0 && !checkpoint) return;

    const session = this.client.startSession();
    try {
      // withTransaction retries the whole callback on TransientTransactionError and the commit on
      // UnknownTransactionCommitResult (for up to 120 s); the callback only replaces and deletes by id, so
      // running it again writes the same state.
      await session.withTransaction(async () => {
        // One ordered bulk write per collection keeps each collection's writes in their given order.
        for (const [name, operations] of byCollection) {
          await this.db.collection<StoredDoc>(name).bulkWrite(operations, { session, ordered: true });
        }
        if (checkpoint) {
          await this.checkpoints.replaceOne(
            { _id: checkpoint.name },
            { position: checkpoint.position, updatedAt: new Date().toISOString() },
            { upsert: true, session },
          );
        }
      }, UNIT_OF_WORK_TRANSACTION);
    } finally {
      await session.endSession();
    }
  }

  async getCheckpoint(name: string): Promise<Checkpoint | undefined> {
    const found = await this.checkpoints.findOne({ _id: name });
    return found ? { name: found._id, position: found.position, updatedAt: found.updatedAt } : undefined;
  }

  async deleteCheckpoint(name: string): Promise<void> {
    await this.checkpoints.deleteOne({ _id: name });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
