import type { Role, User } from '@tickwise/contracts';
import type { Principal, ReadModelStore, UserDirectory } from '@tickwise/platform';
import { activeCollection, readState } from '../runtime/generations';
import {
  type ActiveDocumentDoc,
  type ComplianceStatusDoc,
  isCompliant,
  type LearnerComplianceDoc,
  STATUS_SINCE_VERSION,
} from './compliance';
import type { UserDoc } from './users';

export interface UserRecords extends UserDirectory {
  /** The user record `GET /api/auth/me` answers, or undefined for an unknown id. */
  userRecord(userId: string): Promise<User | undefined>;
}

/** Reads users and compliance read models: every user is a learner; isCompliant is judged now. */
export function createUserRecords(store: ReadModelStore, now: () => Date = () => new Date()): UserRecords {
  async function load(userId: string) {
    const user = await store.get<UserDoc>(await activeCollection(store, 'users', 'users'), userId);
    // An erased learner is no one to sign in as: every token of theirs answers 401.
    if (!user || user.erasedAt !== undefined) return undefined;
    const [status, documents] = await Promise.all([
      complianceStatus(userId),
      activeCollection(store, 'compliance', 'documents').then((c) => store.find<ActiveDocumentDoc>(c)),
    ]);
    const roles: Role[] = ['learner', ...user.roles];
    return { user, roles, isCompliant: isCompliant(status, documents, now()) };
  }
  /**
   * The learner's compliance status: its own small document, or, while the generation in service predates it
   * (an upgraded folder, until the replay that fills it switches in), the learner's whole record.
   */
  async function complianceStatus(userId: string) {
    const state = await readState(store, 'compliance');
    const since = (state?.activeVersion ?? STATUS_SINCE_VERSION) >= STATUS_SINCE_VERSION;
    const collection = await activeCollection(store, 'compliance', since ? 'status' : 'learners');
    return since
      ? store.get<ComplianceStatusDoc>(collection, userId)
      : store.get<LearnerComplianceDoc>(collection, userId);
  }
  return {
    async principalOf(userId): Promise<(Principal & { tokensRevokedBefore: string | null }) | undefined> {
      const found = await load(userId);
      return found
        ? {
            userId,
            roles: found.roles,
            isCompliant: found.isCompliant,
            tokensRevokedBefore: found.user.tokensRevokedBefore,
          }
        : undefined;
    },
    async userRecord(userId) {
      const found = await load(userId);
      if (!found) return undefined;
      const { user } = found;
      return {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        isCompliant: found.isCompliant,
        roles: found.roles,
        createdAt: user.createdAt,
      };
    },
  };
}
