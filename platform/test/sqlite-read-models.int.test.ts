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
