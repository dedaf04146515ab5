/** Rendering with the app's providers, and a scripted fetch, for component tests. */
import { render } from '@testing-library/react';
import type { User } from '@tickwise/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from '../src/App';
import { createAppStore } from '../src/app/store';
import { initialSessionState, type SessionState } from '../src/session/session-slice';

export const learner: User = {
  id: 'u-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isCompliant: true,
  roles: ['learner'],
  createdAt: '2025-01-17T09:30:00.000Z',
};

/** A session that has finished loading: signed out, or signed in as `user`. */
export function sessionOf(user: User | null): SessionState {
  return user === null
    ? { ...initialSessionState(null), bootstrap: 'done' }
    : { token: 'token-123', user, loading: false, bootstrap: 'done' };
}

export function renderWithProviders(
  ui: ReactElement,
  { path = '/', session }: { path?: string; session?: SessionState } = {},
) {
  const store = createAppStore(session === undefined ? undefined : { session });
  const view = render(
    <Providers store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
  return { store, ...view };
}

export { json, scriptFetch } from './fetch';
