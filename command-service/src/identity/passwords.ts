import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

/** OWASP's argon2id settings: 19 MiB, 2 iterations, 1 lane (~21 ms a hash here). */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first login, so even that one takes the usual time. */
export function warmUpDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('tickwise-dummy-password-for-timing');
  return dummyHash;
}

/**
 * Spends the same time as a real verification, for an unknown e-mail address: login answers an unknown
 * address and a wrong password alike, in message, status and time.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await warmUpDummyHash(), password);
  return false;
}

/** The ~49,000 most common passwords (bundled with @zxcvbn-ts/language-common), lower-cased. */
const COMMON = new Set(
  ((dictionary as Record<string, readonly string[]>)['passwords-common'] ?? []).map((p) => p.toLowerCase()),
);

export const commonPasswordCount = () => COMMON.size;

/** Why a password is refused (beyond the 8-128 length the contract checks), or undefined. */
export function passwordProblem(password: string, email: string): string | undefined {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'password: is one of the most common passwords; please choose another';
  if (lower === email.toLowerCase() || lower === email.toLowerCase().split('@')[0]) {
    return 'password: must not be your e-mail address';
  }
  return undefined;
}
