import { streams } from '@tickwise/contracts';
import {
  commandMetadata,
  deterministicId,
  type EventLog,
  HttpError,
  handleCommand,
  type RouteHandlers,
  reply,
} from '@tickwise/platform';
import { usersProjection, waitForProjections } from '@tickwise/projections';
import type { CommandServiceDeps } from '../app/deps';
import { type EmailAccountEvent, emailAccount } from './email-account';
import { passwordProblem } from './passwords';
import { emailKey, userRecordFromStream } from './profile';
import { userAccount } from './user-account';

export const INVALID_CREDENTIALS = 'Invalid email or password';

/** How long an answer waits for authentication's read model to hold what the request just recorded. */
const IN_FORCE_WITHIN_MS = 5_000;

/**
 * Every service authenticates from the users read model, so a logout is in force everywhere once that read
 * model has passed the logout's position — then, and not before, it is safe to say so.
 */
export const inForce = (deps: CommandServiceDeps, position: string | undefined) =>
  position === undefined
    ? Promise.resolve(true)
    : waitForProjections(deps.store, [usersProjection.name], position, IN_FORCE_WITHIN_MS);
const tooMany = (retryAfterSeconds: number) =>
  new HttpError(429, 'Too many attempts; please wait a moment and try again', {
    'Retry-After': String(retryAfterSeconds),
  });

/** The account an address is reserved for now, if any (an erased account's address is released). */
export async function reservationOf(log: EventLog, key: string) {
  const history = (await log.readStream(streams.email(key))).filter(
    (e): e is typeof e & EmailAccountEvent => e.type === 'EmailReserved' || e.type === 'EmailReleased',
  );
  const state = history.reduce(emailAccount.evolve, emailAccount.initialState);
  return state.reserved ? state : undefined;
}

/** Register, login and logout. */
export function identityRoutes(deps: CommandServiceDeps): RouteHandlers<'command'> {
  const { log, tokens, throttle, passwordLanes } = deps;
  return {
    async register({ body }, request) {
      const ip = await throttle.admitIp(request.ip);
      if (!ip.allowed) throw tooMany(ip.retryAfterSeconds);
      const problem = passwordProblem(body.password, body.email);
      if (problem) throw new HttpError(400, problem);
      const userId = deterministicId('user', request.commandId);
      const at = deps.now().toISOString();
      await handleCommand(deps, emailAccount, {
        stream: streams.email(emailKey(body.email)),
        command: {
          email: body.email,
          userId,
          passwordHash: await passwordLanes(() => deps.passwords.hash(body.password)),
        },
        commandId: `${request.commandId}:email`,
        actor: userId,
        correlationId: request.requestId,
      });
      const registered = await handleCommand(deps, userAccount, {
        stream: streams.user(userId),
        command: {
          kind: 'register',
          userId,
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          at,
        },
        commandId: `${request.commandId}:user`,
        actor: userId,
        correlationId: request.requestId,
      });
      const user = userRecordFromStream(registered.history, false);
      if (!user) throw new Error('registration did not record the user');
      // The user stream is written after the e-mail reservation, so its position covers both. The token works
      // on the very next request: registration is recorded whatever happens here, so a slow read model delays
      // the answer but never turns it into an error.
      await inForce(deps, registered.position);
      return reply(registered, { token: tokens.sign(userId), user });
    },

    async login({ body }, request) {
      const ip = await throttle.admitIp(request.ip);
      if (!ip.allowed) throw tooMany(ip.retryAfterSeconds);
      const key = emailKey(body.email);
      const account = await throttle.admitAccount(key, request.ip);
      if (!account.allowed) throw tooMany(account.retryAfterSeconds);
      const reserved = await reservationOf(log, key);
      const valid = await passwordLanes(() =>
        reserved
          ? deps.passwords.verify(reserved.passwordHash, body.password)
          : deps.passwords.verifyUnknown(body.password),
      );
      if (!reserved || !valid) {
        await throttle.recordFailure(key, request.ip);
        await log.appendToStream(
          streams.login(key),
          [
            {
              type: 'LoginFailed',
              data: {
                emailHash: key,
                reason: reserved ? 'wrong_password' : 'unknown_email',
                ip: request.ip,
                userAgent: request.userAgent,
              },
              // Not a command of the user's: appended without an id, so every failure is recorded.
              metadata: commandMetadata(
                { commandId: request.commandId, correlationId: request.requestId, actor: 'anonymous' },
                deps.now().toISOString(),
              ),
            },
          ],
          { expectedRevision: 'any' },
        );
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await throttle.recordSuccess(key, request.ip);
      const recorded = await handleCommand(deps, userAccount, {
        stream: streams.user(reserved.userId),
        command: {
          kind: 'recordLogin',
          userId: reserved.userId,
          ip: request.ip,
          userAgent: request.userAgent,
        },
        commandId: request.commandId,
        actor: reserved.userId,
        correlationId: request.requestId,
      });
      const principal = await deps.users.principalOf(reserved.userId);
      const user = userRecordFromStream(recorded.history, principal?.isCompliant ?? false);
      if (!user) throw new Error('login found a reservation without its user');
      return reply(recorded, { token: tokens.sign(reserved.userId), user });
    },

    async logout(_input, request) {
      const { userId } = request.principal;
      const outcome = await handleCommand(deps, userAccount, {
        stream: streams.user(userId),
        command: { kind: 'logout', userId, at: deps.now().toISOString() },
        commandId: request.commandId,
        actor: userId,
        correlationId: request.requestId,
      });
      if (!(await inForce(deps, outcome.position))) {
        throw new HttpError(
          503,
          'Your logout is recorded but not yet in force everywhere; please try again',
          {
            'Retry-After': '1',
          },
        );
      }
      return reply(outcome, { ok: true });
    },
  };
}
