/**
 * The split services start together on one folder: their first statements on a fresh SQLite file meet, and
 * SQLite refuses some of them at once (SQLITE_BUSY) rather than wait its busy timeout. Each store's set-up
 * tries again, so every process opens the folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(120_000);

const OPENER = join(__dirname, 'fixtures', 'open-sqlite-storage.ts');

function open(dir: string, at: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', OPENER, dir, String(at)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

test('four processes opening the stores of a fresh folder at once all open them, round after round', async () => {
  for (let round = 0; round < 3; round++) {
    const dir = mkdtempSync(join(tmpdir(), 'tickwise-concurrent-open-'));
    try {
      const at = Date.now() + 2_000;
      const opened = await Promise.all(Array.from({ length: 4 }, () => open(dir, at)));
      expect(opened.filter((o) => o.code !== 0).map((o) => o.output)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});
