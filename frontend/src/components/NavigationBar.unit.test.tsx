import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { json, scriptFetch } from '../../test/fetch';
import { learner, renderWithProviders, sessionOf } from '../../test/render';
import { storageKeys } from '../app/storage';
import { loginRequiredAlerts, NavigationBar } from './NavigationBar';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const renderNav = (path: string, user: typeof learner | null, onLogin?: () => void) =>
  renderWithProviders(
    <>
      <NavigationBar {...(onLogin ? { onLogin } : {})} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { path, session: sessionOf(user) },
  );

describe('the navigation bar', () => {
  it('anonymous: brand link, Course, Dashboard and Login, each opening the login dialog', async () => {
    const onLogin = jest.fn();
    renderNav('/', null, onLogin);
    expect(screen.getByRole('link', { name: 'Tickwise home' })).toHaveAttribute('href', '/');
    for (const name of ['Course', 'Dashboard', 'Login']) {
      await userEvent.click(screen.getByRole('button', { name }));
    }
    expect(onLogin).toHaveBeenCalledTimes(3);
  });

  it('anonymous without a login handler: the buttons show an alert', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderNav('/', null);
    await userEvent.click(screen.getByRole('button', { name: 'Course' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dashboard' }));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(alert.mock.calls.map((c) => c[0])).toEqual([
      loginRequiredAlerts.course,
      loginRequiredAlerts.dashboard,
      loginRequiredAlerts.login,
    ]);
    expect(loginRequiredAlerts.course).toBe('Please log in to access courses');
    alert.mockRestore();
  });

  it('logged in on /: Course and Compliance, the welcome line with the first name, and Logout', () => {
    renderNav('/', learner);
    expect(screen.getByRole('link', { name: 'Course' })).toHaveAttribute('href', '/course');
    expect(screen.getByRole('link', { name: 'Compliance' })).toHaveAttribute('href', '/compliance');
    expect(screen.getByTestId('welcome')).toHaveTextContent('Welcome, Ada');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('logged in, the phone menu (shown below md) holds the same items and closes on Escape, focus back on Menu', async () => {
    renderNav('/', learner);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    const inPanel = within(panel as HTMLElement);
    expect(inPanel.getByRole('link', { name: 'Course' })).toHaveAttribute('href', '/course');
    expect(inPanel.getByTestId('welcome')).toHaveTextContent('Welcome, Ada');
    expect(inPanel.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    inPanel.getByRole('link', { name: 'Compliance' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it.each(['/course', '/compliance'])('logged in on %s: Back to Dashboard', (path) => {
    renderNav(path, learner);
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Compliance' })).not.toBeInTheDocument();
  });

  it('greets by e-mail when there is no first name', () => {
    renderNav('/', { ...learner, firstName: '' });
    expect(screen.getByTestId('welcome')).toHaveTextContent('Welcome, ada@example.com');
  });

  it('does not offer the course to a user who is not yet compliant', () => {
    renderNav('/', { ...learner, isCompliant: false });
    expect(screen.queryByRole('link', { name: 'Course' })).not.toBeInTheDocument();
    expect(screen.getByTestId('welcome')).toHaveTextContent('Welcome, Ada');
  });

  it('Logout tells the server, clears the session and goes to /', async () => {
    localStorage.setItem(storageKeys.token, 'token-123');
    const calls = scriptFetch(() => json({ ok: true }));
    const { store } = renderNav('/course', learner);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/logout']);
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(store.getState().session).toMatchObject({ token: null, user: null });
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});
