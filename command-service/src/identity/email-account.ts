import type { EventOf } from '@tickwise/contracts';
import { accept, type Decider, domainError, refuse } from '@tickwise/platform';

/**
 * The e-mail reservation stream (`email-{sha256(lower(email))}`): appended with expected revision
 * "no stream", it makes e-mail uniqueness atomic, and holds the user id and the password hash for login.
 */
export type EmailAccountEvent = EventOf<'EmailReserved'>;

export type EmailAccount =
  | { reserved: false }
  | { reserved: true; email: string; userId: string; passwordHash: string };

export interface ReserveEmail {
  email: string;
  userId: string;
  passwordHash: string;
}

export const EMAIL_TAKEN = 'An account with this e-mail address already exists';

export const emailAccount: Decider<ReserveEmail, EmailAccount, EmailAccountEvent> = {
  initialState: { reserved: false },
  evolve: (state, event) =>
    state.reserved
      ? state
      : {
          reserved: true,
          email: event.data.email,
          userId: event.data.userId,
          passwordHash: event.data.passwordHash,
        },
  decide: (command, state) =>
    state.reserved
      ? refuse(domainError('conflict', EMAIL_TAKEN))
      : accept({
          type: 'EmailReserved',
          data: { email: command.email, userId: command.userId, passwordHash: command.passwordHash },
        }),
};
