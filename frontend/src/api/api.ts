/**
 * The one RTK Query API of the app, built from the contracts' route table. Later features add their
 * endpoints with `api.injectEndpoints`, using `routeRequest` and the tag maps in ./tags.
 *
 * Cache policy: results fresh 5 minutes, unused data dropped after 10, no refetch on focus,
 * reconnect or timer, no retries.
 */
import { type BaseQueryFn, createApi, type RetryOptions, retry } from '@reduxjs/toolkit/query/react';
import {
  type AuthResponse,
  type BodyOf,
  decodeOrThrow,
  type Ok,
  type QueryValues,
  type ResponseOf,
  type RouteName,
  routes,
  type User,
} from '@tickwise/contracts';
import type * as t from 'io-ts';
import { type ApiError, type ApiRequest, createBaseQuery, isApiError } from './base-query';
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

/**
 * The request for route N: its method and URL from the route table, the body when given, and the route's
 * response codec to decode the answer with (so its type is the contracts' ResponseOf<N>).
 */
export function routeRequest<N extends RouteName>(name: N, options: RouteRequestOptions<N> = {}): ApiRequest {
  return {
    url: urlFor(name, options.params, options.query),
    method: methodOf(name),
    decode: (data) =>
      decodeOrThrow(routes[name].response as t.Decoder<unknown, ResponseOf<N>>, data, 'answer'),
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.on401 === undefined ? {} : { on401: options.on401 }),
  };
}

/**
 * An endpoint's retries (its `extraOptions`): up to `retries` more attempts, `delayMs` apart, after a
 * failure that may pass (no answer, 5xx); never after a 4xx, which asking again would not change.
 */
export const retriesOf = (retries: number, delayMs: number): RetryOptions => ({
  retryCondition: (error, _args, { attempt }) =>
    attempt <= retries && !(isApiError(error) && error.status >= 400 && error.status < 500),
  backoff: () => new Promise((done) => setTimeout(done, delayMs)),
});

/** What the base query passes on: a route's decoded answer, or the error. */
export type RouteResult<N extends RouteName> =
  | { data: ResponseOf<N>; error?: undefined }
  | { error: ApiError };

/**
 * Sends route N's request through a queryFn's base query. The answer was decoded by the route's codec
 * (routeRequest), so it is the route's ResponseOf<N>: the one place that says so to the compiler.
 */
export async function fetchRoute<N extends RouteName>(
  baseQuery: (request: ApiRequest) => ReturnType<BaseQueryFn<ApiRequest, unknown, ApiError>>,
  name: N,
  options: RouteRequestOptions<N> = {},
): Promise<RouteResult<N>> {
  const result = await baseQuery(routeRequest(name, options));
  return result.error === undefined ? { data: result.data as ResponseOf<N> } : { error: result.error };
}

type AppBaseQuery = BaseQueryFn<ApiRequest, unknown, ApiError, RetryOptions>;

/**
 * The base query with RTK Query's `retry` around it, its errors still ApiErrors: `retry` ends a request
 * cancelled while it waits with an error of its own, which becomes an ApiError with no status here.
 * No retries unless an endpoint asks for them (retriesOf): by default a failed request fails at once.
 */
function withRetries(baseQuery: BaseQueryFn<ApiRequest, unknown, ApiError>): AppBaseQuery {
  const retrying = retry(baseQuery, { maxRetries: 0 });
  return async (request, queryApi, extraOptions) => {
    const result = await retrying(request, queryApi, extraOptions);
    if (result.error === undefined) return { data: result.data };
    return {
      error: isApiError(result.error) ? result.error : { status: 0, message: 'The request was cancelled.' },
    };
  };
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: withRetries(createBaseQuery()),
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
