import { Binary, MongoClient, ReadPreference, WriteConcern } from 'mongodb';
import { keysCollection, toKey } from '../src/privacy/mongo-key-store';
import { UNIT_OF_WORK_TRANSACTION } from '../src/readmodels/mongo-read-models';

// A client that is never connected: the driver resolves options without a server. Its URL asks for the
// weakest settings an operator could give, which the stores must not inherit.
const WEAK_URL = 'mongodb://localhost:1/?w=1&journal=false&readPreference=secondary&readConcernLevel=local';
let client: MongoClient;
beforeEach(() => {
  client = new MongoClient(WEAK_URL);
});
afterEach(() => client.close());

test('data keys are written majority-acknowledged and journaled, and read majority-committed from the primary', () => {
  expect(client.db('tickwise').collection('other').writeConcern?.w).toBe(1);
  const keys = keysCollection(client, 'tickwise');
  expect(keys.collectionName).toBe('dataKeys');
  expect(keys.writeConcern).toMatchObject({ w: 'majority', journal: true });
  expect(keys.readConcern?.level).toBe('majority');
  expect(keys.readPreference?.mode).toBe('primary');
});

test('a stored key is the Binary’s content, not the rest of its buffer', () => {
  const wrapped = new Binary(); // a 256-byte buffer holding nothing yet
  wrapped.write(Buffer.from([1, 2, 3]), 0);
  expect(wrapped.buffer.length).toBeGreaterThan(3);
  const key = toKey({
    _id: 'k',
    subject: 's',
    wrapped,
    inUse: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    destroyedAt: null,
  });
  expect(key?.wrapped).toEqual(Buffer.from([1, 2, 3]));
  expect(toKey(null)).toBeUndefined();
});

test('the read models’ unit of work commits with a majority write concern on the primary', () => {
  // A transaction without options inherits the client's write concern: here the URL's w=1.
  expect(client.options.writeConcern?.w).toBe(1);
  // The options `commit` gives `withTransaction`, as the driver reads them.
  expect(WriteConcern.fromOptions(UNIT_OF_WORK_TRANSACTION)?.w).toBe('majority');
  expect(ReadPreference.fromOptions(UNIT_OF_WORK_TRANSACTION)?.mode).toBe('primary');
});
