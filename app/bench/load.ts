// The load generator: autocannon (raw sockets, HdrHistogram latencies) driven so that each connection is one
// learner with their own token, in closed loop (a connection sends its next request when the last answers)
// or at a fixed overall arrival rate (latencies corrected for coordinated omission).
import autocannon from 'autocannon';

/** One request of the workload, built for the learner a connection plays. */
export interface Call {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
  /** Sent without a token (login). */
  readonly anonymous?: boolean;
}

export interface Learner {
  readonly index: number;
  /** Where the learner connects from (sent as X-Forwarded-For: the app runs with TRUST_PROXY=1, as behind the gateway). */
  readonly address: string;
  readonly userId: string;
  readonly email: string;
  readonly token: string;
}

/** What the n-th request of a connection is, for its learner. */
export type Workload = (learner: Learner, n: number) => Call;

export interface LoadResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Connection errors (timeouts included) and non-2xx answers. */
  readonly errors: number;
  readonly statuses: Readonly<Record<string, number>>;
}

/** A connection keeps its learner for this many requests, then takes the next learner in turn. */
const REQUESTS_PER_LEARNER = 1000;

export interface LoadOptions {
  readonly url: string;
  readonly learners: readonly Learner[];
  readonly workload: Workload;
  readonly connections: number;
  readonly seconds: number;
  /** Fixed arrival rate over all connections (requests/s); closed loop when absent. */
  readonly rate?: number;
}

export async function drive(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  type Context = { learner?: Learner; n?: number };
  const setupRequest = (request: autocannon.Request, context: object): autocannon.Request => {
    const ctx = context as Context;
    if (ctx.learner === undefined) {
      ctx.learner = options.learners[next++ % options.learners.length];
      ctx.n = 0;
    }
    const learner = ctx.learner as Learner;
    const call = options.workload(learner, ctx.n ?? 0);
    ctx.n = (ctx.n ?? 0) + 1;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-forwarded-for': learner.address,
    };
    if (!call.anonymous) headers.authorization = `Bearer ${learner.token}`;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    return {
      ...request,
      method: call.method,
      path: call.path,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    } as autocannon.Request;
  };
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    ...(options.rate === undefined ? {} : { overallRate: options.rate }),
    requests: Array.from({ length: REQUESTS_PER_LEARNER }, () => ({ setupRequest })),
  });
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count ?? 0;
  const requests = result.requests.total;
  return {
    requests,
    rps: requests / options.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.non2xx,
    statuses,
  };
}
