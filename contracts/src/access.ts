/** Who may call a route. Admin satisfies every role; compliance is each user's own and never implied. */
import type * as t from 'io-ts';
import { oneOf } from './codecs';
import type { Role } from './vocabulary';

/**
 * public: anyone; authenticated: any signed-in user; compliant: signed in and isCompliant;
 * auditor / analyst / admin: signed in with that role (or admin).
 */
export const Access = oneOf(['public', 'authenticated', 'compliant', 'auditor', 'analyst', 'admin']);
export type Access = t.TypeOf<typeof Access>;

/** The caller as the services know them; null when signed out. */
export type Principal = { readonly roles: readonly Role[]; readonly isCompliant: boolean } | null;

/** allowed → go on; unauthenticated → 401; forbidden → 403. */
export type AccessDecision = 'allowed' | 'unauthenticated' | 'forbidden';

export const hasRole = (principal: NonNullable<Principal>, role: Role): boolean =>
  principal.roles.includes(role) || principal.roles.includes('admin');

export function decideAccess(access: Access, principal: Principal): AccessDecision {
  if (access === 'public') return 'allowed';
  if (principal === null) return 'unauthenticated';
  switch (access) {
    case 'authenticated':
      return 'allowed';
    case 'compliant':
      return principal.isCompliant ? 'allowed' : 'forbidden';
    case 'auditor':
    case 'analyst':
    case 'admin':
      return hasRole(principal, access) ? 'allowed' : 'forbidden';
  }
}
