/** A scripted global fetch for tests of the API layer and components. */
import { formatErrors, isLeft, type ResponseOf, type RouteName, routes } from '@tickwise/contracts';
import type * as t from 'io-ts';

export interface FetchCall {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
  readonly credentials: RequestCredentials | undefined;
}

type Reply =
  | {
      status?: number;
      statusText?: string;
      body?: unknown;
      headers?: Record<string, string>;
      /** Sent although it breaks the route's contract (a test of what the app does with such an answer). */
      breaksContract?: true;
    }
  | Error;
type Handler = (call: FetchCall) => Reply | Promise<Reply>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Reply {
  return { status, body, headers };
}

/** A successful answer that breaks the route's contract on purpose: scriptFetch lets it through. */
export function brokenReply(body: unknown, status = 200): Reply {
  return { status, body, breaksContract: true };
}

/** The route a request is for (by method and path), if it is one of the contracts' routes. */
function routeOf(method: string, pathname: string): RouteName | undefined {
  return (Object.keys(routes) as RouteName[]).find((name) => {
    const route = routes[name];
    if (route.method !== method) return false;
    const pattern = route.path.replace(/:[A-Za-z]+/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(pathname);
  });
}

/**
 * Every successful JSON answer a fake gives to one of the contracts' routes is decoded with the route's
 * response codec: a fake that drifts from the contract fails its test here, with what is wrong, instead of
 * passing (or failing somewhere else) for the wrong reason. `brokenReply` opts out, on purpose.
 */
function checkAgainstContract(call: FetchCall, reply: Exclude<Reply, Error>, status: number): void {
  if (reply.breaksContract || status < 200 || status >= 300) return;
  if (reply.body === undefined || typeof reply.body === 'string') return;
  const name = routeOf(call.method, new URL(call.url, 'http://localhost').pathname);
  if (name === undefined) return;
  const checked = (routes[name].response as t.Decoder<unknown, unknown>).decode(reply.body);
  if (isLeft(checked))
    contractBreaks.push(`fake ${name} answer breaks the contract: ${formatErrors(checked.left, 'answer')}`);
}

/** What fakes answered against the contract since the last call (test/setup.ts fails the test on any). */
const contractBreaks: string[] = [];
export const takeContractBreaks = (): string[] => contractBreaks.splice(0);

/** Replaces global fetch with `handler`; returns the calls it received. */
export function scriptFetch(handler: Handler): FetchCall[] {
  const calls: FetchCall[] = [];
  const fake = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const raw = init.body;
    const call: FetchCall = {
      url: new URL(String(input)).pathname + new URL(String(input)).search,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof raw === 'string' ? JSON.parse(raw) : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const reply = await handler(call);
    if (reply instanceof Error) throw reply;
    const status = reply.status ?? 200;
    checkAgainstContract(call, reply, status);
    const text =
      reply.body === undefined
        ? ''
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    const headers = new Headers(reply.headers);
    // JSON (null included) is sent as the server sends it; a string body as it is.
    if (reply.body !== undefined && typeof reply.body !== 'string')
      headers.set('content-type', 'application/json');
    return new Response(status === 204 ? null : text, {
      status,
      statusText: reply.statusText ?? '',
      headers,
    });
  };
  globalThis.fetch = fake as typeof fetch;
  return calls;
}

/**
 * A fake server's answer for route `name`, checked against the contracts' response codec (encoded as the
 * real server encodes it): a fake that drifts from the contract fails the test instead of passing it.
 */
export function replyOf<N extends RouteName>(name: N, body: ResponseOf<N>, status = 200): Reply {
  const codec = routes[name].response as unknown as t.Type<ResponseOf<N>, unknown, unknown>;
  const encoded = codec.encode(body);
  const checked = codec.decode(encoded);
  if (isLeft(checked))
    throw new Error(`fake ${name} answer breaks the contract: ${formatErrors(checked.left)}`);
  return json(encoded, status);
}
