import { CachedReadModelStore } from '../src/readmodels/cached-read-models';
import { InMemoryReadModelState, InMemoryReadModelStore } from '../src/readmodels/in-memory-read-models';
import type { Doc } from '../src/readmodels/port';
import { describeReadModelContract } from './readmodels.contract';

// One state per suite, as the SQLite suites share one file: each test opens a new store on it.
const state = new InMemoryReadModelState();
describeReadModelContract('in memory', async () => new InMemoryReadModelStore({ state }));

const cachedState = new InMemoryReadModelState();
describeReadModelContract('in memory behind the read cache', async () => {
  const store = new InMemoryReadModelStore({ state: cachedState });
  return new CachedReadModelStore(store, store.changeFeed());
});

describe('in-memory read models beyond the contract', () => {
  test('a caller changing a document it gave or got changes nothing stored', async () => {
    const store = new InMemoryReadModelStore();
    const given = { id: 'a', list: [1, 2] };
    await store.commit([{ kind: 'upsert', collection: 'docs', doc: given }]);
    given.list.push(3);
    const got = await store.get<{ id: string; list: number[] }>('docs', 'a');
    got?.list.push(4);
    const [found] = await store.find<{ id: string; list: number[] }>('docs');
    found?.list.push(5);
    (await store.getMany<{ id: string; list: number[] }>('docs', ['a'])).get('a')?.list.push(6);
    expect(await store.get('docs', 'a')).toEqual({ id: 'a', list: [1, 2] });
  });

  test('documents keep what JSON keeps, as SQLite’s JSON text does', async () => {
    const store = new InMemoryReadModelStore();
    const doc = { id: 'a', at: new Date('2026-01-01T00:00:00.000Z'), gone: undefined, nan: Number.NaN };
    await store.commit([{ kind: 'upsert', collection: 'docs', doc }]);
    expect(await store.get('docs', 'a')).toStrictEqual({
      id: 'a',
      at: '2026-01-01T00:00:00.000Z',
      nan: null,
    });
  });

  test('find reads fields as SQLite’s json_extract: booleans as 1 and 0, null as missing, NULL first', async () => {
    const store = new InMemoryReadModelStore();
    const docs: Doc[] = [
      { id: 'text', v: 'a' },
      { id: 'missing' },
      { id: 'true', v: true },
      { id: 'null', v: null },
      { id: 'one', v: 1 },
      { id: 'nested', v: 2, n: { deep: 'x' } },
    ];
    await store.commit(docs.map((doc) => ({ kind: 'upsert' as const, collection: 'c', doc })));
    const ids = async (query: Parameters<InMemoryReadModelStore['find']>[1]) =>
      (await store.find('c', query)).map((d) => d.id);
    expect(await ids({ where: { v: true } })).toEqual(['one', 'true']);
    expect(await ids({ where: { v: null } })).toEqual(['missing', 'null']);
    expect(await ids({ where: { v: [null, 'a'] } })).toEqual(['text']);
    expect(await ids({ where: { 'n.deep': 'x' } })).toEqual(['nested']);
    expect(await ids({ sort: [{ field: 'v', direction: 'asc' }] })).toEqual([
      'missing',
      'null',
      'one',
      'true',
      'nested',
      'text',
    ]);
    await expect(store.find('c', { where: { 'bad field': 1 } })).rejects.toThrow('invalid field name');
    await expect(store.get('bad name!', 'a')).rejects.toThrow('invalid collection name');
  });

  test('a cache over one store sees what another store on the same state commits', async () => {
    const shared = new InMemoryReadModelState();
    const writer = new InMemoryReadModelStore({ state: shared });
    const inner = new InMemoryReadModelStore({ state: shared });
    const reader = new CachedReadModelStore(inner, inner.changeFeed());
    await writer.commit([{ kind: 'upsert', collection: 'users', doc: { id: 'u1', name: 'Ada' } }]);
    expect(await reader.get('users', 'u1')).toEqual({ id: 'u1', name: 'Ada' });
    expect(await reader.find('users')).toHaveLength(1);
    await writer.commit([
      { kind: 'upsert', collection: 'users', doc: { id: 'u1', name: 'Grace' } },
      { kind: 'upsert', collection: 'users', doc: { id: 'u2', name: 'Alan' } },
    ]);
    expect(await reader.get('users', 'u1')).toEqual({ id: 'u1', name: 'Grace' });
    expect(await reader.find('users')).toHaveLength(2);
    await writer.dropCollection('users');
    expect(await reader.get('users', 'u1')).toBeUndefined();
  });

  test('the change feed names each document, or the whole collection for a large commit', async () => {
    const shared = new InMemoryReadModelState();
    const writer = new InMemoryReadModelStore({ state: shared });
    const feed = new InMemoryReadModelStore({ state: shared }).changeFeed();
    const version = feed.version();
    const start = feed.latest();
    await writer.commit([{ kind: 'delete', collection: 'a', id: 'x' }]);
    const many = Array.from({ length: 65 }, (_, i) => ({
      kind: 'upsert' as const,
      collection: 'b',
      doc: { id: `d${i}` },
    }));
    await writer.commit(many);
    expect(feed.version()).not.toBe(version);
    expect(feed.since(start)).toEqual({
      latest: start + 2,
      changes: [
        { collection: 'a', id: 'x' },
        { collection: 'b', id: null },
      ],
    });
    // The feed's own store's commits do not move its version (as SQLite's data_version).
    const own = new InMemoryReadModelStore({ state: shared });
    const ownFeed = own.changeFeed();
    const before = ownFeed.version();
    await own.commit([{ kind: 'upsert', collection: 'a', doc: { id: 'y' } }]);
    expect(ownFeed.version()).toBe(before);
  });

  test('a closed store refuses reads', async () => {
    const store = new InMemoryReadModelStore();
    await store.close();
    await expect(store.get('docs', 'a')).rejects.toThrow('read-model store is closed');
  });
});
