import { json, scriptFetch } from '../../test/fetch';
import { learner } from '../../test/render';
import { createAppStore } from '../app/store';
import { api, CURRENT_USER_KEY, FRESH_SECONDS, KEEP_UNUSED_SECONDS } from './api';

describe('the RTK Query API', () => {
  it('caches the current user under /api/auth/user', async () => {
    scriptFetch(() => json(learner));
    const store = createAppStore();
    const result = await store.dispatch(api.endpoints.currentUser.initiate());
    expect(result.data).toEqual(learner);
    expect(Object.keys(store.getState().api.queries)).toEqual([CURRENT_USER_KEY]);
  });

  it('answers null for the current user when the token is refused (401)', async () => {
    scriptFetch(() => json({ error: 'Invalid or expired token' }, 401));
    const store = createAppStore();
    const result = await store.dispatch(api.endpoints.currentUser.initiate());
    expect(result.data).toBeNull();
    expect(result.error).toBeUndefined();
  });

  it('calls the routes of the route table with their methods', async () => {
    const calls = scriptFetch((call) =>
      json(call.url === '/api/auth/logout' ? { ok: true } : { token: 't', user: learner }),
    );
    const store = createAppStore();
    await store.dispatch(api.endpoints.login.initiate({ email: 'a@b.co', password: 'pw' }));
    await store.dispatch(api.endpoints.logout.initiate());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/auth/login',
      'POST /api/auth/logout',
    ]);
  });

  it('refetches a subscribed current user when its tag is invalidated', async () => {
    const calls = scriptFetch(() => json(learner));
    const store = createAppStore();
    const subscription = store.dispatch(api.endpoints.currentUser.initiate());
    await subscription;
    store.dispatch(api.util.invalidateTags(['CurrentUser']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(2);
    subscription.unsubscribe();
  });

  it('keeps fresh results 5 minutes and unused ones 10 minutes, without retries or focus refetches', () => {
    expect(FRESH_SECONDS).toBe(300);
    expect(KEEP_UNUSED_SECONDS).toBe(600);
    const store = createAppStore();
    const config = store.getState().api.config;
    expect(config.keepUnusedDataFor).toBe(600);
    expect(config.refetchOnFocus).toBe(false);
    expect(config.refetchOnReconnect).toBe(false);
    expect(config.refetchOnMountOrArgChange).toBe(300);
  });

  it('does not retry a failed query', async () => {
    const calls = scriptFetch(() => json({ error: 'boom' }, 500));
    const store = createAppStore();
    const result = await store.dispatch(api.endpoints.currentUser.initiate());
    expect(result.error).toEqual({ status: 500, message: '500: {"error":"boom"}' });
    expect(calls).toHaveLength(1);
  });
});
