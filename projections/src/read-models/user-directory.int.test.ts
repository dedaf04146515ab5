import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadModelStore } from '@tickwise/platform';
import { type ProjectionState, physicalName, REGISTRY } from '../runtime/generations';
import type { ActiveDocumentDoc, ComplianceStatusDoc, LearnerComplianceDoc } from './compliance';
import { createUserRecords } from './user-directory';
import type { UserDoc } from './users';

// Every request is authorised from the learner's compliance status document; a folder whose compliance read
// model predates it (version 4, until the replay that fills `status` switches in) is judged from the record.
const dir = mkdtempSync(join(tmpdir(), 'tickwise-user-directory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NOW = new Date('2026-11-26T12:00:00.000Z');
const acknowledged = { risk_disclosure: ['1.0'] };
const riskExpiresAt = '2027-11-26T12:00:00.000Z';
const user: UserDoc = {
  id: 'u1',
  email: 'ada@example.com',
  emailLower: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Byron',
  roles: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  tokensRevokedBefore: null,
};
const inForce: ActiveDocumentDoc = {
  id: 'risk_disclosure',
  version: '1.0',
  title: 'Futures Risk Disclosure',
  content: '…',
  contentHash: 'a'.repeat(64),
  consentText: 'I have read it.',
  publishedAt: '2026-01-01T00:00:00.000Z',
};

/** A read model folder: the users and compliance read models of generation 1, as of `version`. */
async function storeWith(
  version: number,
  docs: { learner?: LearnerComplianceDoc; status?: ComplianceStatusDoc },
) {
  const store = new SqliteReadModelStore({ file: join(dir, `read-models-${version}-${Math.random()}.db`) });
  const names = ['users', 'learners', 'status', 'documents'];
  await store.ensureCollection({ name: REGISTRY });
  for (const name of names)
    await store.ensureCollection({ name: physicalName(name === 'users' ? 'users' : 'compliance', 1, name) });
  const state = (id: string, activeVersion: number): ProjectionState => ({
    id,
    activeGeneration: 1,
    activeVersion,
    switchedAt: '2026-01-01T00:00:00.000Z',
    building: null,
  });
  await store.commit([
    { kind: 'upsert', collection: REGISTRY, doc: state('users', 1) },
    { kind: 'upsert', collection: REGISTRY, doc: state('compliance', version) },
    { kind: 'upsert', collection: physicalName('users', 1, 'users'), doc: user },
    { kind: 'upsert', collection: physicalName('compliance', 1, 'documents'), doc: inForce },
    ...(docs.learner
      ? [
          {
            kind: 'upsert' as const,
            collection: physicalName('compliance', 1, 'learners'),
            doc: docs.learner,
          },
        ]
      : []),
    ...(docs.status
      ? [{ kind: 'upsert' as const, collection: physicalName('compliance', 1, 'status'), doc: docs.status }]
      : []),
  ]);
  return store;
}

const record: LearnerComplianceDoc = {
  id: 'u1',
  acknowledged,
  riskExpiresAt,
  acknowledgments: [],
  assessments: [],
  warnings: [],
  firstViews: [],
  log: [],
  viewPages: 0,
};

test('a learner is judged from their status document', async () => {
  const store = await storeWith(5, {
    learner: { ...record, acknowledged: {} },
    status: { id: 'u1', acknowledged, riskExpiresAt },
  });
  const records = createUserRecords(store, () => NOW);
  expect((await records.principalOf('u1'))?.isCompliant).toBe(true);
  await store.close();
});

test('a read model from before the status document (version 4) is judged from the learner’s record', async () => {
  const store = await storeWith(4, {
    learner: record,
    status: { id: 'u1', acknowledged: {}, riskExpiresAt },
  });
  const records = createUserRecords(store, () => NOW);
  expect((await records.principalOf('u1'))?.isCompliant).toBe(true);
  expect((await records.userRecord('u1'))?.isCompliant).toBe(true);
  await store.close();
});
