import { HttpError, type RouteHandlers } from '@tickwise/platform';
import type { CommandServiceDeps } from '../app/deps';
import { emailKey } from '../identity/profile';
import { inForce, reservationOf } from '../identity/routes';
import { eraseLearner } from './erase-learner';

export const WRONG_PASSWORD = 'The password is not correct';

/** A learner's own data: erasing the account. */
export function privacyRoutes(deps: CommandServiceDeps): RouteHandlers<'command'> {
  return {
    async eraseAccount({ body }, request) {
      const { userId } = request.principal;
      const user = await deps.users.userRecord(userId);
      if (!user) throw new HttpError(404, 'No such account');
      const key = emailKey(user.email);
      const account = await deps.throttle.admitAccount(key, request.ip);
      if (!account.allowed) {
        throw new HttpError(429, 'Too many attempts; please wait a moment and try again', {
          'Retry-After': String(account.retryAfterSeconds),
        });
      }
      const reservation = await reservationOf(deps.log, key);
      if (!reservation || reservation.userId !== userId) throw new HttpError(404, 'No such account');
      if (!(await deps.passwordLanes(() => deps.passwords.verify(reservation.passwordHash, body.password)))) {
        await deps.throttle.recordFailure(key, request.ip);
        throw new HttpError(400, WRONG_PASSWORD);
      }
      const at = deps.now();
      const { position } = await eraseLearner(deps, {
        userId,
        reason: 'learner_request',
        at,
        commandId: request.commandId,
        actor: userId,
        correlationId: request.requestId,
      });
      // Answer once every service refuses the learner's tokens (they authenticate from the users read model).
      if (!(await inForce(deps, position))) {
        throw new HttpError(503, 'Your account is erased but not yet everywhere; please try again', {
          'Retry-After': '1',
        });
      }
      return position
        ? { body: { erasedAt: at.toISOString() }, position }
        : { body: { erasedAt: at.toISOString() } };
    },
  };
}
