/**
 * The pages of the SPA (its client-side routes). The server answers these paths with the app (200) and
 * any other path with the app's not-found page and 404; the router and the server both read this list,
 * so a page added to one is known to the other.
 */
export const pagePaths = {
  home: '/',
  dashboard: '/dashboard',
  course: '/course',
  compliance: '/compliance',
  psychologyAssessment: '/trading-psychology-assessment',
  audit: '/audit',
  analytics: '/analytics',
  account: '/account',
  calculator: '/tools/calculator',
  marginSimulator: '/practice/margin',
  review: '/review',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  cookiePolicy: '/cookie-policy',
  cftcCompliance: '/cftc-compliance',
} as const;

export type PagePath = (typeof pagePaths)[keyof typeof pagePaths];

/** The pages with a parameter in their path, as the router writes them. */
export const pagePatterns = {
  /** A certificate's public verify page (no sign-in). */
  verify: '/verify/:id',
} as const;

/** A verify page's path (the QR code on a certificate leads here). */
export const verifyPath = (certificateId: string): string => `/verify/${encodeURIComponent(certificateId)}`;

const known: ReadonlySet<string> = new Set(Object.values(pagePaths));
/** Each pattern as a regular expression: a parameter is one path segment. */
const patterns = Object.values(pagePatterns).map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}$`),
);

/** True when `path` is a page of the app; a trailing slash is the same page ('/course/' is '/course'). */
export const isPagePath = (path: string): boolean => {
  const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return known.has(page) || patterns.some((pattern) => pattern.test(page));
};
