import { screen } from '@testing-library/react';
import type { Role, User } from '@tickwise/contracts';
import { json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders } from '../../../test/render';
import { AppShell } from '../../app/AppShell';
import { storageKeys } from '../../app/storage';

jest.setTimeout(20_000);

/** The whole app at `path`, signed in as `user` through the real start-up check; staff reads answer "nothing yet". */
function renderApp(path: string, user: User) {
  localStorage.setItem(storageKeys.token, 'token-123');
  localStorage.setItem(storageKeys.cookieConsent, 'rejected');
  scriptFetch((call) => {
    if (call.url === '/api/auth/me') return json(user);
    if (call.url === '/api/analytics/psychology')
      return json({ assessments: 0, categories: [], archetypes: [] });
    if (call.url === '/api/analytics/practice') return json({ scenarios: [], reviews: [] });
    if (call.url === '/api/analytics/compliance') {
      return json({ documents: [], riskAssessmentsExpiringWithin30Days: 0 });
    }
    return json([]);
  });
  return renderWithProviders(<AppShell reload={jest.fn()} />, { path });
}

const withRoles = (roles: Role[], isCompliant = true): User => ({ ...learner, roles, isCompliant });
// The screens are loaded on demand: the first load in a test run takes a while.
const h1 = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 8000 });

describe('the staff screens: /audit for auditors, /analytics for analysts, both for admins', () => {
  it.each([
    ['/audit', ['learner', 'auditor'], 'Compliance audit'],
    ['/audit', ['learner', 'admin'], 'Compliance audit'],
    ['/analytics', ['learner', 'analyst'], 'Learning analytics'],
    ['/analytics', ['learner', 'admin'], 'Learning analytics'],
  ] as const)('%s opens for %j', async (path, roles, title) => {
    renderApp(path, withRoles([...roles]));
    expect(await h1(title)).toBeInTheDocument();
  });

  it.each([
    ['/audit', ['learner']],
    ['/audit', ['learner', 'analyst']],
    ['/analytics', ['learner']],
    ['/analytics', ['learner', 'auditor']],
  ] as const)('%s is not found for %j', async (path, roles) => {
    renderApp(path, withRoles([...roles]));
    expect(await h1('404 Page Not Found')).toBeInTheDocument();
  });

  it('opens for staff who have not passed the compliance gate themselves', async () => {
    renderApp('/audit', withRoles(['learner', 'auditor'], false));
    expect(await h1('Compliance audit')).toBeInTheDocument();
  });

  it('the navigation links each role to its screen, and shows learners neither', async () => {
    const { unmount } = renderApp('/audit', withRoles(['learner', 'admin']));
    await h1('Compliance audit');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.querySelector('a[href="/audit"]')).toHaveTextContent('Audit');
    expect(nav.querySelector('a[href="/analytics"]')).toHaveTextContent('Analytics');
    unmount();
    renderApp('/', withRoles(['learner']));
    await screen.findByTestId('welcome');
    const learnerNav = screen.getByRole('navigation', { name: 'Main' });
    expect(learnerNav.querySelector('a[href="/audit"], a[href="/analytics"]')).toBeNull();
  });
});
