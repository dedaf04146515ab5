import { setTimeout as delay } from 'node:timers/promises';
import { Binary, type Collection, type CollectionOptions, MongoClient, MongoServerError } from 'mongodb';
import type { KeyStore, WrappedKey } from './key-store';

export interface KeyDoc {
  _id: string;
  subject: string;
  wrapped: Binary | null;
  inUse: boolean;
  createdAt: string;
  destroyedAt: string | null;
}

const DUPLICATE_KEY = 11000;
/** How often `insertUnlessActive` looks again for another writer's key that is not majority-committed yet. */
const ACTIVE_KEY_ATTEMPTS = 20;
const ACTIVE_KEY_WAIT_MS = 50;

/**
 * How the `dataKeys` collection is read and written, whatever the connection string says. A key is the only
 * way to read what was sealed with it, so an acknowledged key must survive a failover: written with
 * `w: 'majority'` and journaled (a replica set with an arbiter otherwise defaults to `w: 1`, whose writes a
 * failover can roll back), and read only once majority-committed, from the primary, so a key in use is never
 * one that a rollback could still take away.
 */
export const KEY_COLLECTION_OPTIONS = {
  writeConcern: { w: 'majority', journal: true },
  readConcern: { level: 'majority' },
  readPreference: 'primary',
} as const satisfies CollectionOptions;

/** The `dataKeys` collection of `dbName`, with `KEY_COLLECTION_OPTIONS` over the client's own. */
export const keysCollection = (client: MongoClient, dbName: string): Collection<KeyDoc> =>
  client.db(dbName).collection<KeyDoc>('dataKeys', KEY_COLLECTION_OPTIONS);

/** A stored key document as the port's key: the wrapped bytes are the Binary's content only. */
export const toKey = (doc: KeyDoc | null): WrappedKey | undefined =>
  doc
    ? {
        keyId: doc._id,
        subject: doc.subject,
        // `Binary.buffer` may be longer than its content (`position` bytes): `value()` is the content.
        wrapped: doc.wrapped ? Buffer.from(doc.wrapped.value()) : null,
        createdAt: doc.createdAt,
        destroyedAt: doc.destroyedAt,
      }
    : undefined;

/** Data keys in the MongoDB collection `dataKeys` (when MONGO_URL is set); destroyed keys keep their id only. */
export class MongoKeyStore implements KeyStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<KeyDoc>,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoKeyStore> {
    const client = await MongoClient.connect(url);
    const keys = keysCollection(client, dbName);
    await keys.createIndex({ subject: 1 }, { unique: true, partialFilterExpression: { inUse: true } });
    return new MongoKeyStore(client, keys);
  }

  async activeKeyOf(subject: string) {
    return toKey(await this.keys.findOne({ subject, inUse: true }));
  }

  /**
   * Inserts the key unless the subject has one in use: the partial unique index on `subject` (keys in use)
   * refuses a second one with a duplicate-key error, and then the key in use is answered. Its writer may not
   * have had it majority-committed yet, so it is looked for again a few times (and the insert retried, in case
   * that key was destroyed meanwhile).
   */
  async insertUnlessActive(key: WrappedKey) {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.keys.insertOne({
          _id: key.keyId,
          subject: key.subject,
          wrapped: key.wrapped && new Binary(key.wrapped),
          inUse: true,
          createdAt: key.createdAt,
          destroyedAt: null,
        });
        // Acknowledged by a majority, and the index allows one key in use per subject: this one.
        return { ...key, destroyedAt: null };
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      }
      const active = await this.activeKeyOf(key.subject);
      if (active) return active;
      if (attempt >= ACTIVE_KEY_ATTEMPTS) {
        throw new Error(`no data key in use for ${key.subject} after inserting one`);
      }
      await delay(ACTIVE_KEY_WAIT_MS);
    }
  }

  async byId(keyId: string) {
    return toKey(await this.keys.findOne({ _id: keyId }));
  }

  async byIds(keyIds: readonly string[]) {
    const found = await this.keys.find({ _id: { $in: [...keyIds] } }).toArray();
    return new Map(found.map((doc) => [doc._id, toKey(doc) as WrappedKey]));
  }

  async destroySubject(subject: string, at: string) {
    const { modifiedCount } = await this.keys.updateMany(
      { subject, inUse: true },
      { $set: { wrapped: null, inUse: false, destroyedAt: at } },
    );
    return modifiedCount;
  }

  async close() {
    await this.client.close();
  }
}
