/** The session as components see it, and the actions that change it. */
import type { AuthResponse, BodyOf, User } from '@tickwise/contracts';
import { useCallback, useMemo } from 'react';
import { api } from '../api/api';
import { isBrokenAnswer } from '../api/base-query';
import { useAppDispatch, useAppSelector } from '../app/store';
import { signIn, signOut } from './session-slice';

export interface Session {
  readonly token: string | null;
  readonly user: User | null;
  readonly isLoading: boolean;
  /** Only when both a token and a user are held. */
  readonly isAuthenticated: boolean;
}

export function useSession(): Session {
  const { token, user, loading } = useAppSelector((state) => state.session);
  return useMemo(
    () => ({ token, user, isLoading: loading, isAuthenticated: token !== null && user !== null }),
    [token, user, loading],
  );
}

/** The registration form's fields; only firstName, lastName, email and password are sent. */
export interface RegistrationFields {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly password: string;
  readonly confirmPassword: string;
}

export const INVALID_RESPONSE = 'Invalid response format from server';

export interface AuthActions {
  /** Signs in; a failure is passed to the caller unchanged. */
  login(credentials: BodyOf<'login'>): Promise<AuthResponse>;
  /** Registers and signs in; refuses a response without both token and user. */
  register(fields: RegistrationFields): Promise<AuthResponse>;
  /** Signs out on the server and here. */
  logout(): Promise<void>;
}

export function useAuthActions(): AuthActions {
  const dispatch = useAppDispatch();
  const login = useCallback(
    async (credentials: BodyOf<'login'>) => {
      const auth = await dispatch(api.endpoints.login.initiate(credentials)).unwrap();
      await dispatch(signIn(auth));
      return auth;
    },
    [dispatch],
  );
  const register = useCallback(
    async ({ firstName, lastName, email, password }: RegistrationFields) => {
      const response = await dispatch(
        api.endpoints.register.initiate({ firstName, lastName, email, password }),
      )
        .unwrap()
        .catch((error: unknown) => {
          // An answer without both token and user breaks the route's codec: INVALID_RESPONSE says so.
          throw isBrokenAnswer(error) ? new Error(INVALID_RESPONSE) : error;
        });
      await dispatch(signIn(response));
      dispatch(api.util.invalidateTags(['CurrentUser']));
      return response;
    },
    [dispatch],
  );
  const logout = useCallback(async () => {
    await dispatch(signOut());
  }, [dispatch]);
  return useMemo(() => ({ login, register, logout }), [login, register, logout]);
}
