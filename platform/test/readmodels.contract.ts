import type { Doc, ReadModelStore } from '../src/readmodels/port';

let counter = 0;
const uniqueCollection = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`;

export function describeReadModelContract(name: string, open: () => Promise<ReadModelStore>): void {
  describe(`read-model contract: ${name}`, () => {
    let store: ReadModelStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    test('upserts, reads and deletes documents by id', async () => {
      const c = uniqueCollection('docs');
      await store.commit([{ kind: 'upsert', collection: c, doc: { id: 'a', n: 1, nested: { x: [1, 2] } } }]);
      expect(await store.get(c, 'a')).toEqual({ id: 'a', n: 1, nested: { x: [1, 2] } });
      await store.commit([{ kind: 'upsert', collection: c, doc: { id: 'a', n: 2 } }]);
      expect(await store.get(c, 'a')).toEqual({ id: 'a', n: 2 });
      await store.commit([{ kind: 'delete', collection: c, id: 'a' }]);
      expect(await store.get(c, 'a')).toBeUndefined();
      expect(await store.get(uniqueCollection('never'), 'x')).toBeUndefined();
    });

    test('finds by indexed fields with sort and limit, and counts', async () => {
      const c = uniqueCollection('find');
      await store.ensureCollection({ name: c, indexes: ['userId', 'score', 'done'] });
      const docs: Doc[] = [
        { id: '1', userId: 'u1', score: 70, done: true, at: '2026-01-03' },
        { id: '2', userId: 'u1', score: 90, done: false, at: '2026-01-01' },
        { id: '3', userId: 'u2', score: 80, done: true, at: '2026-01-02' },
        { id: '4', userId: 'u1', score: 50, done: true, at: '2026-01-04', tag: null },
      ];
      await store.commit(docs.map((doc) => ({ kind: 'upsert' as const, collection: c, doc })));
      const u1 = await store.find(c, {
        where: { userId: 'u1' },
        sort: [{ field: 'score', direction: 'desc' }],
      });
      expect(u1.map((d) => d.id)).toEqual(['2', '1', '4']);
      const latest = await store.find(c, { sort: [{ field: 'at', direction: 'desc' }], limit: 2 });
      expect(latest.map((d) => d.id)).toEqual(['4', '1']);
      const done = await store.find(c, {
        where: { done: true, userId: ['u1', 'u2'] },
        sort: [{ field: 'id', direction: 'asc' }],
      });
      expect(done.map((d) => d.id)).toEqual(['1', '3', '4']);
      expect(await store.count(c, { userId: 'u1' })).toBe(3);
      expect(await store.count(c)).toBe(4);
      const many = await store.getMany(c, ['1', '3', 'missing']);
      expect([...many.keys()].sort()).toEqual(['1', '3']);
    });

    test('a unit of work commits documents and the checkpoint together', async () => {
      const c = uniqueCollection('uow');
      const checkpoint = uniqueCollection('projection');
      await store.commit(
        [
          { kind: 'upsert', collection: c, doc: { id: 'x', v: 1 } },
          { kind: 'upsert', collection: c, doc: { id: 'y', v: 2 } },
        ],
        { name: checkpoint, position: '42' },
      );
      expect((await store.getCheckpoint(checkpoint))?.position).toBe('42');
      expect(await store.count(c)).toBe(2);
      await store.deleteCheckpoint(checkpoint);
      expect(await store.getCheckpoint(checkpoint)).toBeUndefined();
    });

    test('a failing unit of work leaves neither documents nor checkpoint behind', async () => {
      const c = uniqueCollection('atomic');
      const checkpoint = uniqueCollection('projection');
      await store.commit([{ kind: 'upsert', collection: c, doc: { id: 'before', v: 0 } }], {
        name: checkpoint,
        position: '1',
      });
      const circular: Record<string, unknown> = { id: 'bad' };
      circular.self = circular;
      await expect(
        store.commit(
          [
            { kind: 'upsert', collection: c, doc: { id: 'after', v: 1 } },
            { kind: 'upsert', collection: c, doc: circular as Doc },
          ],
          { name: checkpoint, position: '2' },
        ),
      ).rejects.toThrow();
      expect(await store.get(c, 'after')).toBeUndefined();
      expect((await store.getCheckpoint(checkpoint))?.position).toBe('1');
    });

    test('collections can be listed and dropped', async () => {
      const c = uniqueCollection('drop');
      await store.commit([{ kind: 'upsert', collection: c, doc: { id: 'a' } }]);
      expect(await store.listCollections()).toContain(c);
      await store.dropCollection(c);
      expect(await store.listCollections()).not.toContain(c);
      expect(await store.count(c)).toBe(0);
    });
  });
}
