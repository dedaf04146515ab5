import type { EventData, EventType, GrantableRole } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { handler, type Projection } from '../runtime/projection';

/** One document per user: the identity facts the user record and learner search are built from. */
export interface UserDoc {
  id: string;
  email: string;
  emailLower: string;
  firstName: string;
  lastName: string;
  roles: GrantableRole[];
  createdAt: string;
  /** Tokens issued before this time are no longer valid (set by logout). */
  tokensRevokedBefore: string | null;
  [key: string]: unknown;
}

/** The data of a stored event whose type the handler table already matched (validated when appended). */
const data = <K extends EventType>(_type: K, event: RecordedEvent) => event.data as EventData<K>;
const byUser = (event: RecordedEvent) => [(event.data as { userId: string }).userId];

export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  collections: [{ name: 'users', indexes: ['emailLower', 'createdAt'] }],
  handlers: {
    UserRegistered: [
      handler<UserDoc>({
        collection: 'users',
        ids: byUser,
        apply: (doc, event) => {
          const d = data('UserRegistered', event);
          return {
            id: d.userId,
            email: d.email,
            emailLower: d.email.toLowerCase(),
            firstName: d.firstName,
            lastName: d.lastName,
            roles: doc?.roles ?? [],
            createdAt: d.registeredAt,
            tokensRevokedBefore: doc?.tokensRevokedBefore ?? null,
          };
        },
      }),
    ],
    RoleGranted: [
      handler<UserDoc>({
        collection: 'users',
        ids: byUser,
        apply: (doc, event) => {
          const { role } = data('RoleGranted', event);
          return doc && !doc.roles.includes(role) ? { ...doc, roles: [...doc.roles, role].sort() } : doc;
        },
      }),
    ],
    RoleRevoked: [
      handler<UserDoc>({
        collection: 'users',
        ids: byUser,
        apply: (doc, event) => {
          const { role } = data('RoleRevoked', event);
          return doc ? { ...doc, roles: doc.roles.filter((r) => r !== role) } : doc;
        },
      }),
    ],
    UserLoggedOut: [
      handler<UserDoc>({
        collection: 'users',
        ids: byUser,
        apply: (doc, event) =>
          doc ? { ...doc, tokensRevokedBefore: data('UserLoggedOut', event).tokensRevokedBefore } : doc,
      }),
    ],
  },
};
