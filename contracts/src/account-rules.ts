/**
 * The rules of an account's fields without io-ts, so the browser can check a form before sending it with
 * exactly the server's rules (the codecs in codecs.ts and requests.ts are built from these).
 */
import { limits } from './limits';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

export const isEmailAddress = (value: string): boolean => {
  const s = value.trim();
  return s.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(s);
};

export const passwordLimits = limits.password;
export const nameMaxLength = limits.name;
