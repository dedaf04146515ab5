import type { EventOf } from '@tickwise/contracts';
import { accept, type Decider, domainError, refuse } from '@tickwise/platform';

/**
 * The e-mail reservation stream (`email-{sha256(lower(email))}`): appended with the expected revision, it
 * makes e-mail uniqueness atomic, and holds the user id and the password hash for login. An erasure
 * releases the address, after which it can be reserved again by a new account.
 */
export type EmailAccountEvent = EventOf<'EmailReserved' | 'EmailReleased'>;

export type EmailAccount =
  | { reserved: false }
  | { reserved: true; email: string; userId: string; passwordHash: string };

export interface ReserveEmail {
  email: string;
  userId: string;
  passwordHash: string;
}

export interface ReleaseEmail {
  release: true;
  userId: string;
  at: string;
}

export const EMAIL_TAKEN = 'An account with this e-mail address already exists';

export const emailAccount: Decider<ReserveEmail | ReleaseEmail, EmailAccount, EmailAccountEvent> = {
  initialState: { reserved: false },
  evolve: (state, event) => {
    if (event.type === 'EmailReleased') return { reserved: false };
    return state.reserved
      ? state
      : {
          reserved: true,
          email: event.data.email,
          userId: event.data.userId,
          passwordHash: event.data.passwordHash,
        };
  },
  decide: (command, state) => {
    if ('release' in command) {
      // Releasing an address that another account holds (or nobody) changes nothing.
      return state.reserved && state.userId === command.userId
        ? accept({ type: 'EmailReleased', data: { userId: command.userId, releasedAt: command.at } })
        : accept();
    }
    return state.reserved
      ? refuse(domainError('conflict', EMAIL_TAKEN))
      : accept({
          type: 'EmailReserved',
          data: { email: command.email, userId: command.userId, passwordHash: command.passwordHash },
        });
  },
};
