/** The four policy pages. */
export const policyLinks = [
  { slug: 'privacy-policy', path: '/privacy-policy', title: 'Privacy Policy' },
  { slug: 'terms-of-service', path: '/terms-of-service', title: 'Terms of Service' },
  { slug: 'cookie-policy', path: '/cookie-policy', title: 'Cookie Policy' },
  { slug: 'cftc-compliance', path: '/cftc-compliance', title: 'CFTC Compliance' },
] as const;

export type PolicySlug = (typeof policyLinks)[number]['slug'];

/** The external social link in the footer. */
export const socialLink = { href: 'https://github.com/tickwise', label: 'Tickwise on GitHub' } as const;
