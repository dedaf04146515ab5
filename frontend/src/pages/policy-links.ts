import { pagePaths } from '@tickwise/contracts/pages';

/** The four policy pages. */
export const policyLinks = [
  { slug: 'privacy-policy', path: pagePaths.privacyPolicy, title: 'Privacy Policy' },
  { slug: 'terms-of-service', path: pagePaths.termsOfService, title: 'Terms of Service' },
  { slug: 'cookie-policy', path: pagePaths.cookiePolicy, title: 'Cookie Policy' },
  { slug: 'cftc-compliance', path: pagePaths.cftcCompliance, title: 'CFTC Compliance' },
] as const;

export type PolicySlug = (typeof policyLinks)[number]['slug'];

/** The external social link in the footer. */
export const socialLink = { href: 'https://github.com/tickwise', label: 'Tickwise on GitHub' } as const;
