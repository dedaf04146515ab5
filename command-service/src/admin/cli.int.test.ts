import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { streams } from '@tickwise/contracts';
import { handleCommand, openStorage } from '@tickwise/platform';
import { emailAccount } from '../identity/email-account';
import { emailKey } from '../identity/profile';
import { userAccount } from '../identity/user-account';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tickwise-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const root = join(__dirname, '..', '..', '..');
const admin = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', join(__dirname, 'cli.ts'), ...args], {
    cwd: root,
    // No app runs here, so nothing will put a role change in force: do not wait long for it.
    env: { ...process.env, DATA_DIR: dir, ADMIN_WAIT_MS: '200' },
  });

/** Registers through the encryption layer, as Tickwise does; answers the storage (close it after). */
async function registered(email: string, userId: string) {
  const storage = await openStorage({
    dataDir: dir,
    eventstoreUrl: undefined,
    mongoUrl: undefined,
    mongoDb: 'x',
  });
  const { log } = storage;
  const request = { actor: userId, correlationId: 'test' };
  await handleCommand({ log }, emailAccount, {
    ...request,
    stream: streams.email(emailKey(email)),
    command: { email, userId, passwordHash: 'hash' },
    commandId: `${userId}:email`,
  });
  await handleCommand({ log }, userAccount, {
    ...request,
    stream: streams.user(userId),
    command: {
      kind: 'register',
      userId,
      email,
      firstName: 'Ann',
      lastName: 'Auditor',
      at: new Date().toISOString(),
    },
    commandId: `${userId}:user`,
  });
  return storage;
}

test('grant-role and revoke-role append RoleGranted / RoleRevoked to the user stream; repeats append nothing', async () => {
  const storage = await registered('ann@example.com', 'user-ann');
  const { log } = storage;
  expect((await admin('grant-role', 'ANN@example.com', 'auditor')).stdout).toContain(
    'Role auditor granted for ANN@example.com',
  );
  expect((await admin('grant-role', 'ann@example.com', 'auditor')).stdout).toContain('Nothing to do');
  expect((await admin('revoke-role', 'ann@example.com', 'auditor')).stdout).toContain('Role auditor revoked');
  const types = (await log.readStream(streams.user('user-ann'))).map((e) => [
    e.type,
    (e.data as { role?: string }).role,
  ]);
  expect(types).toEqual([
    ['UserRegistered', undefined],
    ['RoleGranted', 'auditor'],
    ['RoleRevoked', 'auditor'],
  ]);
  const granted = (await log.readStream(streams.user('user-ann')))[1];
  expect(granted?.metadata.actor).toBe('system:admin-cli');
  await storage.close();
}, 90_000);

test('an unknown e-mail, an unknown role or a bad command is refused with a message and changes nothing', async () => {
  await expect(admin('grant-role', 'nobody@example.com', 'admin')).rejects.toMatchObject({
    code: 1,
    stdout: expect.stringContaining('No user with the e-mail address nobody@example.com'),
  });
  await expect(admin('grant-role', 'ann@example.com', 'superuser')).rejects.toMatchObject({
    code: 2,
    stdout: expect.stringContaining('Unknown role "superuser"'),
  });
  await expect(admin('promote', 'ann@example.com')).rejects.toMatchObject({
    code: 2,
    stdout: expect.stringContaining('usage:'),
  });
}, 90_000);
