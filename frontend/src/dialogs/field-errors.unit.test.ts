import { fieldErrorFromServer, fieldMessages, loginErrors, registrationErrors } from './field-errors';

const valid = {
  firstName: 'Ada',
  lastName: '',
  email: 'ada@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
};

test('a valid registration has no errors', () => {
  expect(registrationErrors(valid)).toEqual({});
});

test.each([
  [{ email: '' }, { email: fieldMessages.emailMissing }],
  [{ email: 'ada@example' }, { email: fieldMessages.emailInvalid }],
  [{ email: 'ada @example.com' }, { email: fieldMessages.emailInvalid }],
  [{ password: 'seven77', confirmPassword: 'seven77' }, { password: fieldMessages.passwordShort }],
  [{ password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, { password: fieldMessages.passwordLong }],
  [{ confirmPassword: '' }, { confirmPassword: fieldMessages.confirmMissing }],
  [{ confirmPassword: 'correct horses' }, { confirmPassword: 'Passwords do not match' }],
  [{ firstName: 'a'.repeat(101) }, { firstName: fieldMessages.nameLong }],
])('registration %j → %j', (change, errors) => {
  expect(registrationErrors({ ...valid, ...change })).toEqual(errors);
});

test('login needs an e-mail address and a password (any length: the server judges it)', () => {
  expect(loginErrors({ email: '', password: '' })).toEqual({
    email: fieldMessages.emailMissing,
    password: fieldMessages.passwordMissing,
  });
  expect(loginErrors({ email: 'ada@example.com', password: 'x' })).toEqual({});
});

test.each([
  ['email: must be an e-mail address', '', { field: 'email', text: fieldMessages.emailInvalid }],
  ['email: required', '', { field: 'email', text: fieldMessages.emailMissing }],
  [
    'password: must be a string of 8-128 characters',
    'short',
    { field: 'password', text: fieldMessages.passwordShort },
  ],
  [
    'firstName: must be plain text of at most 100 characters (no control or text-direction characters)',
    '',
    { field: 'firstName', text: fieldMessages.nameInvalid },
  ],
  ['Email already registered', '', null],
])('the server says %s → %j', (message, password, expected) => {
  expect(fieldErrorFromServer(message, password)).toEqual(expected);
});
