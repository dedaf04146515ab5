import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadModelStore } from '../src/readmodels/sqlite-read-models';
import { describeReadModelContract } from './readmodels.contract';

const dir = mkdtempSync(join(tmpdir(), 'tickwise-readmodels-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeReadModelContract(
  'SQLite',
  async () => new SqliteReadModelStore({ file: join(dir, 'read-models.db') }),
);

describe('SQLite read models: commits of one turn', () => {
  test('go in one transaction, in the order asked, each with its checkpoint', async () => {
    const store = new SqliteReadModelStore({ file: join(dir, 'one-turn.db') });
    const feed = store.changeFeed();
    await store.ensureCollection({ name: 'a' });
    await store.ensureCollection({ name: 'b' });
    const before = feed.localVersion();
    await Promise.all([
      store.commit([{ kind: 'upsert', collection: 'a', doc: { id: 'x', n: 1 } }], {
        name: 'pa',
        position: '5',
      }),
      store.commit([{ kind: 'upsert', collection: 'b', doc: { id: 'y', n: 1 } }], {
        name: 'pb',
        position: '5',
      }),
      store.commit([{ kind: 'upsert', collection: 'a', doc: { id: 'x', n: 2 } }], {
        name: 'pa',
        position: '6',
      }),
    ]);
    expect(feed.localVersion() - before).toBe(1);
    expect(await store.get('a', 'x')).toEqual({ id: 'x', n: 2 });
    expect(await store.get('b', 'y')).toEqual({ id: 'y', n: 1 });
    expect((await store.getCheckpoint('pa'))?.position).toBe('6');
    expect((await store.getCheckpoint('pb'))?.position).toBe('5');
    await store.close();
  });

  test('one that cannot be written fails alone: the others of its turn commit', async () => {
    const store = new SqliteReadModelStore({ file: join(dir, 'one-fails.db') });
    await store.ensureCollection({ name: 'a' });
    const results = await Promise.allSettled([
      store.commit([{ kind: 'upsert', collection: 'a', doc: { id: 'ok-1' } }], { name: 'p1', position: '1' }),
      // A document JSON cannot hold: writing it throws inside the transaction.
      store.commit([{ kind: 'upsert', collection: 'a', doc: { id: 'bad', n: 1n } }], {
        name: 'p2',
        position: '1',
      }),
      store.commit([{ kind: 'upsert', collection: 'a', doc: { id: 'ok-2' } }], { name: 'p3', position: '1' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.find('a')).map((d) => d.id)).toEqual(['ok-1', 'ok-2']);
    expect(await store.getCheckpoint('p2')).toBeUndefined();
    expect((await store.getCheckpoint('p3'))?.position).toBe('1');
    await store.close();
  });

  test('one asked for just before closing is made before the file closes', async () => {
    const file = join(dir, 'close.db');
    const store = new SqliteReadModelStore({ file });
    await store.ensureCollection({ name: 'a' });
    const committed = store.commit([{ kind: 'upsert', collection: 'a', doc: { id: 'last' } }]);
    await store.close();
    await committed;
    const reopened = new SqliteReadModelStore({ file });
    expect(await reopened.get('a', 'last')).toEqual({ id: 'last' });
    await reopened.close();
  });
});
