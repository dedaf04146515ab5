import type { Role } from '@tickwise/contracts';
import type { Middleware } from 'koa';
import type { TokenService } from './tokens';

/** What the services know about a signed-in user for authorisation. */
export interface Principal {
  userId: string;
  roles: readonly Role[];
  isCompliant: boolean;
}

/** How authentication looks a user up: from the users read model (both services have it). */
export interface UserDirectory {
  principalOf(userId: string): Promise<(Principal & { tokensRevokedBefore: string | null }) | undefined>;
}

export type AuthState =
  | { status: 'none' }
  | { status: 'invalid' }
  | { status: 'valid'; principal: Principal; tokenId: string };

/**
 * Reads the Bearer token (if any) and records the outcome on `ctx.state.auth`; routes decide what they
 * need (public routes ignore a stale token). A token issued before the user's last logout is invalid.
 */
export function authentication(tokens: TokenService, users: UserDirectory): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    let auth: AuthState = { status: 'none' };
    if (header && !match) auth = { status: 'invalid' };
    if (match?.[1]) {
      const claims = tokens.verify(match[1]);
      const user = claims ? await users.principalOf(claims.userId) : undefined;
      // A token issued in the very millisecond of a logout is revoked with it: a logout is never undone by
      // a clock that did not move (a new login in that millisecond is refused, and signs in again).
      const revoked =
        claims && user?.tokensRevokedBefore
          ? claims.issuedAtMs <= Date.parse(user.tokensRevokedBefore)
          : false;
      auth =
        claims && user && !revoked
          ? {
              status: 'valid',
              principal: { userId: user.userId, roles: user.roles, isCompliant: user.isCompliant },
              tokenId: claims.tokenId,
            }
          : { status: 'invalid' };
    }
    ctx.state.auth = auth;
    await next();
  };
}
