import { createHash } from 'node:crypto';
import { normalizeEmail, type User } from '@tickwise/contracts';
import type { UserAccountEvent } from './user-account';

/** The key of an address's streams: sha256 of the trimmed, lower-cased address. */
export const emailKey = (email: string): string =>
  createHash('sha256').update(normalizeEmail(email)).digest('hex');

/** The user record as the user stream tells it (registration and roles), before any read model. */
export function userRecordFromStream(
  events: readonly UserAccountEvent[],
  isCompliant: boolean,
): User | undefined {
  let user: User | undefined;
  for (const event of events) {
    if (event.type === 'UserRegistered') {
      const { userId, email, firstName, lastName, registeredAt } = event.data;
      user = {
        id: userId,
        email,
        firstName,
        lastName,
        isCompliant,
        roles: ['learner'],
        createdAt: registeredAt,
      };
    } else if (event.type === 'LearnerErased') {
      user = undefined;
    } else if (user && event.type === 'RoleGranted') {
      const { role } = event.data;
      if (!user.roles.includes(role)) user = { ...user, roles: [...user.roles, role] };
    } else if (user && event.type === 'RoleRevoked') {
      const { role } = event.data;
      user = { ...user, roles: user.roles.filter((r) => r !== role) };
    }
  }
  return user;
}
