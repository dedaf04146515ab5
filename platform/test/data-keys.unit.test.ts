import { randomBytes } from 'node:crypto';
import { DataKeys, unwrapKey, wrapKey } from '../src/privacy/data-keys';
import { InMemoryKeyStore } from '../src/privacy/in-memory-key-store';

describe('data keys in memory', () => {
  // A small Buffer is usually a slice of a shared 8 KB slab: a cached key would keep the whole slab alive.
  const ownMemory = (key: Buffer) => key.byteOffset === 0 && key.buffer.byteLength === 32;

  test('an unwrapped key sits in 32 bytes of its own, not in a shared slab', () => {
    const master = randomBytes(32);
    const key = randomBytes(32);
    const unwrapped = unwrapKey(master, 'key-1', wrapKey(master, 'key-1', key));
    expect(unwrapped.equals(key)).toBe(true);
    expect(ownMemory(unwrapped)).toBe(true);
  });

  test('the keys a learner’s data is sealed and opened with are cached in memory of their own', async () => {
    const keys = new DataKeys(new InMemoryKeyStore(), randomBytes(32));
    const sealing = await Promise.all(['a', 'b', 'c'].map((subject) => keys.keyFor(subject)));
    for (const { key } of sealing) expect(ownMemory(key)).toBe(true);
  });
});
