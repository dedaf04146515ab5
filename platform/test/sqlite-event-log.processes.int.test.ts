import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { anyEvents } from '../src/eventlog/decode';
import { START } from '../src/eventlog/port';
import { SqliteEventLog } from '../src/eventlog/sqlite-event-log';

const run = promisify(execFile);
const child = join(__dirname, 'fixtures', 'append-child.ts');
const dir = mkdtempSync(join(tmpdir(), 'tickwise-eventlog-proc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const appendFromChild = (file: string, stream: string, writer: string, count: number) =>
  run(process.execPath, ['--import', 'tsx', child, file, stream, writer, String(count)], {
    cwd: join(__dirname, '..'),
  });

describe('SQLite event log shared by several processes', () => {
  test('a live subscriber in this process sees appends made by another process', async () => {
    const file = join(dir, 'shared.db');
    const log = new SqliteEventLog({ file, events: anyEvents });
    const subscription = log.subscribe({ fromPosition: START });
    const received: Array<{ writer: string; lagMs: number }> = [];
    const done = (async () => {
      for await (const e of subscription) {
        const data = e.data as { writer: string; sentAt: number };
        received.push({ writer: data.writer, lagMs: Date.now() - data.sentAt });
        if (received.length === 5) break;
      }
    })();
    await appendFromChild(file, 'cross-process', 'child', 5);
    await done;
    await subscription.close();
    await log.close();
    expect(received.map((r) => r.writer)).toEqual(['child', 'child', 'child', 'child', 'child']);
  }, 30000);

  test('three processes appending to one stream with exact revisions keep it contiguous', async () => {
    const file = join(dir, 'writers.db');
    new SqliteEventLog({ file, events: anyEvents }).close();
    await Promise.all(['a', 'b', 'c'].map((writer) => appendFromChild(file, 'contended', writer, 30)));
    const log = new SqliteEventLog({ file, events: anyEvents });
    const events = await log.readStream('contended');
    expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 90 }, (_, i) => i));
    for (const writer of ['a', 'b', 'c']) {
      const mine = events
        .map((e) => e.data as { writer: string; i: number })
        .filter((d) => d.writer === writer);
      expect(mine.map((d) => d.i)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    }
    expect((await log.verifyStream('contended')).ok).toBe(true);
    await log.close();
  }, 60000);
});
