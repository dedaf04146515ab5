import { json, scriptFetch } from '../../test/fetch';
import { learner } from '../../test/render';
import { storageKeys } from '../app/storage';
import { createAppStore } from '../app/store';
import { errorText } from './errors';
import { bootstrapSession, signIn, signOut } from './session-slice';

describe('the session', () => {
  it('is signed out and not loading without a stored token, and asks nothing', async () => {
    const calls = scriptFetch(() => json(learner));
    const store = createAppStore();
    expect(store.getState().session.loading).toBe(false);
    await store.dispatch(bootstrapSession());
    expect(calls).toHaveLength(0);
    expect(store.getState().session).toMatchObject({ token: null, user: null, loading: false });
  });

  it('asks the server who the user is when a token is stored, loading until then', async () => {
    localStorage.setItem(storageKeys.token, 'stored-token');
    const calls = scriptFetch(() => json(learner));
    const store = createAppStore();
    expect(store.getState().session.loading).toBe(true);
    await store.dispatch(bootstrapSession());
    expect(calls[0]?.url).toBe('/api/auth/me');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(store.getState().session).toMatchObject({ token: 'stored-token', user: learner, loading: false });
  });

  it.each([
    ['a refused token', () => json({ error: 'Invalid or expired token' }, 401)],
    ['a server error', () => json({ error: 'boom' }, 500)],
    ['a network error', () => new TypeError('Failed to fetch')],
  ])('deletes the token and is signed out, silently, after %s', async (_, reply) => {
    localStorage.setItem(storageKeys.token, 'stale');
    scriptFetch(reply);
    const store = createAppStore();
    await store.dispatch(bootstrapSession());
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(store.getState().session).toMatchObject({ token: null, user: null, loading: false });
  });

  it('runs the start-up check once', async () => {
    localStorage.setItem(storageKeys.token, 'stored-token');
    const calls = scriptFetch(() => json(learner));
    const store = createAppStore();
    await Promise.all([store.dispatch(bootstrapSession()), store.dispatch(bootstrapSession())]);
    expect(calls).toHaveLength(1);
  });

  it('stores the token under "token" on sign-in and clears everything on sign-out', async () => {
    const calls = scriptFetch(() => json({ ok: true }));
    const store = createAppStore();
    await store.dispatch(signIn({ token: 'new-token', user: learner }));
    expect(localStorage.getItem(storageKeys.token)).toBe('new-token');
    expect(store.getState().session.user).toEqual(learner);
    await store.dispatch(signOut());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/logout']);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer new-token');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(store.getState().session).toMatchObject({ token: null, user: null });
  });

  it('signs out locally even when the server cannot be reached', async () => {
    scriptFetch(() => new TypeError('Failed to fetch'));
    const store = createAppStore();
    await store.dispatch(signIn({ token: 'new-token', user: learner }));
    await store.dispatch(signOut());
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(store.getState().session.user).toBeNull();
  });
});

describe('error text for people', () => {
  it("shows the server's own message from a JSON error body", () => {
    expect(errorText({ status: 401, message: '401: {"error":"Invalid email or password"}' }, 'x')).toBe(
      'Invalid email or password',
    );
  });
  it('shows other messages as they are, and the fallback when there is none', () => {
    expect(errorText({ status: 502, message: '502: Bad Gateway' }, 'x')).toBe('502: Bad Gateway');
    expect(errorText(new Error('Invalid response format from server'), 'x')).toBe(
      'Invalid response format from server',
    );
    expect(errorText({}, 'Invalid credentials')).toBe('Invalid credentials');
    expect(errorText({ status: 401, message: '401: ' }, 'Invalid credentials')).toBe('Invalid credentials');
    expect(errorText(new Error(''), 'Registration failed')).toBe('Registration failed');
  });
});
