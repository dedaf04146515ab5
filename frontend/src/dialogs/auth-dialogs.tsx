/**
 * Opens the login and registration dialogs from anywhere. The dialogs' code is loaded on first use (or
 * earlier, when a login button is pointed at); focus returns to whatever opened them.
 */
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { AuthView } from './auth-view';

export type { AuthView } from './auth-view';

export interface AuthDialogs {
  openLogin(): void;
  openRegister(): void;
  /** Starts loading the dialogs' code. */
  preload(): void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

const loadDialogs = () => import('./AuthDialogs');
const LazyAuthDialogs = lazy(() => loadDialogs().then((m) => ({ default: m.AuthDialogs })));

export interface AuthDialogsProviderProps {
  readonly children: ReactNode;
  /** After login: reload the page (spec: 500 ms after success). */
  readonly reload?: () => void;
  /** After registration (800 ms): the compliance feature's hand-off. */
  readonly onRegistered?: () => void;
}

export function AuthDialogsProvider({ children, reload, onRegistered }: AuthDialogsProviderProps) {
  const [view, setView] = useState<AuthView | null>(null);
  const [loaded, setLoaded] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);

  const open = useCallback((next: AuthView) => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body) returnFocus.current = active;
    setLoaded(true);
    setView(next);
  }, []);

  const value = useMemo<AuthDialogs>(
    () => ({
      openLogin: () => open('login'),
      openRegister: () => open('register'),
      preload: () => void loadDialogs(),
    }),
    [open],
  );

  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {loaded ? (
        <Suspense fallback={null}>
          <LazyAuthDialogs
            view={view}
            onViewChange={setView}
            finalFocus={() => returnFocus.current}
            {...(reload === undefined ? {} : { reload })}
            {...(onRegistered === undefined ? {} : { onRegistered })}
          />
        </Suspense>
      ) : null}
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogs {
  const dialogs = useContext(AuthDialogsContext);
  if (dialogs === null) throw new Error('useAuthDialogs needs an AuthDialogsProvider');
  return dialogs;
}
