import { deciderSpec, fold } from '@tickwise/platform';
import { EMAIL_TAKEN, type EmailAccountEvent, emailAccount, type ReserveEmail } from './email-account';

// given (the stream's past events) / when (a command) / then (the events to append, or the refusal)
const { given } = deciderSpec(emailAccount);

const reserve = (overrides: Partial<ReserveEmail> = {}): ReserveEmail => ({
  email: 'Ann@Example.com',
  userId: 'user-1',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  ...overrides,
});

const reserved = (command: ReserveEmail): EmailAccountEvent => ({
  type: 'EmailReserved',
  data: { ...command },
});

describe('email account decider', () => {
  test('given no reservation, when an address is reserved, then EmailReserved holds the user id and the hash', () => {
    expect(given().when(reserve())).toEqual({
      ok: true,
      events: [
        {
          type: 'EmailReserved',
          data: {
            email: 'Ann@Example.com',
            userId: 'user-1',
            passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
          },
        },
      ],
    });
  });

  test('given a reservation, when the address is reserved again (by anyone), then it is refused as a conflict', () => {
    const decision = given(reserved(reserve())).when(reserve({ userId: 'user-2', passwordHash: 'other' }));
    expect(decision).toEqual({ ok: false, error: { kind: 'conflict', message: EMAIL_TAKEN } });
  });

  test('the conflict message says clearly that the address is taken', () => {
    expect(EMAIL_TAKEN).toMatch(/already exists/i);
    expect(EMAIL_TAKEN).toMatch(/e-?mail/i);
  });

  test('the state keeps the first reservation: its user id and hash are what login checks', () => {
    const first = reserve();
    const state = fold(emailAccount, [
      reserved(first),
      reserved(reserve({ userId: 'user-2', passwordHash: 'later' })),
    ]);
    expect(state).toEqual({
      reserved: true,
      email: first.email,
      userId: first.userId,
      passwordHash: first.passwordHash,
    });
  });

  test('the initial state is not reserved', () => {
    expect(emailAccount.initialState).toEqual({ reserved: false });
  });

  const released: EmailAccountEvent = {
    type: 'EmailReleased',
    data: { userId: 'user-1', releasedAt: '2026-11-26T10:00:00.000Z' },
  };

  test('given a reservation, when its account releases it, then EmailReleased; the address can be reserved again', () => {
    expect(
      given(reserved(reserve())).when({ release: true, userId: 'user-1', at: '2026-11-26T10:00:00.000Z' }),
    ).toEqual({ ok: true, events: [released] });
    expect(given(reserved(reserve()), released).when(reserve({ userId: 'user-2' }))).toEqual({
      ok: true,
      events: [{ type: 'EmailReserved', data: { ...reserve({ userId: 'user-2' }) } }],
    });
  });

  test('another account, or nobody, cannot release an address: nothing is appended', () => {
    const release = { release: true as const, userId: 'user-2', at: '2026-11-26T10:00:00.000Z' };
    expect(given(reserved(reserve())).when(release)).toEqual({ ok: true, events: [] });
    expect(given().when(release)).toEqual({ ok: true, events: [] });
  });
});
