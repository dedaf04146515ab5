// Route latencies over the bench's seeded data folder (called by `npm run bench` after the rebuild):
// history replay of a 200-event learner, coverage of a version over every learner, analytics and learner routes.

import { createSecretKey, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { publishContent } from '@tickwise/command-service';
import { documentsInForce } from '@tickwise/command-service/testing';
import { event, streams } from '@tickwise/contracts';
import {
  createLogger,
  createTokenService,
  deterministicId,
  loadServerConfig,
  Metrics,
  monitoredLog,
  SqliteEventLog,
  SqliteReadModelStore,
  signedCheckpointsOf,
} from '@tickwise/platform';
import { allProjections, catchUp, createUserRecords } from '@tickwise/projections';
import { certificateIssuerOf, checkpointNotesOf, createQueryApp } from '@tickwise/query-service';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const meta = (actor: string) => ({
  correlationId: 'bench',
  causationId: 'bench',
  actor,
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});

async function main(dataDir: string) {
  const log = new SqliteEventLog({ file: join(dataDir, 'events.db') });
  const store = new SqliteReadModelStore({ file: join(dataDir, 'read-models.db') });
  const logger = createLogger({ level: 'silent' });
  await publishContent(log, logger);
  // Learner 0 becomes an admin (auditor and analyst rights); learner 1 gets a 200-event compliance stream.
  const admin = deterministicId('bench-user', '0');
  const records = createUserRecords(store);
  let learner = deterministicId('bench-user', '1');
  for (let i = 1; i < 100; i++) {
    const candidate = deterministicId('bench-user', String(i));
    if ((await records.principalOf(candidate))?.isCompliant) {
      learner = candidate;
      break;
    }
  }
  await log.appendToStream(
    streams.user(admin),
    [
      {
        type: 'RoleGranted',
        data: { userId: admin, role: 'admin', grantedBy: 'bench' },
        metadata: meta('bench'),
      },
    ],
    { expectedRevision: 'any' },
  );
  const existing = (await log.readStream(streams.compliance(learner))).length;
  const views = Array.from({ length: Math.max(0, 200 - existing) }, () => ({
    ...event('ComplianceDocumentViewed', {
      documentType: 'risk_disclosure',
      version: '1.0',
      contentHash: '0'.repeat(64),
      viewedAt: new Date().toISOString(),
    }),
    metadata: meta(learner),
  }));
  for (let i = 0; i < views.length; i += 50)
    await log.appendToStream(streams.compliance(learner), views.slice(i, i + 50), {
      expectedRevision: 'any',
    });
  // The seeded history acknowledges made-up versions; the learner also acknowledges the versions start-up
  // published, so the learner routes answer a compliant learner.
  const now = new Date().toISOString();
  await log.appendToStream(
    streams.compliance(learner),
    documentsInForce().map(({ documentType, version, contentHash }) => ({
      ...event('DocumentAcknowledged', {
        documentType,
        version,
        contentHash,
        viewedAt: now,
        acknowledgedAt: now,
        secondsRead: 30,
        ip: '127.0.0.1',
        userAgent: 'bench',
        consentText: 'I have read and understood this document.',
      }),
      metadata: meta(learner),
    })),
    { expectedRevision: 'any' },
  );
  for (const projection of allProjections) await catchUp({ log, store }, projection);

  const tokens = createTokenService({ secret: createSecretKey(randomBytes(32)) });
  const app = createQueryApp({
    log,
    personalLog: log,
    storageHealth: monitoredLog(log).health,
    store,
    tokens,
    users: records,
    metrics: new Metrics({ defaultMetrics: false }),
    logger,
    now: () => new Date(),
    checkpoints: signedCheckpointsOf(log, { dataDir, checkpointSigningKey: undefined }),
    certificateIssuer: certificateIssuerOf(loadServerConfig({ DATA_DIR: dataDir })),
    checkpointNotes: checkpointNotesOf(loadServerConfig({ DATA_DIR: dataDir })),
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const adminToken = tokens.sign(admin);
  const learnerToken = tokens.sign(learner);
  const time = async (path: string, token: string, runs: number) => {
    const durations: number[] = [];
    // A few warm-up calls first (JIT, caches), as any long-running server has had.
    for (let i = 0; i < Math.min(10, runs) + runs; i++) {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      if (i >= Math.min(10, runs)) durations.push(performance.now() - started);
    }
    return { p50: percentile(durations, 50), p99: percentile(durations, 99) };
  };
  // `p99AtMostMs`: the route's target, judged by the storage section's report; none for context figures.
  const results: Array<{ name: string; p50: number; p99: number; p99AtMostMs?: number }> = [];
  const add = async (name: string, path: string, token: string, runs: number, p99AtMostMs?: number) =>
    results.push({ name, ...(await time(path, token, runs)), p99AtMostMs });

  await add(
    'history replay, learner with 200 events',
    `/api/audit/learners/${learner}/history`,
    adminToken,
    200,
    20,
  );
  await add(
    'coverage of one version, all learners',
    '/api/audit/documents/risk_disclosure/1.0/coverage',
    adminToken,
    10,
    1000,
  );
  for (const route of ['funnel', 'modules', 'quiz-items', 'psychology', 'compliance']) {
    await add(`analytics /${route}`, `/api/analytics/${route}`, adminToken, 200, 20);
  }
  await add('admin /projections', '/api/admin/projections', adminToken, 100);
  for (const route of [
    '/api/auth/me',
    '/api/modules',
    '/api/progress',
    '/api/dashboard',
    '/api/compliance/documents',
  ]) {
    await add(`learner ${route}`, route, learnerToken, 200);
  }
  server.close();
  await store.close();
  await log.close();
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

main(process.argv[2] ?? '').catch((error) => {
  console.error(error);
  process.exit(1);
});
