import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { event } from '@tickwise/contracts';
import {
  anyEvents,
  type EventLog,
  type NewEvent,
  SqliteEventLog,
  SqliteReadModelStore,
  type TaggedEvent,
} from '@tickwise/platform';

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), `tickwise-${prefix}-`));

export const meta = () => ({
  correlationId: 'test',
  causationId: 'test',
  actor: 'system:test',
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});

/** Appends `total` Counted events spread over `streams` streams (plus a few StreamClosed), 1,000 per batch. */
export async function seedCounted(
  log: EventLog<TaggedEvent>,
  total: number,
  streams = 200,
  seed = 7,
): Promise<void> {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pending: Array<Promise<unknown>> = [];
  for (let i = 0; i < total; i++) {
    const stream = `counted-${Math.floor(random() * streams)}`;
    const event: NewEvent<TaggedEvent> =
      i % 997 === 996
        ? { type: 'StreamClosed', data: {}, metadata: meta() }
        : { type: 'Counted', data: { n: Math.floor(random() * 100) }, metadata: meta() };
    pending.push(log.appendToStream(stream, [event], { expectedRevision: 'any' }));
    if (pending.length === 1000) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
}

/** A log and a store under `dir`; the log holds the product's events. */
export function openSqlite(dir: string, readModels = 'read-models.db') {
  return {
    log: new SqliteEventLog({ file: join(dir, 'events.db') }),
    store: new SqliteReadModelStore({ file: join(dir, readModels) }),
  };
}

/** A log of the test events `Counted` and `StreamClosed` (see `counting-projection`) and a store under `dir`. */
export function openCountingSqlite(dir: string, readModels = 'read-models.db') {
  return {
    log: new SqliteEventLog({ file: join(dir, 'events.db'), events: anyEvents }),
    store: new SqliteReadModelStore({ file: join(dir, readModels) }),
  };
}

/** A beginner's risk assessment with no income or net worth given: the fixture the read-model tests share. */
export const riskAssessed = (assessmentId: string, submittedAt: string, expiresAt: string) =>
  event('RiskAssessed', {
    assessmentId,
    experienceLevel: 'beginner',
    financialSituation: 'stable',
    riskCapacity: 5,
    investmentObjective: 'education',
    annualIncome: null,
    netWorth: null,
    submittedAt,
    expiresAt,
  });
