import { approximateBytes } from '../src/readmodels/approximate-bytes';
import { CachedReadModelStore } from '../src/readmodels/cached-read-models';
import { InMemoryReadModelStore } from '../src/readmodels/in-memory-read-models';
import type { Doc } from '../src/readmodels/port';

/** A learner's record of about 2 KB, as the read models hold them. */
const record = (id: string): Doc => ({
  id,
  lessons: Array.from({ length: 24 }, (_, i) => ({
    lessonId: i + 1,
    completedAt: '2026-11-30T10:00:00.000Z',
  })),
});

/** The inner store, counting the reads that reach it (the cache's misses). */
function counted(inner: InMemoryReadModelStore) {
  const reads: string[] = [];
  const get = inner.get.bind(inner);
  inner.get = async <T extends Doc = Doc>(collection: string, id: string) => {
    reads.push(id);
    return get<T>(collection, id);
  };
  return reads;
}

describe('approximateBytes', () => {
  test('counts headers, slots and characters, not property names', () => {
    expect(approximateBytes('abcd')).toBe(20);
    expect(approximateBytes(7)).toBe(16);
    expect(approximateBytes(null)).toBe(8);
    expect(approximateBytes(true)).toBe(8);
    expect(approximateBytes([1, 2])).toBe(32 + 16 + 2 * 16);
    expect(approximateBytes({ aVeryLongPropertyName: 'x' })).toBe(32 + 8 + 17);
    expect(approximateBytes({ a: { b: [] } })).toBe(32 + 8 + (32 + 8 + 32));
  });
});

describe('the read cache bounds its memory, not its number of entries', () => {
  test('keeps its documents within maxDocumentBytes, the most recently read ones in memory', async () => {
    const inner = new InMemoryReadModelStore();
    const ids = Array.from({ length: 400 }, (_, i) => `learner-${i}`);
    await inner.commit(ids.map((id) => ({ kind: 'upsert', collection: 'progress', doc: record(id) })));
    const reads = counted(inner);
    const maxDocumentBytes = 64 * 1024;
    const cache = new CachedReadModelStore(inner, inner.changeFeed(), { maxDocumentBytes });
    for (const id of ids) await cache.get('progress', id);
    expect(reads).toHaveLength(400);
    expect(cache.cachedBytes).toBeGreaterThan(maxDocumentBytes / 2);
    expect(cache.cachedBytes).toBeLessThanOrEqual(maxDocumentBytes);

    // The last ones read are answered from memory; the first were let go and are read again.
    for (const id of ids.slice(-10)) await cache.get('progress', id);
    expect(reads).toHaveLength(400);
    expect(await cache.get('progress', 'learner-0')).toEqual(record('learner-0'));
    expect(reads).toHaveLength(401);
    expect(cache.cachedBytes).toBeLessThanOrEqual(maxDocumentBytes);
  });

  test('keeps query results within maxQueryBytes', async () => {
    const inner = new InMemoryReadModelStore();
    await inner.commit(
      Array.from({ length: 50 }, (_, i) => ({
        kind: 'upsert' as const,
        collection: 'lessons',
        doc: record(`l-${i}`),
      })),
    );
    const maxQueryBytes = 32 * 1024;
    const cache = new CachedReadModelStore(inner, inner.changeFeed(), { maxQueryBytes });
    for (let limit = 1; limit <= 50; limit++) await cache.find('lessons', { limit });
    expect(cache.cachedBytes).toBeLessThanOrEqual(maxQueryBytes);
    expect(cache.cachedBytes).toBeGreaterThan(0);
  });
});
