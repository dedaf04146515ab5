import { event, streams } from '@tickwise/contracts';
import { inStream, projectionSpec } from '../../test/projection-spec';
import { usersProjection } from './users';

const { given } = projectionSpec(usersProjection);
const ada = inStream(streams.user('u1'));
const registered = event('UserRegistered', {
  userId: 'u1',
  email: 'Ada@Example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  registeredAt: '2026-01-01T10:00:00.000Z',
});
const user = {
  id: 'u1',
  email: 'Ada@Example.com',
  emailLower: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  roles: [],
  createdAt: '2026-01-01T10:00:00.000Z',
  tokensRevokedBefore: null,
};

test('a registration makes the user document, with the e-mail also lower-cased for search', () => {
  expect(given(...ada(registered)).documents('users')).toEqual([user]);
});

test('roles granted are kept sorted and once each; a revoked role is gone', () => {
  const then = given(...ada(registered)).when(
    ...ada(
      event('RoleGranted', { userId: 'u1', role: 'auditor', grantedBy: 'cli' }),
      event('RoleGranted', { userId: 'u1', role: 'admin', grantedBy: 'cli' }),
      event('RoleGranted', { userId: 'u1', role: 'auditor', grantedBy: 'cli' }),
      event('RoleRevoked', { userId: 'u1', role: 'admin', revokedBy: 'cli' }),
    ),
  );
  expect(then.document('users', 'u1')).toEqual({ ...user, roles: ['auditor'] });
});

test('logging out records the time before which the user’s tokens are no longer valid', () => {
  const then = given(...ada(registered)).when(
    ...ada(event('UserLoggedOut', { userId: 'u1', tokensRevokedBefore: '2026-01-02T00:00:00.000Z' })),
  );
  expect(then.document('users', 'u1')).toEqual({ ...user, tokensRevokedBefore: '2026-01-02T00:00:00.000Z' });
});

test('a role event for an unknown user creates nothing', () => {
  const unknown = inStream(streams.user('u9'));
  expect(
    given(...unknown(event('RoleGranted', { userId: 'u9', role: 'analyst', grantedBy: 'cli' }))).documents(
      'users',
    ),
  ).toEqual([]);
});
