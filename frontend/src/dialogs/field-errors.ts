/**
 * Plain-language checks of the sign-in and registration forms, with the server's rules
 * (@tickwise/contracts/account-rules), and the server's own validation messages ("email: must be an
 * e-mail address") turned into the same words, so a person reads one wording whoever found the mistake.
 */
import { isEmailAddress, nameMaxLength, passwordLimits } from '@tickwise/contracts/account-rules';

export const fieldMessages = {
  emailMissing: 'Enter your e-mail address.',
  emailInvalid: 'Enter an e-mail address like name@example.com.',
  passwordMissing: 'Enter your password.',
  passwordShort: `Use at least ${passwordLimits.min} characters for your password.`,
  passwordLong: `Use at most ${passwordLimits.max} characters for your password.`,
  confirmMissing: 'Enter the same password again.',
  passwordsDiffer: 'Passwords do not match',
  nameLong: `Use at most ${nameMaxLength} characters.`,
  nameInvalid: 'Use letters, spaces and punctuation only.',
} as const;

export type RegistrationField = 'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword';
export type LoginField = 'email' | 'password';
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

function emailError(email: string): string | undefined {
  if (email.trim() === '') return fieldMessages.emailMissing;
  return isEmailAddress(email) ? undefined : fieldMessages.emailInvalid;
}

export function loginErrors(fields: Record<LoginField, string>): FieldErrors<LoginField> {
  return {
    ...(emailError(fields.email) ? { email: emailError(fields.email) } : {}),
    ...(fields.password === '' ? { password: fieldMessages.passwordMissing } : {}),
  };
}

function passwordError(password: string): string | undefined {
  if (password === '') return fieldMessages.passwordMissing;
  if (password.length < passwordLimits.min) return fieldMessages.passwordShort;
  if (password.length > passwordLimits.max) return fieldMessages.passwordLong;
  return undefined;
}

export function registrationErrors(
  fields: Record<RegistrationField, string>,
): FieldErrors<RegistrationField> {
  const errors: FieldErrors<RegistrationField> = {};
  for (const name of ['firstName', 'lastName'] as const)
    if (fields[name].trim().length > nameMaxLength) errors[name] = fieldMessages.nameLong;
  const email = emailError(fields.email);
  if (email) errors.email = email;
  const password = passwordError(fields.password);
  if (password) errors.password = password;
  if (fields.confirmPassword === '' && fields.password !== '')
    errors.confirmPassword = fieldMessages.confirmMissing;
  else if (fields.confirmPassword !== fields.password) errors.confirmPassword = fieldMessages.passwordsDiffer;
  return errors;
}

const serverWording: Record<string, string> = {
  email: fieldMessages.emailInvalid,
  firstName: fieldMessages.nameInvalid,
  lastName: fieldMessages.nameInvalid,
};

/**
 * The field and the words for a server validation message '<field>: required' or '<field>: must be …'
 * (see contracts/decode.ts); null for any other message (e.g. 'Email already registered').
 */
export function fieldErrorFromServer(
  message: string,
  password = '',
): { field: RegistrationField; text: string } | null {
  const match = /^(email|password|firstName|lastName): (required|must be .*)$/.exec(message);
  if (match === null) return null;
  const field = match[1] as RegistrationField;
  if (field === 'password') return { field, text: passwordError(password) ?? fieldMessages.passwordShort };
  if (match[2] === 'required' && field === 'email') return { field, text: fieldMessages.emailMissing };
  return { field, text: serverWording[field] ?? fieldMessages.nameInvalid };
}

/**
 * Focuses the first field, in the form's order, that has an error. Found by name rather than by the
 * aria-invalid the next render adds, so it does not race React's commit.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors<string>): void {
  const fields = Array.from(form?.elements ?? []) as HTMLInputElement[];
  fields.find((field) => errors[field.name] !== undefined)?.focus();
}
