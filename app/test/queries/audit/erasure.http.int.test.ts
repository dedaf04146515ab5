/**
 * Erasure (POST /api/account/erasure) over the whole stack on real SQLite files: the password check, what
 * the learner can no longer do, the address released, the auditor's "Erased learner" with intact and
 * verified evidence, an export taken before still verifying, and no personal value left in any file under
 * DATA_DIR once the read models are rebuilt.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type AuditHistory, DocumentType, ERASED, streams } from '@tickwise/contracts';
import { loadCheckpointKeys } from '@tickwise/platform';
import { allProjections, rebuild } from '@tickwise/projections';
import { verifyExport } from '@tickwise/query-service';
import Database from 'better-sqlite3';
import {
  GOOD_PASSWORD,
  type Person,
  passGate,
  register,
  registerWithRole,
  type Stack,
  startStack,
  streamLength,
  testClock,
} from '../../../src/testing';

const ERASURE = '/api/account/erasure';
const clock = testClock('2026-03-02T08:00:00.000Z');
const AGENT = 'ErasureTestBrowser/7.1 (Lovelace)';
let stack: Stack;
let auditor: Person;
let learner: Person;
let exportBefore: unknown;

/** Every file under a folder, byte for byte, as latin1 text to search. */
function bytesUnder(folder: string): string {
  return readdirSync(folder)
    .map((name) => join(folder, name))
    .map((path) => (statSync(path).isDirectory() ? bytesUnder(path) : readFileSync(path).toString('latin1')))
    .join('\n');
}

beforeAll(async () => {
  stack = await startStack({ clock, publishContent: true, checkpoints: true });
  auditor = await registerWithRole(stack, 'auditor');
  learner = await register(stack, {
    label: 'erasure',
    firstName: 'Augustina',
    lastName: 'Kingsbyron',
    userAgent: AGENT,
  });
  await passGate(learner, clock);
  auditor.saw(learner.position);
  await stack.checkpoint();
  const res = await auditor.get(`/api/audit/learners/${learner.userId}/export?format=json`);
  expect(res.status).toBe(200);
  exportBefore = JSON.parse(res.text);
});
afterAll(async () => {
  await stack?.close();
});

describe('deleting one’s account', () => {
  test('a wrong password answers 400 and records nothing; the account still works', async () => {
    const before = await stack.head();
    const res = await learner.post(ERASURE, { password: 'Not-the-password-1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The password is not correct' });
    expect(await stack.eventsAfter(before)).toEqual([]);
    expect((await learner.get('/api/auth/me')).status).toBe(200);
  });

  test('with the password: 200 with the erasure date, LearnerErased and EmailReleased recorded', async () => {
    const res = await learner.post(ERASURE, { password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ erasedAt: clock.now().toISOString() });
    const user = await stack.storage.log.readStream(streams.user(learner.userId));
    expect(user.map((e) => e.type)).toContain('LearnerErased');
    expect(user.find((e) => e.type === 'UserRegistered')?.data).toMatchObject({
      email: ERASED,
      firstName: ERASED,
      lastName: ERASED,
    });
  });

  test('the old token answers 401 on both services; deleting again is refused', async () => {
    expect((await learner.get('/api/auth/me')).status).toBe(401);
    expect((await learner.get('/api/compliance/documents')).status).toBe(401);
    const again = await learner.post(ERASURE, { password: GOOD_PASSWORD });
    expect(again.status).toBe(401);
  });

  test('logging in fails exactly like an unknown account', async () => {
    const erased = await stack
      .client()
      .post('/api/auth/login', { email: learner.email, password: GOOD_PASSWORD });
    const unknown = await stack
      .client()
      .post('/api/auth/login', { email: `nobody-${Date.now()}@example.org`, password: GOOD_PASSWORD });
    expect([erased.status, erased.body]).toEqual([unknown.status, unknown.body]);
    expect(erased.status).toBe(401);
  });
});

describe('what the auditor sees after the erasure', () => {
  let history: AuditHistory;
  beforeAll(async () => {
    await stack.checkpoint();
    auditor.saw(await stack.head());
    const res = await auditor.get(`/api/audit/learners/${learner.userId}/history`);
    expect(res.status).toBe(200);
    history = res.body as AuditHistory;
  });

  test('an erased learner with the erasure date; the evidence intact; every stream verified', () => {
    expect(history.learner).toMatchObject({
      id: learner.userId,
      email: ERASED,
      firstName: ERASED,
      lastName: ERASED,
      erasedAt: '2026-03-02T08:00:15.000Z',
    });
    const acknowledged = history.events.filter((e) => e.type === 'DocumentAcknowledged');
    expect(acknowledged.map((e) => e.data.documentType).sort()).toEqual([...DocumentType.values].sort());
    for (const e of acknowledged) {
      expect(e.data).toMatchObject({ secondsRead: 15, contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(e.personal).toEqual({ ip: ERASED, userAgent: ERASED });
    }
    expect(history.verification.every((v) => v.ok)).toBe(true);
  });

  test('found by id in the learner search as an erased learner, by neither name nor address', async () => {
    const byId = await auditor.get(`/api/audit/learners?query=${learner.userId}`);
    expect(byId.body).toEqual([
      expect.objectContaining({ id: learner.userId, erasedAt: expect.any(String) }),
    ]);
    const byName = await auditor.get('/api/audit/learners?query=kingsbyron');
    expect(byName.body).toEqual([]);
  });

  test('the export taken before the erasure still verifies offline; one taken after verifies too', async () => {
    const keys = loadCheckpointKeys({ dataDir: stack.dir, signingKey: undefined });
    expect(verifyExport(exportBefore, keys)).toMatchObject({ ok: true });
    const res = await auditor.get(`/api/audit/learners/${learner.userId}/export?format=json`);
    expect(verifyExport(JSON.parse(res.text), keys)).toMatchObject({ ok: true });
    expect(res.text).not.toContain('Kingsbyron');
    expect(await streamLength(stack, streams.compliance(learner.userId))).toBeGreaterThan(0);
  });
});

test('after rebuilding every read model, no file under DATA_DIR holds the learner’s personal data', async () => {
  for (const projection of allProjections) await rebuild(stack.storage, projection);
  const reservation = (await stack.storage.storedLog.readStream(streams.user(learner.userId)))[0];
  expect(reservation?.type).toBe('UserRegistered');
  // The erased documents' pages are overwritten (secure_delete) in the write-ahead log first; the database file
  // keeps its older copy of a page until SQLite checkpoints the log, on its own every 1,000 pages and at close.
  // Checkpoint now, as closing would, so the scan does not depend on how many pages happen to be pending.
  const readModels = new Database(join(stack.dir, 'read-models.db'));
  const [wal] = readModels.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>;
  expect(wal?.checkpointed).toBe(wal?.log);
  readModels.close();
  const bytes = bytesUnder(stack.dir);
  for (const value of ['Augustina', 'Kingsbyron', learner.email, learner.ip, AGENT, '$argon2id$']) {
    expect({ value, found: bytes.includes(value) }).toEqual({ value, found: false });
  }
});

describe('afterwards', () => {
  test('the same address registers again, as a new account', async () => {
    const again = await register(stack, { email: learner.email, firstName: 'New', lastName: 'Person' });
    expect(again.userId).not.toBe(learner.userId);
    const me = await again.get('/api/auth/me');
    expect(me.body).toMatchObject({ email: learner.email, firstName: 'New', isCompliant: false });
  });
});
