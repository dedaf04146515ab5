import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from '@tickwise/contracts';
import { json, scriptFetch } from '../../../test/fetch';
import { learner, renderWithProviders } from '../../../test/render';
import { AppShell } from '../../app/AppShell';
import { storageKeys } from '../../app/storage';
import { ERASURE_TEXT } from './AccountPage';

jest.setTimeout(20_000);

function renderAccount(user: User, erasure: { status: number; body: unknown }) {
  localStorage.setItem(storageKeys.token, 'token-123');
  localStorage.setItem(storageKeys.cookieConsent, 'rejected');
  const calls = scriptFetch((call) => {
    if (call.url === '/api/auth/me') return json(user);
    if (call.url === '/api/account/erasure') return json(erasure.body, erasure.status);
    return json([]);
  });
  renderWithProviders(<AppShell reload={jest.fn()} />, { path: '/account' });
  return calls;
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Your account' }, { timeout: 8000 });

describe('the account page', () => {
  it('is reached from the welcome line, also before the compliance gate, and sums up the data', async () => {
    renderAccount({ ...learner, isCompliant: false }, { status: 200, body: {} });
    await heading();
    expect(screen.getByTestId('welcome').querySelector('a[href="/account"]')).not.toBeNull();
    expect(screen.getByText(new RegExp(learner.email))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
  });

  it('the delete dialog says what is erased and kept, asks for the password, and shows a refusal', async () => {
    const calls = renderAccount(learner, { status: 400, body: { error: 'The password is not correct' } });
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(ERASURE_TEXT.kept);
    expect(dialog).toHaveTextContent('Art. 17(3)(b)');
    const confirm = screen.getByRole('button', { name: 'Delete my account for good' });
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'wrong-one' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('The password is not correct')).toBeInTheDocument();
    const erasure = calls.find((c) => c.url === '/api/account/erasure');
    expect(erasure?.method).toBe('POST');
    expect(erasure?.body).toEqual({ password: 'wrong-one' });
  });

  it('after a deletion the token is forgotten (the session ends)', async () => {
    renderAccount(learner, { status: 200, body: { erasedAt: '2026-11-26T10:00:00.000Z' } });
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    fireEvent.change(await screen.findByLabelText('Your password'), { target: { value: 'right-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(localStorage.getItem(storageKeys.token)).toBeNull());
  });
});
