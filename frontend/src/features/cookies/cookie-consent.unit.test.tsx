import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { closings, expectFocusBackAfterClosing } from '../../../test/dialog-focus';
import { renderWithProviders } from '../../../test/render';
import { storageKeys } from '../../app/storage';
import { CONSENT_EVENT, type ConsentState } from './consent';
import { CookieConsentProvider, useCookieConsent } from './cookie-consent';

function FooterButton() {
  const { openSettings } = useCookieConsent();
  return (
    <button type="button" onClick={openSettings}>
      Open cookie settings
    </button>
  );
}

const renderBanner = () =>
  renderWithProviders(
    <CookieConsentProvider>
      <main id="main">
        <FooterButton />
      </main>
    </CookieConsentProvider>,
  );

async function showBanner() {
  jest.useFakeTimers({ advanceTimers: true });
  renderBanner();
  act(() => {
    jest.advanceTimersByTime(1000);
  });
  jest.useRealTimers();
  return screen.getByRole('region', { name: 'Cookie consent' });
}

const stored = () => ({
  status: localStorage.getItem(storageKeys.cookieConsent),
  preferences: JSON.parse(localStorage.getItem(storageKeys.cookiePreferences) ?? 'null'),
});

describe('the cookie banner', () => {
  afterEach(() => jest.useRealTimers());

  it('appears 1 s after load when no consent is stored', () => {
    jest.useFakeTimers({ advanceTimers: true });
    renderBanner();
    act(() => {
      jest.advanceTimersByTime(999);
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
  });

  it('does not appear when a choice is stored, and exposes that choice', () => {
    localStorage.setItem(storageKeys.cookieConsent, 'rejected');
    jest.useFakeTimers({ advanceTimers: true });
    renderBanner();
    act(() => {
      jest.advanceTimersByTime(5000);
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(window.tickwiseConsent?.status).toBe('rejected');
  });

  it('Accept All turns every category on and grants analytics and ad storage', async () => {
    const events: ConsentState[] = [];
    const listener = (e: Event) => events.push((e as CustomEvent<ConsentState>).detail);
    window.addEventListener(CONSENT_EVENT, listener);
    const banner = await showBanner();
    await userEvent.click(within(banner).getByRole('button', { name: 'Accept All' }));
    window.removeEventListener(CONSENT_EVENT, listener);
    expect(stored()).toEqual({
      status: 'accepted',
      preferences: { necessary: true, functional: true, analytics: true, marketing: true },
    });
    expect(events).toEqual([expect.objectContaining({ analyticsStorage: 'granted', adStorage: 'granted' })]);
    expect(window.tickwiseConsent?.status).toBe('accepted');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('Reject All keeps only the necessary category', async () => {
    const banner = await showBanner();
    await userEvent.click(within(banner).getByRole('button', { name: 'Reject All' }));
    expect(stored()).toEqual({
      status: 'rejected',
      preferences: { necessary: true, functional: false, analytics: false, marketing: false },
    });
    expect(window.tickwiseConsent).toMatchObject({ analyticsStorage: 'denied', adStorage: 'denied' });
  });

  it("settings: tabs Preferences and Details; necessary cannot be switched off; Save Preferences stores 'customized'", async () => {
    const banner = await showBanner();
    await userEvent.click(within(banner).getByRole('button', { name: 'Cookie Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Settings' });
    expect(within(dialog).getByRole('tab', { name: 'Preferences' })).toHaveAttribute('aria-selected', 'true');
    const necessary = within(dialog).getByRole('checkbox', { name: 'Necessary' });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Analytics' }));
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Details' }));
    expect(within(dialog).getByText('90 days to 2 years')).toBeVisible();
    expect(within(dialog).getByText('Up to 1 year')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toEqual({
      status: 'customized',
      preferences: { necessary: true, functional: false, analytics: true, marketing: false },
    });
    expect(window.tickwiseConsent).toMatchObject({ analyticsStorage: 'granted', adStorage: 'denied' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('the settings can be opened again later and show the stored choice', async () => {
    localStorage.setItem(storageKeys.cookieConsent, 'customized');
    localStorage.setItem(
      storageKeys.cookiePreferences,
      JSON.stringify({ necessary: true, functional: true, analytics: false, marketing: false }),
    );
    renderBanner();
    const opener = screen.getByRole('button', { name: 'Open cookie settings' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Settings' });
    expect(within(dialog).getByRole('checkbox', { name: 'Functional' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('focus after closing the settings', () => {
  it.each(closings)('returns to the opener when closed by %s (%s)', async (way, frames) => {
    renderBanner();
    const opener = screen.getByRole('button', { name: 'Open cookie settings' });
    await expectFocusBackAfterClosing({ way, frames, opener, dialog: 'Cookie Settings' });
  });
});
