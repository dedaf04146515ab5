import { MongoClient } from 'mongodb';
import { MongoReadModelStore } from '../src/readmodels/mongo-read-models';
import { describeReadModelContract } from './readmodels.contract';

// Runs only when MONGO_URL is set (jest.config.js ignores this file otherwise). The unit of work uses
// multi-document transactions, so the server must be a replica set (one node is enough), e.g.
// MONGO_URL='mongodb://localhost:27017/?replicaSet=rs0&directConnection=true'.
const url = process.env.MONGO_URL;
if (!url) throw new Error('MONGO_URL is not set');
const dbName = `tickwise_test_${Date.now().toString(36)}_${process.pid}`;

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

describeReadModelContract('MongoDB', () => MongoReadModelStore.connect(url, dbName));
