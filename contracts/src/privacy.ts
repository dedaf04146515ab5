/**
 * A learner's rights over their data in one place (docs/security/personal-data.md): erasing an account, its
 * events, request body and route. Erasure destroys the learner's data key, so every personal field the log
 * holds of them reads as erased; the pseudonymous compliance evidence stays (Art. 17(3)(b)).
 */
import * as t from 'io-ts';
import { closed, entityId, isoDateTime, oneOf, sha256Hex, stringLength, struct } from './codecs';
import { limits } from './limits';
import type { RouteDefinition } from './route-definition';

// ---- events ----

export const ErasureReason = oneOf(['learner_request', 'retention_period_ended']);
export type ErasureReason = t.TypeOf<typeof ErasureReason>;

/** user-{userId}: the account is erased; its data key destroyed, its tokens void, its e-mail released. */
export const LearnerErased = struct(
  { userId: entityId, reason: ErasureReason, erasedAt: isoDateTime },
  'LearnerErased',
);
/** email-{sha256(lower(email))}: the address may be registered again, by anyone, as a new account. */
export const EmailReleased = struct({ userId: entityId, releasedAt: isoDateTime }, 'EmailReleased');

/**
 * login-{sha256(lower(email))}: the failed sign-ins on this address are past the Privacy Policy's period
 * (retention): the key of their IP addresses and browsers is destroyed; the attempts stay as facts.
 */
export const FailedLoginsExpired = struct(
  { emailHash: sha256Hex, lastFailedAt: isoDateTime, expiredAt: isoDateTime },
  'FailedLoginsExpired',
);

/** user-{userId}: the learner downloaded their data (GET /api/account/data). */
export const PersonalDataExported = struct(
  { userId: entityId, exportedAt: isoDateTime },
  'PersonalDataExported',
);

// ---- request bodies and responses ----

/**
 * POST /api/account/erasure: the learner confirms with their password. It erases the signed-in learner and
 * nobody else, so a body that names anyone (any other key) is refused.
 */
export const AccountErasureBody = closed(
  { password: stringLength(1, limits.password.max) },
  'only your own account can be deleted, and only by signing in to it',
  'AccountErasureBody',
);
export type AccountErasureBody = t.TypeOf<typeof AccountErasureBody>;

export const AccountErased = struct({ erasedAt: isoDateTime }, 'AccountErased');
export type AccountErased = t.TypeOf<typeof AccountErased>;

// ---- routes ----

export const privacyRoutes = {
  /**
   * Erases the signed-in learner's account (password re-entered: 400 when wrong, nothing recorded). Every
   * token of theirs is void once it answers.
   */
  eraseAccount: {
    method: 'POST',
    path: '/api/account/erasure',
    access: 'authenticated',
    body: AccountErasureBody,
    response: AccountErased,
  },
} as const satisfies Record<string, RouteDefinition>;
