/**
 * `npm run admin -- retention [--apply]` on a seeded history with back-dated accounts (the clock given with
 * --now): the dry run lists and changes nothing; --apply erases exactly the accounts past the period, with a
 * progress line; a second run finds nothing to do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERASED, streams } from '@tickwise/contracts';
import { handleCommand, openStorage, type Storage } from '@tickwise/platform';
import { runAdmin } from '../admin/cli';
import { emailAccount } from '../identity/email-account';
import { emailKey } from '../identity/profile';
import { reservationOf } from '../identity/routes';
import { userAccount } from '../identity/user-account';

const dir = mkdtempSync(join(tmpdir(), 'tickwise-retention-'));
const NOW = '2029-06-01T12:00:00.000Z';
const old = {
  userId: '0190c0de-0000-7000-8000-0000000000a1',
  email: 'old@example.org',
  at: '2025-01-10T09:00:00.000Z',
};
const oldButActive = {
  userId: '0190c0de-0000-7000-8000-0000000000a2',
  email: 'returning@example.org',
  at: '2025-01-10T09:00:00.000Z',
  loginAt: '2027-03-01T09:00:00.000Z',
};
const recent = {
  userId: '0190c0de-0000-7000-8000-0000000000a3',
  email: 'new@example.org',
  at: '2028-12-01T09:00:00.000Z',
};
let storage: Storage;
const env = { ...process.env };

async function seed(learner: { userId: string; email: string; at: string }) {
  const deps = { log: storage.log, now: () => new Date(learner.at) };
  const request = { actor: learner.userId, correlationId: 'seed' };
  await handleCommand(deps, emailAccount, {
    ...request,
    stream: streams.email(emailKey(learner.email)),
    command: { email: learner.email, userId: learner.userId, passwordHash: '$argon2id$v=19$seeded' },
    commandId: `${learner.userId}:email`,
  });
  await handleCommand(deps, userAccount, {
    ...request,
    stream: streams.user(learner.userId),
    command: {
      kind: 'register',
      userId: learner.userId,
      email: learner.email,
      firstName: 'Seed',
      lastName: 'Ed',
      at: learner.at,
    },
    commandId: `${learner.userId}:user`,
  });
}

beforeAll(async () => {
  process.env.DATA_DIR = dir;
  process.env.LOG_LEVEL = 'silent';
  storage = await openStorage({ dataDir: dir, eventstoreUrl: undefined, mongoUrl: undefined, mongoDb: 'x' });
  for (const learner of [old, oldButActive, recent]) await seed(learner);
  await handleCommand({ log: storage.log, now: () => new Date(oldButActive.loginAt) }, userAccount, {
    stream: streams.user(oldButActive.userId),
    command: { kind: 'recordLogin', userId: oldButActive.userId, ip: '192.0.2.1', userAgent: 'test' },
    commandId: 'login-1',
    actor: oldButActive.userId,
    correlationId: 'seed',
  });
});
afterAll(async () => {
  await storage.close();
  process.env = env;
  rmSync(dir, { recursive: true, force: true });
});

const admin = async (...args: string[]) => {
  const lines: string[] = [];
  const code = await runAdmin(['retention', ...args], (line) => lines.push(line));
  return { code, lines };
};

test('the dry run lists the account unused for more than 3 years and changes nothing', async () => {
  const head = await storage.log.headPosition();
  const { code, lines } = await admin('--now', NOW);
  expect(code).toBe(0);
  expect(lines).toContain('Accounts unused since before 2026-06-01T12:00:00.000Z (3 years): 1 of 3 learners');
  expect(lines).toContain(`  ${old.userId}  last active ${old.at}`);
  expect(lines.join('\n')).not.toContain(oldButActive.userId);
  expect(lines).toContain('Dry run: nothing changed. Run with --apply to erase them.');
  expect(await storage.log.headPosition()).toBe(head);
});

test('--apply erases it as a learner’s own request would, with a progress line; the others stay', async () => {
  const { code, lines } = await admin('--apply', '--now', NOW);
  expect(code).toBe(0);
  expect(lines).toContain('retention: 1 of 1 done');
  const user = await storage.log.readStream(streams.user(old.userId));
  expect(user.map((e) => e.type)).toEqual(['UserRegistered', 'LearnerErased']);
  expect(user[1]?.data).toEqual({ userId: old.userId, reason: 'retention_period_ended', erasedAt: NOW });
  expect(user[1]?.metadata.actor).toBe('system:retention');
  // Read by a process that never held the key (this test's own storage still caches it, for at most 60 s).
  const fresh = await openStorage({
    dataDir: dir,
    eventstoreUrl: undefined,
    mongoUrl: undefined,
    mongoDb: 'x',
  });
  const [registered] = await fresh.log.readStream(streams.user(old.userId));
  await fresh.close();
  expect(registered?.data).toMatchObject({ email: ERASED, firstName: ERASED });
  expect(await reservationOf(storage.log, emailKey(old.email))).toBeUndefined();
  const kept = await storage.log.readStream(streams.user(recent.userId));
  expect(kept[0]?.data).toMatchObject({ email: recent.email });
});

test('a second run finds nothing to do and appends nothing', async () => {
  const head = await storage.log.headPosition();
  const { lines } = await admin('--apply', '--now', NOW);
  expect(lines).toContain('Accounts unused since before 2026-06-01T12:00:00.000Z (3 years): 0 of 3 learners');
  expect(await storage.log.headPosition()).toBe(head);
});

test('a bad --now is a usage error', async () => {
  expect((await admin('--now', 'yesterday')).code).toBe(2);
});
