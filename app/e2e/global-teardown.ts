/** After the last test: stops the shared apps of the run's workers and removes their data (see sharedApp). */
import { RUN_DIR_VARIABLE, stopSharedApps } from './harness';

export default async function globalTeardown(): Promise<void> {
  const dir = process.env[RUN_DIR_VARIABLE];
  if (dir === undefined) return;
  await stopSharedApps(dir);
  delete process.env[RUN_DIR_VARIABLE];
}
