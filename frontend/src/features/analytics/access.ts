import type { Role } from '@tickwise/contracts';

/** Analysts (role analyst, or admin) may open /analytics. */
export const canAnalyse = (user: { readonly roles: readonly Role[] } | null): boolean =>
  user !== null && (user.roles.includes('analyst') || user.roles.includes('admin'));
