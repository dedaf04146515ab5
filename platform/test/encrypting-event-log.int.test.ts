import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERASED, streams } from '@tickwise/contracts';
import Database from 'better-sqlite3';
import { anyEvents } from '../src/eventlog/decode';
import { CorruptEventError, InvalidEventError, type NewEvent } from '../src/eventlog/port';
import { SqliteEventLog } from '../src/eventlog/sqlite-event-log';
import { SqliteKeyStore } from '../src/privacy/sqlite-key-store';
import { openStorage, type Storage } from '../src/storage/open-storage';
import { encrypted, testKeys } from './encryption-support';
import { describeEventLogContract } from './eventlog.contract';
import { describeKeyStoreContract } from './key-store.contract';
import { tamperWithSqliteLog } from './sqlite-tamper';

const dir = mkdtempSync(join(tmpdir(), 'tickwise-encryption-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const contractFile = join(dir, 'contract.db');
const contractKeys = testKeys();
describeEventLogContract('SQLite + encryption', {
  open: async () => encrypted(new SqliteEventLog({ file: contractFile, events: anyEvents }), contractKeys),
  tamper: tamperWithSqliteLog(contractFile),
});

describeKeyStoreContract('SQLite', async () => new SqliteKeyStore({ file: join(dir, 'keys-contract.db') }));

const meta = {
  correlationId: 'c',
  causationId: 'c',
  actor: 'u',
  occurredAt: '2026-11-26T10:00:00.000Z',
  schemaVersion: 1,
};
const learner = {
  userId: '0190c0de-0000-7000-8000-00000000a11c',
  email: 'ada.lovelace@example.org',
  firstName: 'Augusta',
  lastName: 'Byron-King',
};
const registered: NewEvent = {
  type: 'UserRegistered',
  data: { ...learner, registeredAt: '2026-11-26T10:00:00.000Z' },
  metadata: meta,
};
const login: NewEvent = {
  type: 'LoginSucceeded',
  data: { userId: learner.userId, ip: '203.0.113.77', userAgent: 'Mozilla/5.0 (LovelaceBrowser 1.0)' },
  metadata: meta,
};

/** Every byte of every file in the folder, as latin1 text to search. */
const bytesOf = (folder: string) =>
  readdirSync(folder)
    .map((name) => readFileSync(join(folder, name)).toString('latin1'))
    .join('\n');

describe('personal data through the encryption layer (product storage)', () => {
  let dataDir: string;
  let storage: Storage;
  const stream = streams.user(learner.userId);
  beforeEach(async () => {
    dataDir = mkdtempSync(join(dir, 'data-'));
    storage = await openStorage({ dataDir, eventstoreUrl: undefined, mongoUrl: undefined, mongoDb: 'x' });
    await storage.log.appendToStream(stream, [registered, login], { expectedRevision: 'no_stream' });
  });
  afterEach(() => storage.close());

  test('reads give the plaintext back; what is stored is sealed and the chain covers it', async () => {
    const [user, loggedIn] = await storage.log.readStream(stream);
    expect(user?.data).toEqual(registered.data);
    expect(loggedIn?.data).toEqual(login.data);
    const [stored] = await storage.storedLog.readStream(stream);
    const data = stored?.data as Record<string, string>;
    expect(data.userId).toBe(learner.userId);
    expect(data.registeredAt).toBe('2026-11-26T10:00:00.000Z');
    for (const field of ['email', 'firstName', 'lastName']) expect(data[field]).toMatch(/^tw1\./);
    expect(await storage.storedLog.verifyStream(stream)).toEqual({ ok: true, stream, events: 2 });
    expect(user?.metadata.hash).toBe(stored?.metadata.hash);
  });

  test('no file of the data folder holds the personal values in the clear', async () => {
    const bytes = bytesOf(dataDir);
    for (const value of [
      learner.email,
      learner.firstName,
      learner.lastName,
      '203.0.113.77',
      'LovelaceBrowser',
    ]) {
      expect(bytes).not.toContain(value);
    }
    expect(bytes).toContain(learner.userId);
  });

  test("a reader naming event types gets only those types' personal fields opened; the others stay sealed", async () => {
    const all = [];
    for await (const batch of storage.log.readAll({ personalData: ['UserRegistered'] }))
      all.push(...batch.filter((event) => event.stream === stream));
    const [user, loggedIn] = all.map((event) => event.data as Record<string, unknown>);
    expect(user?.email).toBe(learner.email);
    expect(loggedIn?.ip).toMatch(/^tw1\./);
    expect(loggedIn?.userAgent).toMatch(/^tw1\./);
  });

  test('once the key is destroyed the fields read as erased, the pseudonymous facts stay, the chain verifies', async () => {
    expect(await storage.keys.destroy(learner.userId)).toBe(1);
    const [user, loggedIn] = await storage.log.readStream(stream);
    expect(user?.data).toEqual({
      userId: learner.userId,
      email: ERASED,
      firstName: ERASED,
      lastName: ERASED,
      registeredAt: '2026-11-26T10:00:00.000Z',
    });
    expect(loggedIn?.data).toEqual({ userId: learner.userId, ip: ERASED, userAgent: ERASED });
    expect(await storage.log.verifyStream(stream)).toEqual({ ok: true, stream, events: 2 });
    const all = [];
    for await (const batch of storage.log.readAll({ types: ['UserRegistered'] })) all.push(...batch);
    expect(all.map((e) => e.data)).toEqual([user?.data]);
  });

  test('a changed ciphertext, or a sealed value moved to another field, is refused on read', async () => {
    await storage.close();
    const db = new Database(join(dataDir, 'events.db'));
    const row = db.prepare('SELECT data FROM events WHERE revision = 0').get() as { data: string };
    const data = JSON.parse(row.data) as Record<string, string>;
    const moved = { ...data, lastName: data.firstName };
    db.prepare('UPDATE events SET data = ? WHERE revision = 0').run(JSON.stringify(moved));
    db.close();
    storage = await openStorage({ dataDir, eventstoreUrl: undefined, mongoUrl: undefined, mongoDb: 'x' });
    await expect(storage.log.readStream(stream)).rejects.toBeInstanceOf(CorruptEventError);
    await storage.close();

    const db2 = new Database(join(dataDir, 'events.db'));
    const email = data.email as string;
    const flipped = email.slice(0, -3) + (email.at(-3) === 'A' ? 'B' : 'A') + email.slice(-2);
    db2
      .prepare('UPDATE events SET data = ? WHERE revision = 0')
      .run(JSON.stringify({ ...data, email: flipped }));
    db2.close();
    storage = await openStorage({ dataDir, eventstoreUrl: undefined, mongoUrl: undefined, mongoDb: 'x' });
    await expect(storage.log.readStream(stream)).rejects.toThrow(/does not open/);
  });

  test('personal data appended below the layer, in the clear, is refused and nothing is written', async () => {
    const other = streams.user('0190c0de-0000-7000-8000-00000000b0b0');
    await expect(
      storage.storedLog.appendToStream(other, [registered], { expectedRevision: 'any' }),
    ).rejects.toBeInstanceOf(InvalidEventError);
    expect(await storage.storedLog.readStream(other)).toEqual([]);
  });

  test('a reader that asks for no personal data gets it sealed, without decrypting', async () => {
    const all = [];
    for await (const batch of storage.log.readAll({ types: ['UserRegistered'], personalData: false })) {
      all.push(...batch);
    }
    expect((all[0]?.data as { email?: string } | undefined)?.email).toMatch(/^tw1\./);
  });
});
