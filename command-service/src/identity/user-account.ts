import type { ErasureReason, EventOf, GrantableRole } from '@tickwise/contracts';
import { accept, type Decider, domainError, refuse } from '@tickwise/platform';

/** The user stream (`user-{userId}`): registration, roles, logins and logouts. */
export type UserAccountEvent = EventOf<
  'UserRegistered' | 'RoleGranted' | 'RoleRevoked' | 'UserLoggedOut' | 'LoginSucceeded' | 'LearnerErased'
>;

export interface UserAccount {
  registered: boolean;
  /** Erased accounts take no more commands: to the account's rules they no longer exist. */
  erased: boolean;
  roles: ReadonlySet<GrantableRole>;
}

export type UserCommand =
  | { kind: 'register'; userId: string; email: string; firstName: string; lastName: string; at: string }
  | { kind: 'grantRole'; userId: string; role: GrantableRole; by: string }
  | { kind: 'revokeRole'; userId: string; role: GrantableRole; by: string }
  | { kind: 'recordLogin'; userId: string; ip: string; userAgent: string }
  | { kind: 'logout'; userId: string; at: string }
  | { kind: 'erase'; userId: string; reason: ErasureReason; at: string };

const NO_SUCH_USER = 'No such user';

export const userAccount: Decider<UserCommand, UserAccount, UserAccountEvent> = {
  initialState: { registered: false, erased: false, roles: new Set() },
  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { ...state, registered: true };
      case 'RoleGranted':
        return { ...state, roles: new Set([...state.roles, event.data.role]) };
      case 'RoleRevoked':
        return { ...state, roles: new Set([...state.roles].filter((r) => r !== event.data.role)) };
      case 'LearnerErased':
        return { ...state, erased: true };
      default:
        return state;
    }
  },
  decide(command, state) {
    if (command.kind === 'register') {
      if (state.registered) return refuse(domainError('conflict', 'This user is already registered'));
      const { userId, email, firstName, lastName, at } = command;
      return accept({
        type: 'UserRegistered',
        data: { userId, email, firstName, lastName, registeredAt: at },
      });
    }
    if (!state.registered || state.erased) return refuse(domainError('not_found', NO_SUCH_USER));
    switch (command.kind) {
      case 'grantRole':
        // Granting a role the user already has changes nothing: no event.
        return state.roles.has(command.role)
          ? accept()
          : accept({
              type: 'RoleGranted',
              data: { userId: command.userId, role: command.role, grantedBy: command.by },
            });
      case 'revokeRole':
        return state.roles.has(command.role)
          ? accept({
              type: 'RoleRevoked',
              data: { userId: command.userId, role: command.role, revokedBy: command.by },
            })
          : accept();
      case 'recordLogin':
        return accept({
          type: 'LoginSucceeded',
          data: { userId: command.userId, ip: command.ip, userAgent: command.userAgent },
        });
      case 'logout':
        return accept({
          type: 'UserLoggedOut',
          data: { userId: command.userId, tokensRevokedBefore: command.at },
        });
      case 'erase':
        return accept({
          type: 'LearnerErased',
          data: { userId: command.userId, reason: command.reason, erasedAt: command.at },
        });
    }
  },
};
