/**
 * The scale-out adapters (EventStoreDB, MongoDB) are loaded only when their URL is set: their client libraries
 * cost about 20 MB of memory each in every thread that loads them, and the embedded default never uses them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage } from '../src/storage/open-storage';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tickwise-adapters-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

test('the embedded default opens and closes its storage without loading either client library', () => {
  const script = `
    const { openStorage } = require(${JSON.stringify(join(__dirname, '..', 'src', 'storage', 'open-storage.ts'))});
    openStorage({ dataDir: ${JSON.stringify(dataDir)}, eventstoreUrl: undefined, mongoUrl: undefined, mongoDb: 'x' })
      .then((storage) => storage.close())
      .then(() => {
        const loaded = Object.keys(require.cache);
        const of = (dir) => loaded.some((file) => file.includes('/node_modules/' + dir + '/'));
        process.stdout.write(JSON.stringify({ mongodb: of('mongodb'), eventstore: of('@eventstore/db-client') }));
      });`;
  const output = execFileSync(process.execPath, ['--require', require.resolve('tsx/cjs'), '-e', script], {
    encoding: 'utf8',
  });
  expect(JSON.parse(output)).toEqual({ mongodb: false, eventstore: false });
});

test('with EVENTSTORE_URL the EventStoreDB adapter is loaded and used: an unreachable server fails the open', async () => {
  await expect(
    openStorage({
      dataDir,
      eventstoreUrl: 'esdb://127.0.0.1:9?tls=false',
      mongoUrl: undefined,
      mongoDb: 'x',
    }),
  ).rejects.toThrow(/unavailable|connect|refused/i);
});

test('with MONGO_URL the MongoDB adapters are loaded and used: an unreachable server fails the open', async () => {
  await expect(
    openStorage({
      dataDir,
      eventstoreUrl: undefined,
      mongoUrl: 'mongodb://127.0.0.1:9/?serverSelectionTimeoutMS=300',
      mongoDb: 'x',
    }),
  ).rejects.toThrow(/ECONNREFUSED|connect/i);
});
