import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { event } from '@tickwise/contracts';
import { loadJwtSecret } from '../src/http/secrets';
import { openStorage } from '../src/storage/open-storage';

const mode = (file: string) => statSync(file).mode & 0o777;

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tickwise-files-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const meta = {
  correlationId: 'c',
  causationId: 'c',
  actor: 'system:test',
  occurredAt: '2026-11-26T10:00:00.000Z',
  schemaVersion: 1,
};

describe('data files are readable by the service user only', () => {
  test('a new data folder is 0700 and every file in it (databases, their WAL and shared memory, the token secret) 0600', async () => {
    const dataDir = join(root, 'data');
    const storage = await openStorage({
      dataDir,
      eventstoreUrl: undefined,
      mongoUrl: undefined,
      mongoDb: 'x',
    });
    loadJwtSecret({ dataDir, jwtSecret: undefined });
    await storage.log.appendToStream(
      'learning-1',
      [
        {
          ...event('LessonCompleted', { moduleId: 1, lessonId: 1, completedAt: meta.occurredAt }),
          metadata: meta,
        },
      ],
      { expectedRevision: 'any' },
    );
    await storage.store.ensureCollection({ name: 'things' });
    await storage.store.commit([{ kind: 'upsert', collection: 'things', doc: { id: 'a', n: 1 } }]);
    const files = readdirSync(dataDir);
    expect(files).toEqual(
      expect.arrayContaining(['events.db', 'events.db-wal', 'read-models.db', 'jwt-secret']),
    );
    expect(mode(dataDir)).toBe(0o700);
    for (const file of files) expect([file, mode(join(dataDir, file))]).toEqual([file, 0o600]);
    await storage.close();
  });

  test('the files of an existing data folder written with looser modes are tightened when opened', async () => {
    const dataDir = join(root, 'old');
    const first = await openStorage({ dataDir, eventstoreUrl: undefined, mongoUrl: undefined, mongoDb: 'x' });
    await first.close();
    for (const file of readdirSync(dataDir)) chmodSync(join(dataDir, file), 0o644);
    writeFileSync(join(dataDir, 'notes.txt'), 'not ours');
    const again = await openStorage({ dataDir, eventstoreUrl: undefined, mongoUrl: undefined, mongoDb: 'x' });
    expect(mode(join(dataDir, 'events.db'))).toBe(0o600);
    expect(mode(join(dataDir, 'read-models.db'))).toBe(0o600);
    await again.close();
  });
});
