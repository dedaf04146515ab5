import { randomBytes, randomUUID } from 'node:crypto';
import { DataKeys } from '../src/privacy/data-keys';
import type { KeyStore } from '../src/privacy/key-store';

/** What every key store adapter must do; the SQLite and MongoDB tests run it. */
export function describeKeyStoreContract(name: string, open: () => Promise<KeyStore>): void {
  describe(`key store contract: ${name}`, () => {
    let store: KeyStore;
    let keys: DataKeys;
    const master = randomBytes(32);
    beforeEach(async () => {
      store = await open();
      keys = new DataKeys(store, master);
    });
    afterEach(() => store.close());

    test('a subject gets one key, created on first use and the same after', async () => {
      const subject = `subject-${randomUUID()}`;
      const first = await keys.keyFor(subject);
      const again = await new DataKeys(store, master).keyFor(subject);
      expect(again.keyId).toBe(first.keyId);
      expect(again.key.equals(first.key)).toBe(true);
      expect(first.key).toHaveLength(32);
      const stored = await store.byId(first.keyId);
      // Stored wrapped, never as the key itself.
      expect(stored?.wrapped?.includes(first.key)).toBe(false);
    });

    test('byIds reads the keys it holds of a list in one call, and leaves out ids it never held', async () => {
      const [a, b] = [
        await keys.keyFor(`subject-${randomUUID()}`),
        await keys.keyFor(`subject-${randomUUID()}`),
      ];
      const found = await store.byIds([a.keyId, randomUUID(), b.keyId]);
      expect([...found.keys()].sort()).toEqual([a.keyId, b.keyId].sort());
      expect(found.get(a.keyId)).toEqual(await store.byId(a.keyId));
      expect(await store.byIds([])).toEqual(new Map());
    });

    test('destroying a subject destroys every key it had; a later key is a new one', async () => {
      const subject = `subject-${randomUUID()}`;
      const first = await keys.keyFor(subject);
      expect(await keys.destroy(subject)).toBe(1);
      expect(await keys.lookup(first.keyId)).toBe('destroyed');
      expect(await new DataKeys(store, master).lookup(first.keyId)).toBe('destroyed');
      expect((await store.byId(first.keyId))?.wrapped).toBeNull();
      const second = await keys.keyFor(subject);
      expect(second.keyId).not.toBe(first.keyId);
      expect(await keys.destroy(subject)).toBe(1);
      expect(await keys.destroy(subject)).toBe(0);
    });

    test('a key id the store never held is an error, not an erasure', async () => {
      await expect(keys.lookup(randomUUID())).rejects.toThrow(/not in the key store/);
    });

    test('another master key cannot unwrap the keys', async () => {
      const subject = `subject-${randomUUID()}`;
      const { keyId } = await keys.keyFor(subject);
      await expect(new DataKeys(store, randomBytes(32)).lookup(keyId)).rejects.toThrow(/does not unwrap/);
    });

    test('concurrent first uses of one subject agree on one key', async () => {
      const subject = `subject-${randomUUID()}`;
      const got = await Promise.all([1, 2, 3].map(() => new DataKeys(store, master).keyFor(subject)));
      expect(new Set(got.map((k) => k.keyId)).size).toBe(1);
    });
  });
}
