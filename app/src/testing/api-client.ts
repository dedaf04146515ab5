/**
 * A request a test sends to a stack, and the answer it gets: the same few calls whether the stack listens on a
 * socket (supertest, int tier) or is called in-process without one (light-my-request, unit tier).
 *
 *   const res = await api.post('/api/auth/login', { email, password }).set('Authorization', `Bearer ${token}`);
 *   expect(res.status).toBe(200);
 */
import type { RequestListener } from 'node:http';
import inject from 'light-my-request';

export interface ApiResponse {
  status: number;
  /** The parsed JSON of a JSON answer; `{}` for any other (as supertest gives). */
  // biome-ignore lint/suspicious/noExplicitAny: an answer's JSON is what each test asserts on, as with supertest.
  body: any;
  text: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

export interface ApiCall extends PromiseLike<ApiResponse> {
  /** One header, or several at once. */
  set(field: string, value: string): ApiCall;
  set(fields: Record<string, string>): ApiCall;
  /** A JSON body (an object) or text sent as is (form-encoded unless a Content-Type was set, as superagent does). */
  send(body: string | object): ApiCall;
}

/** A call made in-process: `listener` is given a request and a response with no socket under them. */
export function injectedCall(
  listener: RequestListener,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  onAnswer: (response: ApiResponse) => void,
): ApiCall {
  const headers: Record<string, string> = {};
  let body: string | object | undefined;
  let answer: Promise<ApiResponse> | undefined;
  const run = async (): Promise<ApiResponse> => {
    let payload: string | undefined;
    if (typeof body === 'string') {
      payload = body;
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await inject(listener, {
      method,
      url: path,
      headers,
      remoteAddress: '127.0.0.1',
      ...(payload === undefined ? {} : { payload }),
    });
    const flat = Object.fromEntries(
      Object.entries(res.headers).map(([name, value]) => [
        name.toLowerCase(),
        Array.isArray(value) ? value.join(', ') : String(value),
      ]),
    );
    const isJson = /json/.test(flat['content-type'] ?? '') && res.payload.length > 0;
    const response: ApiResponse = {
      status: res.statusCode,
      text: res.payload,
      headers: flat,
      body: isJson ? JSON.parse(res.payload) : {},
    };
    onAnswer(response);
    return response;
  };
  const call: ApiCall = {
    set(field: string | Record<string, string>, value?: string) {
      const fields = typeof field === 'string' ? { [field]: value ?? '' } : field;
      for (const [name, text] of Object.entries(fields)) headers[name.toLowerCase()] = text;
      return call;
    },
    send(sent) {
      body = sent;
      return call;
    },
    // biome-ignore lint/suspicious/noThenProperty: a call is sent when awaited, as a supertest request is.
    then(onFulfilled, onRejected) {
      answer ??= run();
      return answer.then(onFulfilled, onRejected);
    },
  };
  return call;
}
