import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

/** The cost of one argon2id hash: memory in KiB, iterations and lanes. */
export interface Argon2Cost {
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

/** OWASP's argon2id settings: 19 MiB, 2 iterations, 1 lane (~21 ms a hash on an idle core here). */
export const OWASP_ARGON2: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * The cheapest cost argon2 accepts (8 KiB, one iteration, ~0.2 ms): for tests, whose stacks hash passwords by
 * the hundred and are about the routes, not the hash's strength. Production never uses it.
 */
export const TEST_ARGON2: Argon2Cost = { memoryCost: 8, timeCost: 1, parallelism: 1 };

/** Hashing and checking passwords; a service gets one, so tests can pay a cheaper cost than production. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Whether the password matches the hash; a malformed hash is a mismatch, not an error. */
  verify(hash: string, password: string): Promise<boolean>;
  /**
   * Spends the same time as a real verification, for an unknown e-mail address: login answers an unknown
   * address and a wrong password alike, in message, status and time.
   */
  verifyUnknown(password: string): Promise<false>;
  /** Computes the dummy hash `verifyUnknown` checks against, so even the first such login takes the usual time. */
  warmUp(): Promise<void>;
}

/** argon2id at the given cost (OWASP's unless told otherwise). */
export function argon2Hasher(cost: Argon2Cost = OWASP_ARGON2): PasswordHasher {
  const options = { type: argon2.argon2id, ...cost };
  const hash = (password: string) => argon2.hash(password, options);
  const verify = async (stored: string, password: string) => {
    try {
      return await argon2.verify(stored, password);
    } catch {
      return false;
    }
  };
  // Made on first need (or by warmUp at start-up), with the same cost as real hashes.
  let dummy: Promise<string> | undefined;
  const dummyHash = () => {
    dummy ??= hash('tickwise-dummy-password-for-timing');
    return dummy;
  };
  return {
    hash,
    verify,
    async verifyUnknown(password) {
      await verify(await dummyHash(), password);
      return false;
    },
    async warmUp() {
      await dummyHash();
    },
  };
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
