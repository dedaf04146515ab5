import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { closings, expectFocusBackAfterClosing } from '../../test/dialog-focus';
import { brokenReply, json, scriptFetch } from '../../test/fetch';
import { learner, renderWithProviders, sessionOf } from '../../test/render';
import { storageKeys } from '../app/storage';
import { useSession } from '../session/use-session';
import { AuthDialogsProvider, useAuthDialogs } from './auth-dialogs';

function Openers() {
  const dialogs = useAuthDialogs();
  return (
    <>
      <button type="button" onClick={dialogs.openLogin}>
        Open login
      </button>
      <button type="button" onClick={dialogs.openRegister}>
        Open register
      </button>
    </>
  );
}

function setup({ reload = jest.fn(), onRegistered = jest.fn() } = {}) {
  const view = renderWithProviders(
    <AuthDialogsProvider reload={reload} onRegistered={onRegistered}>
      <Openers />
    </AuthDialogsProvider>,
    { session: sessionOf(null) },
  );
  return { ...view, reload, onRegistered };
}

const newUser = { ...learner, isCompliant: false };

/** Like every signed-out opener of the app (Login, Start Learning Free): gone once signed in. */
function SignedOutOpener() {
  const dialogs = useAuthDialogs();
  const { isAuthenticated } = useSession();
  return isAuthenticated ? null : (
    <button type="button" onClick={dialogs.openRegister}>
      Join
    </button>
  );
}

/** The opener that signing in removes, beside the page's main region. */
function setupSignedOutOpener() {
  renderWithProviders(
    <AuthDialogsProvider reload={jest.fn()} onRegistered={jest.fn()}>
      <SignedOutOpener />
      <main id="main" tabIndex={-1} />
    </AuthDialogsProvider>,
    { session: sessionOf(null) },
  );
}

describe('the login dialog', () => {
  it("is titled 'Welcome Back', focuses the e-mail field and returns focus when closed", async () => {
    setup();
    const opener = screen.getByRole('button', { name: 'Open login' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back' });
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
    expect(dialog).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('requires e-mail and password before asking the server', async () => {
    const calls = scriptFetch(() => json({}));
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Open login' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email and password are required');
    expect(calls).toHaveLength(0);
  });

  it("shows the server's error for a wrong password", async () => {
    scriptFetch(() => json({ error: 'Invalid email or password' }, 401));
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Open login' }));
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it("falls back to 'Invalid credentials' when the failure says nothing more than its status", async () => {
    scriptFetch(() => ({ status: 401 }));
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Open login' }));
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid credentials$/);
  });

  it('on success stores the token, closes, and reloads after 500 ms', async () => {
    const calls = scriptFetch(() => json({ token: 'fresh-token', user: learner }));
    const { reload, store } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Open login' }));
    await userEvent.type(await screen.findByLabelText(/^Email/), ' ada@example.com ');
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse');
    jest.useFakeTimers({ advanceTimers: true });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls[0]?.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
      expect(localStorage.getItem(storageKeys.token)).toBe('fresh-token');
      expect(store.getState().session.user).toEqual(learner);
      expect(reload).not.toHaveBeenCalled();
      act(() => {
        jest.advanceTimersByTime(500);
      });
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it("switches to 'Join Tickwise' and back", async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Open login' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('dialog', { name: 'Join Tickwise' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
  });
});

describe('the registration dialog', () => {
  async function fill(fields: Record<string, string>) {
    for (const [label, value] of Object.entries(fields)) {
      await userEvent.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
    }
  }

  it("refuses different passwords with 'Passwords do not match' and sends nothing", async () => {
    const calls = scriptFetch(() => json({}));
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Open register' }));
    await screen.findByRole('dialog', { name: 'Join Tickwise' });
    await fill({ Email: 'ada@example.com', Password: 'password-one', 'Confirm password': 'password-two' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(calls).toHaveLength(0);
  });

  /** The input labelled `label`, and the text that describes it (its error, its hint). */
  const field = (label: string) => {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    return { input, described };
  };

  it('says on the field what is wrong with a malformed e-mail and a short password, and sends nothing', async () => {
    const calls = scriptFetch(() => json({}));
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Open register' }));
    await screen.findByRole('dialog', { name: 'Join Tickwise' });
    await fill({ Email: 'ada@example', Password: 'short', 'Confirm password': 'short' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(field('Email').input).toHaveAttribute('aria-invalid', 'true'));
    expect(field('Email').described).toContain('Enter an e-mail address like name@example.com.');
    expect(field('Password').input).toHaveAttribute('aria-invalid', 'true');
    expect(field('Password').described).toContain('Use at least 8 characters for your password.');
    expect(field('Confirm password').input).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(field('Email').input).toHaveFocus());
    expect(calls).toHaveLength(0);
    // Fixing a field clears its message at once.
    await userEvent.type(field('Email').input, '.com');
    expect(field('Email').input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter an e-mail address like name@example.com.')).not.toBeInTheDocument();
  });

  it("turns the server's validation message into the same words, on the field", async () => {
    scriptFetch(() => json({ error: 'email: must be an e-mail address' }, 400));
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Open register' }));
    await screen.findByRole('dialog', { name: 'Join Tickwise' });
    await fill({ Email: 'ada@example.com', Password: 'correct horse', 'Confirm password': 'correct horse' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter an e-mail address like name@example.com.',
    );
    expect(screen.queryByText(/must be an e-mail address/)).not.toBeInTheDocument();
    expect(field('Email').input).toHaveAttribute('aria-invalid', 'true');
    expect(field('Email').described).toContain('Enter an e-mail address like name@example.com.');
  });

  it('sends only firstName, lastName, email and password; then signs in, refetches the user and hands off after 800 ms', async () => {
    const calls = scriptFetch((call) =>
      call.url === '/api/auth/register'
        ? json({ token: 'new-token', user: newUser }, 201, { 'X-Position': '17' })
        : json(newUser),
    );
    const { onRegistered, store } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Open register' }));
    await screen.findByRole('dialog', { name: 'Join Tickwise' });
    await fill({
      'First name': 'Ada',
      'Last name': 'Lovelace',
      Email: 'ada@example.com',
      Password: 'correct horse',
      'Confirm password': 'correct horse',
    });
    jest.useFakeTimers({ advanceTimers: true });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls[0]?.body).toEqual({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'correct horse',
      });
      expect(localStorage.getItem(storageKeys.token)).toBe('new-token');
      expect(store.getState().session.user).toEqual(newUser);
      expect(onRegistered).not.toHaveBeenCalled();
      act(() => {
        jest.advanceTimersByTime(800);
      });
      expect(onRegistered).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it("refuses a response without token and user: 'Invalid response format from server'", async () => {
    scriptFetch(() => brokenReply({ user: newUser }, 201));
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Open register' }));
    await screen.findByRole('dialog', { name: 'Join Tickwise' });
    await fill({ Email: 'ada@example.com', Password: 'correct horse', 'Confirm password': 'correct horse' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid response format from server');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it("shows the server's error, e.g. an e-mail already registered", async () => {
    scriptFetch(() => json({ error: 'An account with this e-mail already exists' }, 409));
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Open register' }));
    await screen.findByRole('dialog', { name: 'Join Tickwise' });
    await fill({ Email: 'ada@example.com', Password: 'correct horse', 'Confirm password': 'correct horse' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists');
  });
});

describe('focus after closing', () => {
  const dialogs = [
    ['login', 'Open login', 'Welcome Back'],
    ['registration', 'Open register', 'Join Tickwise'],
  ] as const;

  describe.each(dialogs)('the %s dialog', (_, openerName, title) => {
    it.each(closings)('returns to its opener when closed by %s (%s)', async (way, frames) => {
      setup();
      const opener = screen.getByRole('button', { name: openerName });
      await expectFocusBackAfterClosing({ way, frames, opener, dialog: title });
    });
  });

  it('goes to the main region when the opener is still on the page but refuses focus (e.g. disabled while the next screen loads)', async () => {
    setupSignedOutOpener();
    const opener = screen.getByRole('button', { name: 'Join' });
    const user = userEvent.setup();
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Join Tickwise' });
    opener.setAttribute('disabled', '');
    act(() => within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)?.focus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('goes to the main region when signing in removed the opener (before the reload)', async () => {
    scriptFetch(() => json({ token: 'fresh-token', user: learner }));
    setupSignedOutOpener();
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('goes to the main region when registering removed the opener (the holding screen)', async () => {
    scriptFetch((call) =>
      call.url === '/api/auth/register' ? json({ token: 'new-token', user: newUser }, 201) : json(newUser),
    );
    setupSignedOutOpener();
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    await screen.findByRole('dialog', { name: 'Join Tickwise' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
