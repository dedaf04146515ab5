// npm run admin -- grant-role <email> <role> | revoke-role <email> <role>
// Roles (auditor, analyst, admin) are granted by events on the user's stream; the first admin is made here.
import { GrantableRole, is, streams } from '@tickwise/contracts';
import { HttpError, loadStorageConfig, openStorage } from '@tickwise/platform';
import { handleCommand } from '../handling/handle-command';
import { emailKey } from '../identity/profile';
import { userAccount } from '../identity/user-account';

const USAGE = `usage: npm run admin -- grant-role <email> <role> | revoke-role <email> <role>
  roles: ${GrantableRole.values.join(', ')}`;

export async function runAdmin(args: readonly string[], out: (line: string) => void): Promise<number> {
  const [command, email, role] = args;
  if ((command !== 'grant-role' && command !== 'revoke-role') || !email || !role) {
    out(USAGE);
    return 2;
  }
  if (!is(GrantableRole)(role)) {
    out(`Unknown role "${role}". Roles: ${GrantableRole.values.join(', ')}`);
    return 2;
  }
  const storage = await openStorage(loadStorageConfig());
  try {
    const reservation = (await storage.log.readStream(streams.email(emailKey(email)), { maxCount: 1 }))[0];
    if (reservation?.type !== 'EmailReserved') {
      out(`No user with the e-mail address ${email}`);
      return 1;
    }
    const { userId } = reservation.data as { userId: string };
    const kind = command === 'grant-role' ? 'grantRole' : 'revokeRole';
    const outcome = await handleCommand({ log: storage.log }, userAccount, {
      stream: streams.user(userId),
      command: { kind, userId, role, by: 'admin-cli' },
      commandId: `admin-cli:${Date.now()}:${command}:${userId}:${role}`,
      actor: 'system:admin-cli',
      correlationId: `admin-cli:${Date.now()}`,
    });
    const verb = command === 'grant-role' ? 'granted' : 'revoked';
    out(
      outcome.events.length === 0
        ? `Nothing to do: ${email} ${command === 'grant-role' ? 'already has' : 'does not have'} the role ${role}`
        : `Role ${role} ${verb} for ${email} (user ${userId})`,
    );
    return 0;
  } catch (error) {
    if (error instanceof HttpError) {
      out(error.message);
      return 1;
    }
    throw error;
  } finally {
    await storage.close();
  }
}

if (require.main === module) {
  runAdmin(process.argv.slice(2), (line) => console.log(line)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
