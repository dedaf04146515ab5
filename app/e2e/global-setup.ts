/**
 * Before any test starts, once for the run: build frontend/dist and the compiled server (app/dist) if either
 * is missing or stale, with the same rules `npm start` and `npm run build:server` use, so two jest workers
 * never build the same folder at once; and make the folder where each worker records its shared app
 * (see sharedApp in harness.ts) for global-teardown.ts to stop. Jest's workers start after this and inherit
 * its environment.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureServerBuilt } from '../build/server-build';
import { ensureFrontendBuilt } from '../src/frontend-build';
import { CHROMIUM, RUN_DIR_VARIABLE } from './harness';

export default async function globalSetup(): Promise<void> {
  if (!existsSync(CHROMIUM)) throw new Error(`no chromium at ${CHROMIUM}: \`npm run preflight\` installs it`);
  const root = resolve(__dirname, '..', '..');
  const log = (message: string) => process.stdout.write(`${message}\n`);
  ensureFrontendBuilt(root, log);
  await ensureServerBuilt(root, log);
  process.env[RUN_DIR_VARIABLE] = mkdtempSync(join(tmpdir(), 'tickwise-e2e-run-'));
}
