/**
 * Build-time prerendering of the landing page (see vite.config.ts): the HTML a signed-out visitor's first
 * screen is made of, with its styles, so the page paints before the JavaScript has loaded, and the cookie
 * banner, hidden, for the page to show before the app has loaded (landing/island.ts). The app's first
 * render replaces both (main.tsx, boot.tsx). Runs in Node: nothing here may touch browser APIs while
 * rendering.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from './App';
import { AppShell } from './app/AppShell';
import { createAppStore } from './app/store';
import { CookieBanner } from './features/cookies/CookieBanner';
import { initialSessionState } from './session/session-slice';

const nothing = () => undefined;

export function renderLanding(): string {
  const store = createAppStore({ session: initialSessionState(null) });
  return renderToString(
    <StrictMode>
      <Providers store={store}>
        <MemoryRouter initialEntries={['/']}>
          <AppShell />
          <div data-island="cookie-banner" hidden>
            <CookieBanner onAcceptAll={nothing} onRejectAll={nothing} onSettings={nothing} />
          </div>
        </MemoryRouter>
      </Providers>
    </StrictMode>,
  );
}
