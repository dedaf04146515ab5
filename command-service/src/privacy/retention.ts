import { parseStream, type StreamCategory, streamId } from '@tickwise/contracts';
import { commandEventIds, type DataKeys, type EventLog } from '@tickwise/platform';
import type { Logger } from 'pino';
import { type ErasureDeps, eraseLearner } from './erase-learner';

/**
 * The Privacy Policy's account period: an account nobody has used for this long (no sign-in, lesson, quiz,
 * acknowledgment or assessment) is erased as on the learner's own request.
 */
export const ACCOUNT_RETENTION_YEARS = 3;

/**
 * The Privacy Policy's period for failed sign-in attempts: the IP address and browser of the attempts on an
 * address (sealed under the key of `login-{hash}`) are destroyed once its last attempt is this old.
 */
export const FAILED_LOGIN_RETENTION_YEARS = 3;

/** The streams whose events count as the learner using their account. */
const ACTIVITY: ReadonlySet<StreamCategory> = new Set(['user', 'learning', 'compliance', 'psychology']);

export interface RetentionPlan {
  /** Learners past the account period, with their last activity, oldest first. */
  toErase: Array<{ userId: string; lastActiveAt: string }>;
  /** Learners already erased whose data key is still in the key store (an erasure interrupted). */
  keysToDestroy: string[];
  /** Addresses whose last failed sign-in is past its period and whose attempts' key is still in the store. */
  failedLoginsToForget: Array<{ stream: string; lastFailedAt: string }>;
  learners: number;
}

/** The moment before which a last activity is past the account period. */
export function retentionCutoff(now: Date, years = ACCOUNT_RETENTION_YEARS): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/** Reads the log once (personal fields left sealed) and says what the account period requires now. */
export async function planRetention(
  deps: { log: EventLog; keys: DataKeys },
  now: Date,
  progress: (learners: number) => void = () => {},
): Promise<RetentionPlan> {
  const lastActive = new Map<string, string>();
  const erased = new Set<string>();
  const lastFailed = new Map<string, string>();
  for await (const batch of deps.log.readAll({ personalData: false, batchSize: 5000 })) {
    for (const event of batch) {
      const parsed = parseStream(event.stream);
      if (event.type === 'LoginFailed') {
        const at = event.metadata.occurredAt;
        if ((lastFailed.get(event.stream) ?? '') < at) lastFailed.set(event.stream, at);
        continue;
      }
      if (!parsed || !ACTIVITY.has(parsed.category)) continue;
      if (event.type === 'LearnerErased') erased.add(parsed.id);
      const at = event.metadata.occurredAt;
      const seen = lastActive.get(parsed.id);
      if (event.type === 'UserRegistered' || seen !== undefined) {
        if (seen === undefined || at > seen) lastActive.set(parsed.id, at);
      }
    }
    progress(lastActive.size);
  }
  const cutoff = retentionCutoff(now).toISOString();
  const toErase = [...lastActive]
    .filter(([userId, at]) => !erased.has(userId) && at < cutoff)
    .map(([userId, lastActiveAt]) => ({ userId, lastActiveAt }))
    .sort((a, b) => a.lastActiveAt.localeCompare(b.lastActiveAt));
  const keysToDestroy: string[] = [];
  for (const userId of erased) if (await deps.keys.store.activeKeyOf(userId)) keysToDestroy.push(userId);
  const failedCutoff = retentionCutoff(now, FAILED_LOGIN_RETENTION_YEARS).toISOString();
  const failedLoginsToForget: RetentionPlan['failedLoginsToForget'] = [];
  for (const [stream, lastFailedAt] of lastFailed)
    if (lastFailedAt < failedCutoff && (await deps.keys.store.activeKeyOf(stream)))
      failedLoginsToForget.push({ stream, lastFailedAt });
  return { toErase, keysToDestroy, failedLoginsToForget, learners: lastActive.size };
}

/** Carries the plan out: each learner erased (LearnerErased, reason retention_period_ended), left keys destroyed. */
export async function applyRetention(
  deps: ErasureDeps & { logger: Logger },
  plan: RetentionPlan,
  now: Date,
  progress: (done: number, total: number) => void = () => {},
): Promise<void> {
  const total = plan.toErase.length + plan.keysToDestroy.length + plan.failedLoginsToForget.length;
  let done = 0;
  for (const { userId } of plan.toErase) {
    await eraseLearner(deps, {
      userId,
      reason: 'retention_period_ended',
      at: now,
      // One erasure per learner and day: a rerun the same day appends nothing twice.
      commandId: `retention:${now.toISOString().slice(0, 10)}:${userId}`,
      actor: 'system:retention',
      correlationId: `retention:${now.toISOString()}`,
    });
    progress(++done, total);
  }
  for (const userId of plan.keysToDestroy) {
    await deps.keys.destroy(userId, now);
    progress(++done, total);
  }
  // Recorded first, then the key: the attempts stay in the log as facts (when, why); their address and
  // browser can no longer be read. One record per address and day, so a rerun appends nothing twice.
  for (const { stream, lastFailedAt } of plan.failedLoginsToForget) {
    const emailHash = streamId('login', stream);
    const day = now.toISOString().slice(0, 10);
    const [eventId] = commandEventIds(`retention:${day}:${stream}`, 1);
    await deps.log.appendToStream(
      stream,
      [
        {
          ...(eventId ? { eventId } : {}),
          type: 'FailedLoginsExpired',
          data: { emailHash, lastFailedAt, expiredAt: now.toISOString() },
          metadata: {
            correlationId: `retention:${now.toISOString()}`,
            causationId: `retention:${day}:${stream}`,
            actor: 'system:retention',
            occurredAt: now.toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'any' },
    );
    await deps.keys.destroy(stream, now);
    progress(++done, total);
  }
}
