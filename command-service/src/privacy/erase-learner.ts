import { type ErasureReason, ofType, streams } from '@tickwise/contracts';
import { type DataKeys, type EventLog, handleCommand, type Metrics, type Position } from '@tickwise/platform';
import type { Logger } from 'pino';
import { emailAccount } from '../identity/email-account';
import { emailKey } from '../identity/profile';
import { userAccount } from '../identity/user-account';

export interface ErasureDeps {
  log: EventLog;
  keys: DataKeys;
  logger: Logger;
  metrics?: Metrics;
  now?: () => Date;
}

export interface Erasure {
  userId: string;
  reason: ErasureReason;
  at: Date;
  /** Stable per erasure request: a retried request appends once. */
  commandId: string;
  actor: string;
  correlationId: string;
}

/**
 * Erases a learner (the erasure rule; docs/security/personal-data.md, "Erasure"): records LearnerErased on
 * their user stream (which voids their tokens and scrubs the read models), releases their e-mail address,
 * then destroys their data keys and the key of their failed logins, so every personal field the log holds
 * of them reads as erased from then on.
 * The keys go last: if destroying them fails, the erasure is recorded and `npm run admin -- retention
 * --apply` destroys them (it finishes erasures whose keys remain).
 */
export async function eraseLearner(
  deps: ErasureDeps,
  erasure: Erasure,
): Promise<{ position: Position | undefined }> {
  const { userId } = erasure;
  const at = erasure.at.toISOString();
  const registered = (await deps.log.readStream(streams.user(userId), { maxCount: 1 })).find(
    ofType('UserRegistered'),
  );
  const request = { actor: erasure.actor, correlationId: erasure.correlationId };
  const erased = await handleCommand(deps, userAccount, {
    ...request,
    stream: streams.user(userId),
    command: { kind: 'erase', userId, reason: erasure.reason, at },
    commandId: `${erasure.commandId}:user`,
  });
  let position = erased.position;
  const address = registered?.data.email;
  // An address already erased (a retry after the keys were destroyed) cannot be named any more: its
  // reservation was released on the first attempt.
  const key = address && !address.startsWith('(') ? emailKey(address) : undefined;
  if (key) {
    const released = await handleCommand(deps, emailAccount, {
      ...request,
      stream: streams.email(key),
      command: { release: true, userId, at },
      commandId: `${erasure.commandId}:email`,
    });
    position = released.position ?? position;
    await deps.keys.destroy(streams.login(key), erasure.at);
  }
  await deps.keys.destroy(userId, erasure.at);
  deps.logger.info({ userId, reason: erasure.reason }, 'learner erased');
  return { position };
}
