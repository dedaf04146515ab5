// npm run admin -- grant-role <email> <role> | revoke-role <email> <role> | publish-document <file>
//                | retention [--apply] [--now <ISO time>] | migrate-encryption
// Roles (auditor, analyst, admin) are granted by events on the user's stream; the first admin is made here.
// A new compliance document version is published from its file; learners must then acknowledge it.

import { resolve } from 'node:path';
import { GrantableRole, is, streams } from '@tickwise/contracts';
import {
  CommandRefused,
  createLogger,
  HttpError,
  handleCommand,
  loadStorageConfig,
  openStorage,
} from '@tickwise/platform';
import { usersProjection, waitForProjections } from '@tickwise/projections';
import { loadDocumentFile } from '../catalog/compliance-documents';
import { publishDocuments } from '../catalog/publish-documents';
import { ContentError } from '../catalog/source-file';
import { emailKey } from '../identity/profile';
import { reservationOf } from '../identity/routes';
import { userAccount } from '../identity/user-account';
import {
  ACCOUNT_RETENTION_YEARS,
  applyRetention,
  FAILED_LOGIN_RETENTION_YEARS,
  planRetention,
  retentionCutoff,
} from '../privacy/retention';
import { migrateEncryption } from './migrate-encryption';

const USAGE = `usage: npm run admin -- grant-role <email> <role> | revoke-role <email> <role> | publish-document <file>
       npm run admin -- retention [--apply] [--now <ISO time>]   (lists, or with --apply erases, accounts past the retention period)
       npm run admin -- migrate-encryption   (encrypts a data folder of the release before personal data was encrypted; stop Tickwise first)
  roles: ${GrantableRole.values.join(', ')}
  file:  a compliance document (front matter documentType, version, title, consent; see content/README.md)`;

async function publishDocument(file: string, out: (line: string) => void): Promise<number> {
  let doc: ReturnType<typeof loadDocumentFile>;
  try {
    doc = loadDocumentFile(resolve(file), process.cwd());
  } catch (error) {
    if (error instanceof ContentError) {
      out(error.message);
      return 1;
    }
    throw error;
  }
  const storage = await openStorage(loadStorageConfig());
  try {
    const result = await publishDocuments(storage.log, [doc], {
      actor: 'system:admin-cli',
      now: () => new Date(),
    });
    out(
      result.published.length > 0
        ? `Published ${doc.documentType} version ${doc.version}: learners must acknowledge it to stay compliant`
        : `Nothing to do: ${doc.documentType} version ${doc.version} is already published with this text`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ContentError) {
      out(error.message);
      return 1;
    }
    throw error;
  } finally {
    await storage.close();
  }
}

/** How long a role change waits for a running app to put it in force (`ADMIN_WAIT_MS`, default 5 s). */
const inForceWithinMs = () => Number(process.env.ADMIN_WAIT_MS ?? 5_000);

/** `retention`: lists (default) or applies (--apply) what the Privacy Policy's account period requires now. */
async function retention(args: readonly string[], out: (line: string) => void): Promise<number> {
  const apply = args.includes('--apply');
  const nowAt = args.indexOf('--now');
  const now = nowAt >= 0 ? new Date(String(args[nowAt + 1])) : new Date();
  const unknown = args.filter((a, i) => a !== '--apply' && a !== '--now' && !(nowAt >= 0 && i === nowAt + 1));
  if (Number.isNaN(now.getTime()) || unknown.length > 0) {
    out(USAGE);
    return 2;
  }
  const storage = await openStorage(loadStorageConfig());
  try {
    const plan = await planRetention(storage, now, (n) => out(`retention: ${n} learners read`));
    out(
      `Accounts unused since before ${retentionCutoff(now).toISOString()} (${ACCOUNT_RETENTION_YEARS} years): ${plan.toErase.length} of ${plan.learners} learners${plan.keysToDestroy.length > 0 ? `; ${plan.keysToDestroy.length} erased learners still have a key` : ''}`,
    );
    for (const { userId, lastActiveAt } of plan.toErase) out(`  ${userId}  last active ${lastActiveAt}`);
    out(
      `Addresses whose last failed sign-in is older than ${FAILED_LOGIN_RETENTION_YEARS} years (their IP address and browser still readable): ${plan.failedLoginsToForget.length}`,
    );
    if (!apply) {
      if (plan.toErase.length + plan.keysToDestroy.length + plan.failedLoginsToForget.length > 0)
        out('Dry run: nothing changed. Run with --apply to erase them.');
      return 0;
    }
    const logger = createLogger({ name: 'retention' });
    await applyRetention(
      { log: storage.log, keys: storage.keys, logger, now: () => now },
      plan,
      now,
      (done, total) => out(`retention: ${done} of ${total} done`),
    );
    out(`Erased ${plan.toErase.length} accounts (LearnerErased, reason retention_period_ended).`);
    if (plan.failedLoginsToForget.length > 0)
      out(
        `Destroyed the key of the failed sign-in attempts of ${plan.failedLoginsToForget.length} addresses.`,
      );
    return 0;
  } finally {
    await storage.close();
  }
}

export async function runAdmin(args: readonly string[], out: (line: string) => void): Promise<number> {
  const [command, email, role] = args;
  if (command === 'retention') return retention(args.slice(1), out);
  if (command === 'migrate-encryption' && args.length === 1)
    return migrateEncryption(
      { ...loadStorageConfig(), checkpointSigningKey: process.env.CHECKPOINT_SIGNING_KEY || undefined },
      out,
    );
  if (command === 'publish-document' && email && args.length === 2) return publishDocument(email, out);
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
    const reservation = await reservationOf(storage.log, emailKey(email));
    if (!reservation) {
      out(`No user with the e-mail address ${email}`);
      return 1;
    }
    const { userId } = reservation;
    const kind = command === 'grant-role' ? 'grantRole' : 'revokeRole';
    const outcome = await handleCommand({ log: storage.log }, userAccount, {
      stream: streams.user(userId),
      command: { kind, userId, role, by: 'admin-cli' },
      commandId: `admin-cli:${Date.now()}:${command}:${userId}:${role}`,
      actor: 'system:admin-cli',
      correlationId: `admin-cli:${Date.now()}`,
    });
    const verb = command === 'grant-role' ? 'granted' : 'revoked';
    if (outcome.events.length === 0 || !outcome.position) {
      out(
        `Nothing to do: ${email} ${command === 'grant-role' ? 'already has' : 'does not have'} the role ${role}`,
      );
      return 0;
    }
    out(`Role ${role} ${verb} for ${email} (user ${userId})`);
    // Every service authorises from the users read model: the change is in force once it has passed here.
    const inForce = await waitForProjections(
      storage.store,
      [usersProjection.name],
      outcome.position,
      inForceWithinMs(),
    );
    out(
      inForce
        ? 'In force: every service sees the change from the next request on.'
        : `Recorded. No running Tickwise applied it within ${inForceWithinMs() / 1000} s; it takes effect as soon as the app's projections catch up.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof HttpError || error instanceof CommandRefused) {
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
