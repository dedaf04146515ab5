import { Binary, MongoClient, MongoServerError } from 'mongodb';
import type { KeyStore, WrappedKey } from './key-store';

interface KeyDoc {
  _id: string;
  subject: string;
  wrapped: Binary | null;
  inUse: boolean;
  createdAt: string;
  destroyedAt: string | null;
}

const DUPLICATE_KEY = 11000;

const toKey = (doc: KeyDoc | null): WrappedKey | undefined =>
  doc
    ? {
        keyId: doc._id,
        subject: doc.subject,
        wrapped: doc.wrapped ? Buffer.from(doc.wrapped.buffer) : null,
        createdAt: doc.createdAt,
        destroyedAt: doc.destroyedAt,
      }
    : undefined;

/** Data keys in the MongoDB collection `dataKeys` (when MONGO_URL is set); destroyed keys keep their id only. */
export class MongoKeyStore implements KeyStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly keys: import('mongodb').Collection<KeyDoc>,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoKeyStore> {
    const client = await MongoClient.connect(url);
    const keys = client.db(dbName).collection<KeyDoc>('dataKeys');
    await keys.createIndex({ subject: 1 }, { unique: true, partialFilterExpression: { inUse: true } });
    return new MongoKeyStore(client, keys);
  }

  async activeKeyOf(subject: string) {
    return toKey(await this.keys.findOne({ subject, inUse: true }));
  }

  async insertUnlessActive(key: WrappedKey) {
    try {
      await this.keys.insertOne({
        _id: key.keyId,
        subject: key.subject,
        wrapped: key.wrapped && new Binary(key.wrapped),
        inUse: true,
        createdAt: key.createdAt,
        destroyedAt: null,
      });
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
    }
    const active = await this.activeKeyOf(key.subject);
    if (!active) throw new Error(`no data key in use for ${key.subject} after inserting one`);
    return active;
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
