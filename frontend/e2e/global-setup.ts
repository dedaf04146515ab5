/**
 * Before any test starts: build frontend/dist if it is missing or stale, with the same rule `npm start`
 * uses. Otherwise two `npm start`s in parallel test files (this project's and the app's start test)
 * could both decide to rebuild the same folder at once.
 */
import { resolve } from 'node:path';
import { ensureFrontendBuilt } from '@tickwise/app/frontend-build';

export default function globalSetup(): void {
  ensureFrontendBuilt(resolve(__dirname, '..', '..'), (message) => process.stdout.write(`${message}\n`));
}
