import { randomBytes } from 'node:crypto';
import { InMemoryKeyStore, InMemoryKeyStoreState } from '../src/privacy/in-memory-key-store';
import { describeKeyStoreContract } from './key-store.contract';

// One state for the suite, as the SQLite suite shares one file: each test opens a new store on it.
const state = new InMemoryKeyStoreState();
describeKeyStoreContract('in memory', async () => new InMemoryKeyStore({ state }));

describe('in-memory key store beyond the contract', () => {
  const key = (keyId: string, subject: string) => ({
    keyId,
    subject,
    wrapped: randomBytes(60),
    createdAt: '2026-01-01T00:00:00.000Z',
    destroyedAt: null,
  });

  test('a second key for a subject with one in use is ignored: the one in use is answered', async () => {
    const store = new InMemoryKeyStore();
    const first = await store.insertUnlessActive(key('k1', 's'));
    expect(await store.insertUnlessActive(key('k2', 's'))).toEqual(first);
    expect(await store.byId('k2')).toBeUndefined();
  });

  test('a destroyed key’s bytes are overwritten, and a caller cannot change stored bytes', async () => {
    const store = new InMemoryKeyStore();
    const given = key('k1', 's');
    await store.insertUnlessActive(given);
    given.wrapped.fill(1);
    const got = await store.byId('k1');
    expect(got?.wrapped?.equals(given.wrapped)).toBe(false);
    const stored = store.state.keys.get('k1')?.wrapped;
    got?.wrapped?.fill(2);
    expect(stored?.equals(got?.wrapped ?? Buffer.alloc(0))).toBe(false);
    expect(await store.destroySubject('s', '2026-02-01T00:00:00.000Z')).toBe(1);
    expect(stored?.every((byte) => byte === 0)).toBe(true);
    expect(await store.byId('k1')).toMatchObject({ wrapped: null, destroyedAt: '2026-02-01T00:00:00.000Z' });
    expect(await store.activeKeyOf('s')).toBeUndefined();
  });

  test('a closed store refuses reads', async () => {
    const store = new InMemoryKeyStore();
    await store.close();
    await expect(store.byId('k1')).rejects.toThrow('key store is closed');
  });
});
