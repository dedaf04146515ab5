/**
 * The one RTK Query API of the app, built from the contracts' route table. Later features add their
 * endpoints with `api.injectEndpoints`, using `routeRequest` and the tag maps in ./tags.
 *
 * Cache policy: results fresh 5 minutes, unused data dropped after 10, no refetch on focus,
 * reconnect or timer, no retries.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import type { AuthResponse, BodyOf, Ok, QueryValues, RouteName, User } from '@tickwise/contracts';
import { type ApiRequest, createBaseQuery } from './base-query';
import { methodOf, type RouteParams, urlFor } from './routes';
import { invalidatedBy, providedBy, tagTypes } from './tags';

/** Seconds a cached result counts as fresh: an older one is refetched when a component mounts. */
export const FRESH_SECONDS = 5 * 60;
/** Seconds unused cached data is kept. */
export const KEEP_UNUSED_SECONDS = 10 * 60;
/** The cache key of the current user. */
export const CURRENT_USER_KEY = '/api/auth/user';

export interface RouteRequestOptions<N extends RouteName> {
  readonly params?: RouteParams<N>;
  readonly query?: QueryValues;
  readonly body?: BodyOf<N>;
  readonly on401?: ApiRequest['on401'];
}

/** The request for route N: its method and URL from the route table, and the body when given. */
export function routeRequest<N extends RouteName>(name: N, options: RouteRequestOptions<N> = {}): ApiRequest {
  return {
    url: urlFor(name, options.params, options.query),
    method: methodOf(name),
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.on401 === undefined ? {} : { on401: options.on401 }),
  };
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes,
  keepUnusedDataFor: KEEP_UNUSED_SECONDS,
  refetchOnMountOrArgChange: FRESH_SECONDS,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: (build) => ({
    /** The signed-in user, or null when the token is refused (401). */
    currentUser: build.query<User | null, void>({
      query: () => routeRequest('me', { on401: 'returnNull' }),
      serializeQueryArgs: () => CURRENT_USER_KEY,
      providesTags: [providedBy.me],
    }),
    login: build.mutation<AuthResponse, BodyOf<'login'>>({
      query: (body) => routeRequest('login', { body }),
    }),
    /** The current user is invalidated by the caller once the new token is stored (see session). */
    register: build.mutation<AuthResponse, BodyOf<'register'>>({
      query: (body) => routeRequest('register', { body }),
    }),
    logout: build.mutation<Ok, void>({
      query: () => routeRequest('logout'),
      invalidatesTags: [...invalidatedBy.logout],
    }),
  }),
});

export const { useCurrentUserQuery, useLoginMutation, useRegisterMutation, useLogoutMutation } = api;
