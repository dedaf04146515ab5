/**
 * The session: the token and the user. On start a stored token is checked with the server;
 * until that finishes `loading` is true. Authenticated only when both token and user are held.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthResponse, User } from '@tickwise/contracts';
import { api } from '../api/api';
import { readToken, removeToken, writeToken } from '../app/storage';

export interface SessionState {
  readonly token: string | null;
  readonly user: User | null;
  /** True until the start-up check of a stored token has finished. */
  readonly loading: boolean;
  readonly bootstrap: 'idle' | 'running' | 'done';
}

export function initialSessionState(token: string | null = readToken()): SessionState {
  return { token, user: null, loading: token !== null, bootstrap: 'idle' };
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signedIn(state, action: PayloadAction<AuthResponse>) {
      return { ...state, token: action.payload.token, user: action.payload.user, loading: false };
    },
    signedOut(state) {
      return { ...state, token: null, user: null, loading: false };
    },
    bootstrapStarted(state) {
      return { ...state, bootstrap: 'running' };
    },
    bootstrapFinished(state) {
      return { ...state, bootstrap: 'done', loading: false };
    },
  },
  extraReducers: (builder) => {
    // A later refetch of the current user (e.g. after registration) refreshes the user held.
    builder.addMatcher(api.endpoints.currentUser.matchFulfilled, (state, action) =>
      state.token !== null && action.payload !== null ? { ...state, user: action.payload } : state,
    );
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

interface SessionRoot {
  session: SessionState;
}

/**
 * Start-up: with a stored token ask the server who the user is; on success hold the user, on any failure
 * (refused token, server or network error) delete the token and be signed out, silently.
 */
export const bootstrapSession = createAsyncThunk<void, void, { state: SessionRoot }>(
  'session/bootstrap',
  async (_, { dispatch, getState }) => {
    dispatch(sessionSlice.actions.bootstrapStarted());
    const token = getState().session.token;
    if (token !== null) {
      const result = await dispatch(
        api.endpoints.currentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
      );
      const user = result.data ?? null;
      if (user !== null) {
        dispatch(signedIn({ token, user }));
      } else {
        removeToken();
        dispatch(signedOut());
      }
    }
    dispatch(sessionSlice.actions.bootstrapFinished());
  },
  { condition: (_, { getState }) => getState().session.bootstrap === 'idle' },
);

/** Login and register: store the token under `token` and hold the user. */
export const signIn = createAsyncThunk<void, AuthResponse>('session/signIn', async (auth, { dispatch }) => {
  writeToken(auth.token);
  dispatch(signedIn(auth));
});

/** Logout: tell the server (failures do not matter), then clear the token, the user and the cache. */
export const signOut = createAsyncThunk<void, void, { state: SessionRoot }>(
  'session/signOut',
  async (_, { dispatch, getState }) => {
    if (getState().session.token !== null) {
      await dispatch(api.endpoints.logout.initiate());
    }
    removeToken();
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
  },
);
