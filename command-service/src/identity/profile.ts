import { createHash } from 'node:crypto';
import { normalizeEmail, type User } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';

/** The key of an address's streams: sha256 of the trimmed, lower-cased address. */
export const emailKey = (email: string): string =>
  createHash('sha256').update(normalizeEmail(email)).digest('hex');

/** The user record as the user stream tells it (registration and roles), before any read model. */
export function userRecordFromStream(
  events: readonly RecordedEvent[],
  isCompliant: boolean,
): User | undefined {
  let user: User | undefined;
  for (const event of events) {
    if (event.type === 'UserRegistered') {
      const d = event.data as {
        userId: string;
        email: string;
        firstName: string;
        lastName: string;
        registeredAt: string;
      };
      user = {
        id: d.userId,
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        isCompliant,
        roles: ['learner'],
        createdAt: d.registeredAt,
      };
    } else if (user && event.type === 'RoleGranted') {
      const { role } = event.data as { role: User['roles'][number] };
      if (!user.roles.includes(role)) user = { ...user, roles: [...user.roles, role] };
    } else if (user && event.type === 'RoleRevoked') {
      const { role } = event.data as { role: User['roles'][number] };
      user = { ...user, roles: user.roles.filter((r) => r !== role) };
    }
  }
  return user;
}
