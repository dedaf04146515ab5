import { ERASED, type EventOf, type GrantableRole } from '@tickwise/contracts';
import { documents, projection } from '../runtime/projection';

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
  /** Set once the learner is erased: identity fields read "(erased)", every token is void. */
  erasedAt?: string;
  [key: string]: unknown;
}

type UserEvent = EventOf<
  'UserRegistered' | 'RoleGranted' | 'RoleRevoked' | 'UserLoggedOut' | 'LearnerErased'
>;
const users = documents<UserDoc, UserEvent>('users', (event) => [event.data.userId]);

export const usersProjection = projection({
  name: 'users',
  // 2: erased learners (LearnerErased) keep a scrubbed document.
  version: 2,
  readsPersonalData: ['UserRegistered'],
  collections: [{ name: 'users', indexes: ['emailLower', 'createdAt'] }],
  handlers: [
    users.on('UserRegistered', (doc, { data }) => ({
      id: data.userId,
      email: data.email,
      emailLower: data.email.toLowerCase(),
      firstName: data.firstName,
      lastName: data.lastName,
      roles: doc?.roles ?? [],
      createdAt: data.registeredAt,
      tokensRevokedBefore: doc?.tokensRevokedBefore ?? null,
    })),
    users.on('RoleGranted', (doc, { data: { role } }) =>
      doc && !doc.roles.includes(role) ? { ...doc, roles: [...doc.roles, role].sort() } : doc,
    ),
    users.on('RoleRevoked', (doc, { data: { role } }) =>
      doc ? { ...doc, roles: doc.roles.filter((r) => r !== role) } : doc,
    ),
    users.on('UserLoggedOut', (doc, { data }) =>
      doc ? { ...doc, tokensRevokedBefore: data.tokensRevokedBefore } : doc,
    ),
    // The same document a rebuild makes once the key is gone (the identity fields then read "(erased)").
    users.on('LearnerErased', (doc, { data }) =>
      doc
        ? {
            ...doc,
            email: ERASED,
            emailLower: ERASED,
            firstName: ERASED,
            lastName: ERASED,
            roles: [],
            tokensRevokedBefore: data.erasedAt,
            erasedAt: data.erasedAt,
          }
        : doc,
    ),
  ],
});
