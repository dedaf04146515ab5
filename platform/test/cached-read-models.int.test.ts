import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CachedReadModelStore } from '../src/readmodels/cached-read-models';
import { isShared } from '../src/readmodels/shared-values';
import { SqliteReadModelStore } from '../src/readmodels/sqlite-read-models';
import { describeReadModelContract } from './readmodels.contract';

const dir = mkdtempSync(join(tmpdir(), 'tickwise-cached-readmodels-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cached = (file: string) => {
  const sqlite = new SqliteReadModelStore({ file });
  return new CachedReadModelStore(sqlite, sqlite.changeFeed());
};

// The same answers as the store underneath: the whole read-model contract, through the cache.
describeReadModelContract('SQLite behind the read cache', async () => cached(join(dir, 'contract.db')));

describe('the read cache follows what other connections commit', () => {
  let file: string;
  let writer: SqliteReadModelStore;
  let reader: CachedReadModelStore;
  let n = 0;
  beforeEach(() => {
    file = join(dir, `shared-${++n}.db`);
    writer = new SqliteReadModelStore({ file });
    reader = cached(file);
  });
  afterEach(async () => {
    await reader.close();
    await writer.close();
  });

  test('a document changed or deleted by another connection is read anew', async () => {
    await writer.commit([{ kind: 'upsert', collection: 'users', doc: { id: 'u1', name: 'Ada' } }]);
    expect(await reader.get('users', 'u1')).toEqual({ id: 'u1', name: 'Ada' });
    await writer.commit([{ kind: 'upsert', collection: 'users', doc: { id: 'u1', name: 'Grace' } }]);
    expect(await reader.get('users', 'u1')).toEqual({ id: 'u1', name: 'Grace' });
    await writer.commit([{ kind: 'delete', collection: 'users', id: 'u1' }]);
    expect(await reader.get('users', 'u1')).toBeUndefined();
  });

  test('an absent document is remembered as absent until another connection creates it', async () => {
    expect(await reader.get('users', 'late')).toBeUndefined();
    await writer.commit([{ kind: 'upsert', collection: 'users', doc: { id: 'late' } }]);
    expect(await reader.get('users', 'late')).toEqual({ id: 'late' });
  });

  test("a neighbour's change keeps a document cached but refreshes query results over the collection", async () => {
    await writer.commit([
      { kind: 'upsert', collection: 'docs', doc: { id: 'a', v: 1 } },
      { kind: 'upsert', collection: 'docs', doc: { id: 'b', v: 1 } },
    ]);
    const a = await reader.get('docs', 'a');
    expect(await reader.find('docs')).toHaveLength(2);
    await writer.commit([{ kind: 'upsert', collection: 'docs', doc: { id: 'c', v: 1 } }]);
    expect(await reader.get('docs', 'a')).toBe(a);
    expect((await reader.find('docs')).map((d) => d.id)).toEqual(['a', 'b', 'c']);
  });

  test('a commit of many documents (a rebuild batch) refreshes the whole collection', async () => {
    await writer.commit([{ kind: 'upsert', collection: 'docs', doc: { id: 'a', v: 1 } }]);
    expect(await reader.get('docs', 'a')).toEqual({ id: 'a', v: 1 });
    const many = Array.from({ length: 200 }, (_, i) => ({
      kind: 'upsert' as const,
      collection: 'docs',
      doc: { id: i === 0 ? 'a' : `d${i}`, v: 2 },
    }));
    await writer.commit(many);
    expect(await reader.get('docs', 'a')).toEqual({ id: 'a', v: 2 });
  });

  test('a dropped and re-created collection is not served from memory', async () => {
    await writer.commit([{ kind: 'upsert', collection: 'gen', doc: { id: 'a', v: 1 } }]);
    expect(await reader.get('gen', 'a')).toEqual({ id: 'a', v: 1 });
    await writer.dropCollection('gen');
    await writer.ensureCollection({ name: 'gen' });
    await writer.commit([{ kind: 'upsert', collection: 'gen', doc: { id: 'b' } }]);
    expect(await reader.get('gen', 'a')).toBeUndefined();
  });

  test('its own commits are read back at once', async () => {
    await reader.commit([{ kind: 'upsert', collection: 'docs', doc: { id: 'a', v: 1 } }]);
    expect(await reader.get('docs', 'a')).toEqual({ id: 'a', v: 1 });
    expect(await reader.find('docs')).toHaveLength(1);
    await reader.commit([{ kind: 'upsert', collection: 'docs', doc: { id: 'a', v: 2 } }]);
    expect(await reader.get('docs', 'a')).toEqual({ id: 'a', v: 2 });
    expect(await reader.find('docs')).toEqual([{ id: 'a', v: 2 }]);
  });

  test('a reader further behind than the kept change records forgets everything', async () => {
    await writer.commit([{ kind: 'upsert', collection: 'docs', doc: { id: 'a', v: 1 } }]);
    expect(await reader.get('docs', 'a')).toEqual({ id: 'a', v: 1 });
    await writer.commit([{ kind: 'upsert', collection: 'docs', doc: { id: 'a', v: 2 } }]);
    // As the writer's pruning would: the records the reader has not seen are gone.
    const raw = new Database(file);
    raw.prepare('DELETE FROM changes').run();
    raw.prepare("INSERT INTO changes (collection, doc_id) VALUES ('other', 'x')").run();
    raw.close();
    expect(await reader.get('docs', 'a')).toEqual({ id: 'a', v: 2 });
  });

  test('cached documents and results are shared: a caller cannot change what the next one reads', async () => {
    await writer.commit([
      { kind: 'upsert', collection: 'docs', doc: { id: 'a', list: [3, 1, 2] } },
      { kind: 'upsert', collection: 'docs', doc: { id: 'b', list: [] } },
    ]);
    const doc = (await reader.get<{ id: string; list: number[] }>('docs', 'a')) ?? { id: '', list: [] };
    expect([isShared(doc), isShared(doc.list)]).toEqual([true, true]);
    expect(() => doc.list.sort()).toThrow('read only');
    const found = await reader.find('docs', { sort: [{ field: 'id', direction: 'asc' }] });
    expect(isShared(found)).toBe(true);
    expect(() => found.reverse()).toThrow('read only');
    expect(await reader.get('docs', 'a')).toBe(doc);
    expect(doc).toEqual({ id: 'a', list: [3, 1, 2] });
  });
});

describe('what another thread or process commits', () => {
  // A connection outside this thread's stores (as the app's projections worker, or another process): it
  // writes what SqliteReadModelStore's commit writes — the document, its change record, the checkpoint.
  let file: string;
  let reader: CachedReadModelStore;
  let other: Database.Database;
  const commitElsewhere = (v: number) =>
    other.transaction(() => {
      other.prepare('UPDATE "rm_docs" SET doc = ? WHERE id = ?').run(JSON.stringify({ id: 'a', v }), 'a');
      other.prepare("INSERT INTO changes (collection, doc_id) VALUES ('docs', 'a')").run();
      other
        .prepare(
          "INSERT INTO checkpoints (name, position, updated_at) VALUES ('p', ?, '') ON CONFLICT(name) DO UPDATE SET position = excluded.position",
        )
        .run(String(v));
    })();
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(async () => {
    file = join(dir, `elsewhere-${Date.now()}-${Math.random()}.db`);
    const writer = new SqliteReadModelStore({ file });
    await writer.commit([{ kind: 'upsert', collection: 'docs', doc: { id: 'a', v: 1 } }], {
      name: 'p',
      position: '1',
    });
    await writer.close();
    reader = cached(file);
    other = new Database(file);
    await nextTurn();
  });
  afterEach(async () => {
    other.close();
    await reader.close();
  });

  test('is seen from the next turn of the event loop; reads within one turn see one moment', async () => {
    expect(await reader.get('docs', 'a')).toEqual({ id: 'a', v: 1 });
    commitElsewhere(2);
    expect(await reader.get('docs', 'a')).toEqual({ id: 'a', v: 1 });
    await nextTurn();
    expect(await reader.get('docs', 'a')).toEqual({ id: 'a', v: 2 });
  });

  test('is seen at once after its checkpoint was read (read-your-writes)', async () => {
    expect(await reader.get('docs', 'a')).toEqual({ id: 'a', v: 1 });
    commitElsewhere(3);
    expect(await reader.getCheckpoint('p')).toMatchObject({ position: '3' });
    expect(await reader.get('docs', 'a')).toEqual({ id: 'a', v: 3 });
    expect(await reader.find('docs')).toEqual([{ id: 'a', v: 3 }]);
  });
});
