import type { Role } from '@tickwise/contracts';

/** Compliance auditors (role auditor, or admin) may open /audit. */
export const canAudit = (user: { readonly roles: readonly Role[] } | null): boolean =>
  user !== null && (user.roles.includes('auditor') || user.roles.includes('admin'));
