/** The cookie categories as the settings dialog and the Cookie Policy describe them. */
export interface CookieCategory {
  readonly key: 'necessary' | 'functional' | 'analytics' | 'marketing';
  readonly name: string;
  readonly description: string;
  readonly duration: string;
}

export const cookieCategories: readonly CookieCategory[] = [
  {
    key: 'necessary',
    name: 'Necessary',
    description:
      'Keep you signed in, protect forms and requests, and remember this choice. Always on: the service cannot work without them.',
    duration: 'Session, or up to 30 days',
  },
  {
    key: 'functional',
    name: 'Functional',
    description: 'Remember conveniences such as display and interface preferences.',
    duration: 'Up to 1 year',
  },
  {
    key: 'analytics',
    name: 'Analytics',
    description:
      'Would help us understand, in combined form, how the course is used. Tickwise uses no analytics tool at present.',
    duration: 'Up to 2 years',
  },
  {
    key: 'marketing',
    name: 'Marketing',
    description:
      'Would measure or personalise advertising. Tickwise shows no advertising and uses no marketing cookies.',
    duration: '90 days to 2 years',
  },
];
