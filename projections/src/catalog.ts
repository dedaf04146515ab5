import { analyticsProjection } from './read-models/analytics';
import { catalogProjection } from './read-models/catalog';
import { certificatesProjection } from './read-models/certificates';
import { complianceProjection } from './read-models/compliance';
import { dashboardProjection } from './read-models/dashboard';
import { learningProjection } from './read-models/learning';
import { practiceProjection } from './read-models/practice';
import { psychologyProjection } from './read-models/psychology';
import { reviewProjection } from './read-models/review';
import { usersProjection } from './read-models/users';
import type { Projection } from './runtime/projection';

/** Every read model the product serves. The runner, the rebuild CLI and the bench all use this list. */
export const allProjections: readonly Projection[] = [
  usersProjection,
  learningProjection,
  complianceProjection,
  catalogProjection,
  psychologyProjection,
  dashboardProjection,
  analyticsProjection,
  reviewProjection,
  practiceProjection,
  certificatesProjection,
];

export function findProjections(selector: string): Projection[] {
  if (selector === 'all') return [...allProjections];
  const found = allProjections.filter((p) => p.name === selector);
  if (found.length === 0) {
    const names = allProjections.map((p) => p.name).join(', ') || '(none)';
    throw new Error(`Unknown projection "${selector}". Known: ${names}, or "all".`);
  }
  return found;
}
