// Rebuilds every projection (or only those named after the folder) over an existing data folder in its own
// process, so its peak RSS is its own.

import { join } from 'node:path';
import { SqliteEventLog, SqliteReadModelStore } from '@tickwise/platform';
import { allProjections } from '../src/catalog';
import { rebuild } from '../src/runtime/runner';

async function main(dataDir: string, only: readonly string[]) {
  const log = new SqliteEventLog({ file: join(dataDir, 'events.db') });
  const store = new SqliteReadModelStore({ file: join(dataDir, 'read-models.db') });
  const results = [];
  for (const projection of allProjections) {
    if (only.length > 0 && !only.includes(projection.name)) continue;
    const started = process.hrtime.bigint();
    const progress = await rebuild({ log, store }, projection, { batchSize: 5000 });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    results.push({
      name: projection.name,
      events: progress.events,
      seconds,
      eventsPerSecond: progress.events / seconds,
    });
  }
  await store.close();
  await log.close();
  process.stdout.write(`${JSON.stringify({ results, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
}

main(process.argv[2] ?? '', process.argv.slice(3)).catch((error) => {
  console.error(error);
  process.exit(1);
});
