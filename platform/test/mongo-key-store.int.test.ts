import { MongoClient } from 'mongodb';
import { MongoKeyStore } from '../src/privacy/mongo-key-store';
import { describeKeyStoreContract } from './key-store.contract';

// Runs only when MONGO_URL is set (jest.config.js ignores this file otherwise).
const url = process.env.MONGO_URL;
if (!url) throw new Error('MONGO_URL is not set');
const dbName = `tickwise_keys_${Date.now().toString(36)}_${process.pid}`;

jest.setTimeout(30_000);

afterAll(async () => {
  const client = new MongoClient(url);
  try {
    await client.connect();
    await client.db(dbName).dropDatabase();
  } finally {
    await client.close();
  }
});

describeKeyStoreContract('MongoDB', () => MongoKeyStore.connect(url, dbName));
