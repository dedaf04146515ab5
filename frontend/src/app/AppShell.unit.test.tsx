import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@tickwise/contracts';
import { Route, Routes } from 'react-router-dom';
import { json, scriptFetch } from '../../test/fetch';
import { learner, renderWithProviders, sessionOf } from '../../test/render';
import { LandingPage } from '../pages/LandingPage';
import { AppShell } from './AppShell';
import { storageKeys } from './storage';

// The signed-in screens belong to their features and have their own tests; here they stand in as headings
// so that these tests check route access only.
jest.mock('../features/dashboard/DashboardPage', () => ({
  DashboardPage: () =>
    jest.requireActual<typeof import('react')>('react').createElement('h1', null, 'Trading Dashboard'),
}));
jest.mock('../features/course/CoursePage', () => ({
  CoursePage: () => jest.requireActual<typeof import('react')>('react').createElement('h1', null, 'Course'),
}));
jest.mock('../features/compliance/CompliancePage', () => ({
  CompliancePage: () =>
    jest.requireActual<typeof import('react')>('react').createElement('h1', null, 'Compliance Center'),
}));
jest.mock('../features/psychology/PsychologyAssessmentPage', () => ({
  PsychologyAssessmentPage: () =>
    jest
      .requireActual<typeof import('react')>('react')
      .createElement('h1', null, 'Trading Psychology Assessment'),
}));

/** Renders the whole app at `path`, signed in as `user` (through the real start-up check) or signed out. */
function renderApp(path: string, user: User | null) {
  if (user !== null) localStorage.setItem(storageKeys.token, 'token-123');
  // A choice is stored so the banner does not cover the page in these tests.
  localStorage.setItem(storageKeys.cookieConsent, 'rejected');
  const calls = scriptFetch((call) =>
    call.url === '/api/auth/me'
      ? json(user ?? { error: 'Invalid or expired token' }, user ? 200 : 401)
      : json({}),
  );
  return { calls, ...renderWithProviders(<AppShell reload={jest.fn()} />, { path }) };
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('route access', () => {
  describe('signed out', () => {
    it('/ is the landing page', async () => {
      renderApp('/', null);
      expect(await heading(/Learn futures trading/)).toBeInTheDocument();
    });

    it.each([
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-of-service', 'Terms of Service'],
      ['/cookie-policy', 'Cookie Policy'],
      ['/cftc-compliance', 'CFTC Compliance'],
    ])('%s is the %s page', async (path, title) => {
      renderApp(path, null);
      expect(await heading(title)).toBeInTheDocument();
      expect(screen.getAllByText('January 17, 2025')).toHaveLength(2);
    });

    it.each(['/course', '/dashboard', '/compliance', '/trading-psychology-assessment', '/no/such/page'])(
      "%s is '404 Page Not Found' with a way home",
      async (path) => {
        renderApp(path, null);
        expect(await heading('404 Page Not Found')).toBeInTheDocument();
        expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
      },
    );
  });

  describe('signed in and compliant', () => {
    it.each([
      ['/', 'Trading Dashboard'],
      ['/dashboard', 'Trading Dashboard'],
      ['/course', 'Course'],
      ['/compliance', 'Compliance Center'],
      ['/trading-psychology-assessment', 'Trading Psychology Assessment'],
      ['/privacy-policy', 'Privacy Policy'],
    ])('%s shows %s, never a blank page', async (path, title) => {
      renderApp(path, learner);
      expect(await heading(title)).toBeInTheDocument();
    });

    it('anything else is not found', async () => {
      renderApp('/admin', learner);
      expect(await heading('404 Page Not Found')).toBeInTheDocument();
    });
  });

  describe('signed in and not compliant', () => {
    const pending = { ...learner, isCompliant: false };

    it("/ is the 'Compliance Required' holding screen", async () => {
      renderApp('/', pending);
      expect(await heading('Compliance Required')).toBeInTheDocument();
      expect(screen.getByTestId('welcome')).toHaveTextContent('Welcome, Ada');
    });

    it.each(['/course', '/dashboard', '/compliance', '/trading-psychology-assessment'])(
      '%s is not registered',
      async (path) => {
        renderApp(path, pending);
        expect(await heading('404 Page Not Found')).toBeInTheDocument();
      },
    );

    it('can still read the policies', async () => {
      renderApp('/cftc-compliance', pending);
      expect(await heading('CFTC Compliance')).toBeInTheDocument();
    });
  });

  it('shows the spinner while the stored token is checked, then the page', async () => {
    localStorage.setItem(storageKeys.token, 'token-123');
    let answer: (value: ReturnType<typeof json>) => void = () => undefined;
    scriptFetch(() => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<AppShell />, { path: '/' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your session…');
    answer(json(learner));
    expect(await heading('Trading Dashboard')).toBeInTheDocument();
  });

  it('a refused stored token leaves the visitor signed out on the landing page, silently', async () => {
    localStorage.setItem(storageKeys.token, 'expired');
    scriptFetch(() => json({ error: 'Invalid or expired token' }, 401));
    renderWithProviders(<AppShell />, { path: '/' });
    expect(await heading(/Learn futures trading/)).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the landing page', () => {
  it('has the hero, three stat cards, six feature cards, three tiers with module titles, and the footer', async () => {
    renderApp('/', null);
    await heading(/Learn futures trading/);
    const stats = screen.getAllByTestId('stat-card').map((card) => card.textContent);
    expect(stats).toEqual(['Modules12', 'Lessons48', 'Quizzes12']);
    expect(screen.getAllByTestId('feature-card')).toHaveLength(6);
    const tiers = screen.getAllByTestId('tier');
    expect(tiers.map((t) => within(t).getByRole('heading').textContent)).toEqual([
      'Beginner',
      'Intermediate',
      'Advanced',
    ]);
    expect(tiers[0]).toHaveTextContent('Modules 1–4');
    expect(tiers[0]).toHaveTextContent('What Futures Are');
    expect(tiers[2]).toHaveTextContent('Trade Plan and Review');
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/privacy-policy', '/terms-of-service', '/cookie-policy', '/cftc-compliance']);
    const social = screen.getByRole('link', { name: /Tickwise on GitHub/ });
    expect(social).toHaveAttribute('rel', 'noopener noreferrer');
    expect(social).toHaveAttribute('target', '_blank');
  });

  it('states the marketing lines honestly: no credit card, full access, CFTC wording without approval claims', async () => {
    renderApp('/', null);
    await heading(/Learn futures trading/);
    const lines = within(screen.getByRole('list', { name: 'What you get' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'No credit card required',
      'Full course access',
      'Written to follow CFTC and NFA guidance',
    ]);
    const main = screen.getByRole('main');
    expect(main.textContent).not.toMatch(/\b(approved|certified|endorsed)\b/i);
  });

  it("'Start Learning Free' opens the login dialog when signed out", async () => {
    renderApp('/', null);
    await userEvent.click(await screen.findByRole('button', { name: 'Start Learning Free' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it("'Start Learning Free' goes to /course when signed in", async () => {
    const onLogin = jest.fn();
    renderWithProviders(
      <Routes>
        <Route path="/" element={<LandingPage onLogin={onLogin} onRegister={jest.fn()} />} />
        <Route path="/course" element={<h1>Course screen</h1>} />
      </Routes>,
      { path: '/', session: sessionOf(learner) },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start Learning Free' }));
    expect(await heading('Course screen')).toBeInTheDocument();
    expect(onLogin).not.toHaveBeenCalled();
  });
});
