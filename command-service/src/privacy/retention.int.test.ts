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
/** Failed sign-ins on addresses that never had an account: one long ago, one recent. */
const strangers = [
  { email: 'never-registered@example.org', at: '2025-05-05T05:05:05.000Z', ip: '198.51.100.201' },
  { email: 'tried-lately@example.org', at: '2028-10-10T10:10:10.000Z', ip: '198.51.100.202' },
];
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
  for (const { email, at, ip } of strangers) {
    await storage.log.appendToStream(
      streams.login(emailKey(email)),
      [
        {
          type: 'LoginFailed',
          data: { emailHash: emailKey(email), reason: 'unknown_email', ip, userAgent: 'Guessing/1.0' },
          metadata: {
            correlationId: 'seed',
            causationId: 'seed',
            actor: 'anonymous',
            occurredAt: at,
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  }
});

/** The address of each stranger's failed sign-in, as read now. */
const strangersIps = async () =>
  Promise.all(
    strangers.map(
      async ({ email }) =>
        (
          (await storage.log.readStream(streams.login(emailKey(email))))[0]?.data as
            | { ip?: string }
            | undefined
        )?.ip,
    ),
  );
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
  expect(lines).toContain(
    'Addresses whose last failed sign-in is older than 3 years (their IP address and browser still readable): 1',
  );
  expect(lines).toContain('Dry run: nothing changed. Run with --apply to erase them.');
  expect(await storage.log.headPosition()).toBe(head);
  expect(await strangersIps()).toEqual(strangers.map((s) => s.ip));
});

test('--apply erases it as a learner’s own request would, with a progress line; the others stay', async () => {
  const { code, lines } = await admin('--apply', '--now', NOW);
  expect(code).toBe(0);
  expect(lines).toContain('retention: 2 of 2 done');
  const user = await storage.log.readStream(streams.user(old.userId));
  expect(user.map((e) => e.type)).toEqual(['UserRegistered', 'LearnerErased']);
  expect(user[1]?.data).toEqual({ userId: old.userId, reason: 'retention_period_ended', erasedAt: NOW });
  expect(user[1]?.metadata.actor).toBe('system:retention');
  // Read by a process that never held the key (this test's own storage trusts it for up to a second more).
  const fresh = await openStorage({
    dataDir: dir,
    eventstoreUrl: undefined,
    mongoUrl: undefined,
    mongoDb: 'x',
  });
  const [registered] = await fresh.log.readStream(streams.user(old.userId));
  const failed = await Promise.all(
    strangers.map(async ({ email }) => (await fresh.log.readStream(streams.login(emailKey(email))))[0]?.data),
  );
  // Recorded on the address's stream, by retention.
  const expired = (await fresh.log.readStream(streams.login(emailKey(strangers[0]?.email ?? ''))))[1];
  await fresh.close();
  expect(registered?.data).toMatchObject({ email: ERASED, firstName: ERASED });
  // The old failed sign-in is kept as a fact (when, why) without its address and browser; the recent one is whole.
  expect(failed).toEqual([
    expect.objectContaining({ reason: 'unknown_email', ip: ERASED, userAgent: ERASED }),
    expect.objectContaining({ ip: strangers[1]?.ip, userAgent: 'Guessing/1.0' }),
  ]);
  expect(expired?.type).toBe('FailedLoginsExpired');
  expect(expired?.data).toEqual({
    emailHash: emailKey(strangers[0]?.email ?? ''),
    lastFailedAt: strangers[0]?.at,
    expiredAt: NOW,
  });
  expect(expired?.metadata.actor).toBe('system:retention');
  expect(await reservationOf(storage.log, emailKey(old.email))).toBeUndefined();
  const kept = await storage.log.readStream(streams.user(recent.userId));
  expect(kept[0]?.data).toMatchObject({ email: recent.email });
});

test('a second run finds nothing to do and appends nothing', async () => {
  const head = await storage.log.headPosition();
  const { lines } = await admin('--apply', '--now', NOW);
  expect(lines).toContain('Accounts unused since before 2026-06-01T12:00:00.000Z (3 years): 0 of 3 learners');
  expect(lines).toContain(
    'Addresses whose last failed sign-in is older than 3 years (their IP address and browser still readable): 0',
  );
  expect(await storage.log.headPosition()).toBe(head);
});

test('a bad --now is a usage error', async () => {
  expect((await admin('--now', 'yesterday')).code).toBe(2);
});
