/**
 * Auth sync: while the dialog is open and no user has loaded, ask the server who the user
 * is again, up to 5 times, 500 ms × 1.5ⁿ apart (at most 3 s). A user that loads ends it; after 5 failed
 * tries the dialog shows 'Authentication required'.
 */
import { useEffect, useState } from 'react';
import { api } from '../../api/api';
import { useAppDispatch } from '../../app/store';
import { useSession } from '../../session/use-session';
import { AUTH_SYNC_MAX_TRIES, authSyncDelay } from './constants';

export type AuthSync = 'ready' | 'syncing' | 'failed';

export function useAuthSync(active: boolean): AuthSync {
  const dispatch = useAppDispatch();
  const { user, isAuthenticated } = useSession();
  const loaded = user !== null && isAuthenticated;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!active || loaded) return undefined;
    setFailed(false);
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (n: number) => {
      timer = setTimeout(async () => {
        await dispatch(
          api.endpoints.currentUser.initiate(undefined, { forceRefetch: true, subscribe: false }),
        );
        // A user that loads ends the retries: the session picks it up, `loaded` turns true and this effect
        // is cleaned up.
        if (cancelled) return;
        if (n + 1 < AUTH_SYNC_MAX_TRIES) attempt(n + 1);
        else setFailed(true);
      }, authSyncDelay(n));
    };
    attempt(0);
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [active, loaded, dispatch]);

  if (!active || loaded) return 'ready';
  return failed ? 'failed' : 'syncing';
}
