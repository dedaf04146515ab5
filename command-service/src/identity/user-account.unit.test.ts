import { deciderSpec, fold } from '@tickwise/platform';
import { type UserAccountEvent, type UserCommand, userAccount } from './user-account';

// given (the user stream's past events) / when (a command) / then (the events to append, or the refusal)
const { given } = deciderSpec(userAccount);

const USER = 'user-1';
const AT = '2026-01-17T09:30:00.000Z';

const register: UserCommand = {
  kind: 'register',
  userId: USER,
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  at: AT,
};
const registered: UserAccountEvent = {
  type: 'UserRegistered',
  data: { userId: USER, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', registeredAt: AT },
};
const granted = (role: 'auditor' | 'analyst' | 'admin'): UserAccountEvent => ({
  type: 'RoleGranted',
  data: { userId: USER, role, grantedBy: 'system:admin-cli' },
});
const revoked = (role: 'auditor' | 'analyst' | 'admin'): UserAccountEvent => ({
  type: 'RoleRevoked',
  data: { userId: USER, role, revokedBy: 'system:admin-cli' },
});
const grant = (role: 'auditor' | 'analyst' | 'admin'): UserCommand => ({
  kind: 'grantRole',
  userId: USER,
  role,
  by: 'system:admin-cli',
});
const revoke = (role: 'auditor' | 'analyst' | 'admin'): UserCommand => ({
  kind: 'revokeRole',
  userId: USER,
  role,
  by: 'system:admin-cli',
});
const recordLogin: UserCommand = { kind: 'recordLogin', userId: USER, ip: '203.0.113.9', userAgent: 'jest' };
const logout: UserCommand = { kind: 'logout', userId: USER, at: AT };

const noEvents = { ok: true, events: [] };
const notFound = { ok: false, error: { kind: 'not_found', message: 'No such user' } };

describe('user account decider: registration', () => {
  test('given nothing, when a user registers, then UserRegistered carries the profile and the time', () => {
    expect(given().when(register)).toEqual({ ok: true, events: [registered] });
  });

  test('given a registered user, when the same user registers again, then it is refused as a conflict', () => {
    expect(given(registered).when(register)).toEqual({
      ok: false,
      error: { kind: 'conflict', message: expect.stringMatching(/already registered/) },
    });
  });
});

describe('user account decider: roles', () => {
  test('given a registered user, when a role is granted, then RoleGranted names the role and who granted it', () => {
    expect(given(registered).when(grant('auditor'))).toEqual({ ok: true, events: [granted('auditor')] });
  });

  test('given the role already granted, when it is granted again, then nothing is appended', () => {
    expect(given(registered, granted('auditor')).when(grant('auditor'))).toEqual(noEvents);
  });

  test('given another role granted, when a second role is granted, then it is appended', () => {
    expect(given(registered, granted('auditor')).when(grant('admin'))).toEqual({
      ok: true,
      events: [granted('admin')],
    });
  });

  test('given a granted role, when it is revoked, then RoleRevoked names the role and who revoked it', () => {
    expect(given(registered, granted('analyst')).when(revoke('analyst'))).toEqual({
      ok: true,
      events: [revoked('analyst')],
    });
  });

  test('given a role never granted, when it is revoked, then nothing is appended', () => {
    expect(given(registered).when(revoke('analyst'))).toEqual(noEvents);
  });

  test('given a role granted then revoked, when it is revoked again, then nothing is appended', () => {
    expect(given(registered, granted('admin'), revoked('admin')).when(revoke('admin'))).toEqual(noEvents);
  });

  test('given a role granted then revoked, when it is granted again, then it is appended again', () => {
    expect(given(registered, granted('admin'), revoked('admin')).when(grant('admin'))).toEqual({
      ok: true,
      events: [granted('admin')],
    });
  });
});

describe('user account decider: login and logout', () => {
  test('given a registered user, when a login is recorded, then LoginSucceeded has the address and agent only', () => {
    expect(given(registered).when(recordLogin)).toEqual({
      ok: true,
      events: [{ type: 'LoginSucceeded', data: { userId: USER, ip: '203.0.113.9', userAgent: 'jest' } }],
    });
  });

  test('given a registered user, when the user logs out, then UserLoggedOut carries tokensRevokedBefore', () => {
    expect(given(registered).when(logout)).toEqual({
      ok: true,
      events: [{ type: 'UserLoggedOut', data: { userId: USER, tokensRevokedBefore: AT } }],
    });
  });

  test('logging out twice records both (each revokes the tokens issued before it)', () => {
    const later = { ...logout, at: '2026-01-17T10:00:00.000Z' } as UserCommand;
    const first: UserAccountEvent = {
      type: 'UserLoggedOut',
      data: { userId: USER, tokensRevokedBefore: AT },
    };
    expect(given(registered, first).when(later)).toEqual({
      ok: true,
      events: [
        { type: 'UserLoggedOut', data: { userId: USER, tokensRevokedBefore: '2026-01-17T10:00:00.000Z' } },
      ],
    });
  });
});

describe('user account decider: an unregistered user', () => {
  test.each<[string, UserCommand]>([
    ['grant a role', grant('auditor')],
    ['revoke a role', revoke('auditor')],
    ['record a login', recordLogin],
    ['log out', logout],
  ])('when asked to %s, then it is refused as not found', (_name, command) => {
    expect(given().when(command)).toEqual(notFound);
  });
});

describe('user account state', () => {
  test('folds registration and roles', () => {
    const state = fold(userAccount, [registered, granted('auditor'), granted('admin'), revoked('auditor')]);
    expect(state.registered).toBe(true);
    expect([...state.roles]).toEqual(['admin']);
  });

  test('logins and logouts do not change the roles', () => {
    const state = fold(userAccount, [
      registered,
      granted('analyst'),
      { type: 'LoginSucceeded', data: { userId: USER, ip: '', userAgent: '' } },
      { type: 'UserLoggedOut', data: { userId: USER, tokensRevokedBefore: AT } },
    ]);
    expect(state).toEqual({ registered: true, erased: false, roles: new Set(['analyst']) });
  });
});

describe('erasure', () => {
  const erase: UserCommand = { kind: 'erase', userId: USER, reason: 'learner_request', at: AT };
  const erased: UserAccountEvent = {
    type: 'LearnerErased',
    data: { userId: USER, reason: 'learner_request', erasedAt: AT },
  };

  test('given a registered user, when erased, then LearnerErased with the reason and the time', () => {
    expect(given(registered).when(erase)).toEqual({ ok: true, events: [erased] });
  });

  test('given an erased user, every command is refused as for no such user (erasing twice too)', () => {
    expect(given(registered, erased).when(erase)).toEqual(notFound);
    expect(given(registered, erased).when(grant('auditor'))).toEqual(notFound);
    expect(given(registered, erased).when({ kind: 'logout', userId: USER, at: AT })).toEqual(notFound);
  });
});
