// Appends `count` events, one every few milliseconds, to a shared SQLite log from its own process; each
// event carries the time its append started, so a subscriber in another process can measure the delay.
import { SqliteEventLog } from '@tickwise/platform';
import { benchPings } from './history';

async function main(file: string, count: number) {
  const log = new SqliteEventLog({ file, events: benchPings });
  for (let i = 0; i < count; i++) {
    await log.appendToStream(
      `cross-process-${i % 16}`,
      [
        {
          type: 'BenchPing',
          data: { i, sentAt: Date.now() },
          metadata: {
            correlationId: 'bench',
            causationId: 'bench',
            actor: 'system:bench',
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'any' },
    );
    await new Promise((resolve) => setTimeout(resolve, 4));
  }
  await log.close();
}

main(process.argv[2] ?? '', Number(process.argv[3] ?? 300)).catch((error) => {
  console.error(error);
  process.exit(1);
});
