/**
 * The one way the app talks to the API: the stored token as a Bearer header, cookies
 * included, a JSON content type only when there is a body, read-your-writes positions, and any non-OK
 * response turned into an error whose message is "status: body text" (or the status text when the body
 * is empty). A 401 is an error by default; a request may ask for null instead. A successful answer is
 * decoded once, here, by the request's decoder (the route's response codec): an answer that breaks the
 * contract is an error carrying the answer's 2xx status, never data of the wrong shape.
 */

import { httpHeaders } from 'virtual:tickwise-route-table';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { readToken } from '../app/storage';
import { readPosition, rememberPosition } from './position';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest {
  /** A path, or key parts joined with slashes (e.g. ['/api/modules', 3, 'lessons']). */
  readonly url: string | readonly (string | number)[];
  readonly method?: HttpMethod;
  /** Sent as JSON; absent for requests without a body. */
  readonly body?: unknown;
  /** What a 401 becomes: an error (the default) or a null result. */
  readonly on401?: 'throw' | 'returnNull';
  /**
   * Reads a successful answer (the route's response codec, see routeRequest); throws, with what is wrong,
   * when the answer does not match. Absent: the answer is passed on as parsed.
   */
  readonly decode?: (data: unknown) => unknown;
}

/** The error every failed request produces. `status` is the HTTP status, or 0 when none arrived. */
export interface ApiError {
  readonly status: number;
  readonly message: string;
}

export const isApiError = (value: unknown): value is ApiError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { status?: unknown }).status === 'number' &&
  typeof (value as { message?: unknown }).message === 'string';

/** A successful (2xx) answer that broke the route's contract: its decoding failed. */
export const isBrokenAnswer = (error: unknown): boolean =>
  isApiError(error) && error.status >= 200 && error.status < 300;

/** Joins key parts with slashes: ['/api/modules', 3, 'lessons'] → '/api/modules/3/lessons'. */
export const urlOf = (url: ApiRequest['url']): string => (typeof url === 'string' ? url : url.join('/'));

export interface BaseQueryDeps {
  /** Defaults to the global fetch. */
  readonly fetch?: typeof fetch;
  /** Resolves relative URLs (Node's fetch, used in tests, needs absolute ones). */
  readonly baseUrl?: () => string;
  /** Waits before a read-your-writes retry; defaults to a timer. */
  readonly sleep?: (ms: number) => Promise<void>;
}

/**
 * How often a query that named a position is asked again when the server answers 503 with Retry-After
 * (its read models have not yet caught up with the client's own write). This is the read-your-writes
 * protocol, not a general retry: no other failure is repeated.
 */
export const CATCH_UP_RETRIES = 2;
const MAX_RETRY_AFTER_MS = 3000;

const timer = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** The wait a Retry-After header asks for (seconds), capped; null when there is none. */
function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (header === null) return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : null;
}

const defaultBaseUrl = (): string => globalThis.location?.href ?? 'http://localhost/';

/** Parses a successful response: JSON when it says so, null when empty, the text otherwise. */
async function successBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

export function createBaseQuery(deps: BaseQueryDeps = {}): BaseQueryFn<ApiRequest, unknown, ApiError> {
  return async (request) => {
    const method = request.method ?? 'GET';
    const headers = new Headers({ Accept: 'application/json' });
    const token = readToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const hasBody = request.body !== undefined;
    if (hasBody) headers.set('Content-Type', 'application/json');
    const position = method === 'GET' ? readPosition() : null;
    if (position !== null) headers.set(httpHeaders.minPosition, position);
    const doFetch = deps.fetch ?? globalThis.fetch.bind(globalThis);
    const sleep = deps.sleep ?? timer;
    const url = new URL(urlOf(request.url), (deps.baseUrl ?? defaultBaseUrl)()).toString();
    let response: Response;
    try {
      for (let attempt = 0; ; attempt += 1) {
        response = await doFetch(url, {
          method,
          headers,
          credentials: 'include',
          ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
        });
        const wait = response.status === 503 && position !== null ? retryAfterMs(response) : null;
        if (wait === null || attempt >= CATCH_UP_RETRIES) break;
        await response.body?.cancel();
        await sleep(wait);
      }
    } catch (error) {
      return { error: { status: 0, message: error instanceof Error ? error.message : String(error) } };
    }
    rememberPosition(response.headers.get(httpHeaders.position));
    if (response.status === 401 && request.on401 === 'returnNull') return { data: null };
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      return {
        error: { status: response.status, message: `${response.status}: ${text || response.statusText}` },
      };
    }
    try {
      const body = await successBody(response);
      return { data: request.decode ? request.decode(body) : body };
    } catch (error) {
      return {
        error: {
          status: response.status,
          message: `${response.status}: ${error instanceof Error ? error.message : 'unreadable response'}`,
        },
      };
    }
  };
}
