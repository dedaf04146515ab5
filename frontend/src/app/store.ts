import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { api } from '../api/api';
import { type SessionState, sessionReducer } from '../session/session-slice';

const rootReducer = combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer });
export type RootState = ReturnType<typeof rootReducer>;

/** A new store; tests pass a preloaded session. */
export function createAppStore(preloaded?: { session?: SessionState }) {
  return configureStore({
    reducer: rootReducer,
    ...(preloaded?.session === undefined ? {} : { preloadedState: { session: preloaded.session } }),
    // The development-only state checks warn on a slow machine at their default 32 ms; the threshold is raised.
    middleware: (getDefault) =>
      getDefault({ immutableCheck: { warnAfter: 200 }, serializableCheck: { warnAfter: 200 } }).concat(
        api.middleware,
      ),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
