import { HttpError, type RouteHandlers } from '@tickwise/platform';
import type { QueryServiceDeps } from '../app/deps';

/** GET /api/auth/me: the user record from the users and compliance read models. */
export function identityQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  return {
    async me(_input, request) {
      const user = await deps.users.userRecord(request.principal.userId);
      // A valid token whose user the read model no longer has is as good as none.
      if (!user) throw new HttpError(401, 'Authentication required');
      return { body: user };
    },
  };
}
