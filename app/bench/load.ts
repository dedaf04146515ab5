// The load generators.
// - Closed loop (`drive`): raw keep-alive sockets (http-connection.ts), each socket one learner with their own
//   token, sending its next request when the last one answers. autocannon spent about 130 µs of CPU a request
//   here, as much as the bare read server it drove (about 140 µs): on two cores the generator took most of the
//   core the server did not use. These sockets cost about 60 µs.
// - Open loop (`driveAtRate`): requests sent at a fixed arrival rate, evenly spaced, whether or not earlier
//   ones have answered, each timed from the moment it was due (so a server that falls behind is charged for
//   the wait: no coordinated omission). autocannon's rate mode let each connection send its budget for the
//   second back to back as soon as the second starts, so the arrivals came in bursts once a second, and it
//   "corrected" latencies with an expected interval of 1 ms.
import { Agent, request } from 'node:http';
import { HttpConnection } from './http-connection';

/** What a browser's fetch sends with every API call: it accepts JSON, and compressed answers. */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' } as const;

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
  /** Connection errors (timeouts included) and non-2xx answers; in closed loop, warm-up included. */
  readonly errors: number;
  readonly statuses: Readonly<Record<string, number>>;
  /** Open loop only: latency of the 2xx answers by route ('POST /api/modules/:id/lessons'). */
  readonly routes?: Readonly<Record<string, { count: number; p50: number; p99: number }>>;
  /**
   * Closed loop only: how long after the start every connection (all opened at once) had its first answer.
   * Node's libuv (since 1.45) accepts one connection per turn of the event loop, so under load the last of 200
   * connections opened together waits for about 200 busy turns.
   */
  readonly openedInMs?: number;
  /** Closed loop only: the generator's own CPU time over the measured part (this process, all threads). */
  readonly generatorCpuMs?: number;
}

const percentileOf = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The longest a closed-loop run waits for every connection to have its first answer before it measures. */
const MAX_OPENING_SECONDS = 20;

/**
 * A connection keeps its learner for this many requests (unless told otherwise), then takes the next one in turn
 * on a new socket: learners never share a socket, as no two browsers do.
 */
const REQUESTS_PER_LEARNER = 1000;

export interface LoadOptions {
  readonly url: string;
  readonly learners: readonly Learner[];
  readonly workload: Workload;
  readonly connections: number;
  readonly seconds: number;
  /**
   * Not counted: the run before every connection has had its first answer, and at least this long (default 1 s),
   * so the figures are the steady state under that many connections.
   */
  readonly warmupSeconds?: number;
  /**
   * How many requests a connection sends as one learner before it takes the next learner, on a new socket
   * (default 1,000).
   */
  readonly requestsPerLearner?: number;
  /** Called as the measured part starts (every connection has answered, the warm-up is over). */
  readonly onMeasuring?: () => void;
  /** Awaited as the measured part ends, before the connections close. */
  readonly onMeasured?: () => Promise<void>;
}

/**
 * A request as it goes on the wire: the browser's headers, the learner's address and token, a JSON body. With
 * `identity`, it asks for the answer uncompressed (the generator reads that body: a sign-in's token).
 */
export function requestText(
  call: Call,
  learner: Pick<Learner, 'address' | 'token'>,
  host: string,
  { identity = false } = {},
): string {
  let text = `${call.method} ${call.path} HTTP/1.1\r\nhost: ${host}\r\naccept: ${BROWSER_HEADERS.accept}\r\n`;
  text += `accept-encoding: ${identity ? 'identity' : BROWSER_HEADERS['accept-encoding']}\r\n`;
  text += `x-forwarded-for: ${learner.address}\r\n`;
  if (!call.anonymous) text += `authorization: Bearer ${learner.token}\r\n`;
  if (call.body === undefined) return `${text}\r\n`;
  const body = JSON.stringify(call.body);
  return `${text}content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** A request that has not answered after this long counts as an error. */
const TIMEOUT_MS = 10_000;

/** After an error, a connection waits this long before its next request (a server that is down is not hammered). */
const PAUSE_AFTER_ERROR_MS = 10;

/**
 * Closed loop: each connection (its own learner) sends its next request when its last one has answered. The
 * connections are raw keep-alive sockets (http-connection.ts), all opened at once; a connection that moves on to
 * the next learner does so on a new socket.
 */
export async function drive(options: LoadOptions): Promise<LoadResult> {
  const { hostname, port, host } = new URL(options.url);
  let nextLearner = 0;
  let stopping = false;
  const started = performance.now();
  const warmupUntil = started + (options.warmupSeconds ?? 1) * 1000;
  // The connections that have had an answer: the measured part starts once all have (or after the longest
  // opening allowed), and lasts `seconds`.
  let answered = 0;
  let openedInMs: number | undefined;
  let measuredFrom: number | undefined;
  let cpuFrom: NodeJS.CpuUsage | undefined;
  let generatorCpuMs: number | undefined;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const refused: Record<string, number> = {};
  let measured = 0;
  let errors = 0;
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const startMeasuring = () => {
    if (measuredFrom !== undefined) return;
    measuredFrom = performance.now();
    cpuFrom = process.cpuUsage();
    options.onMeasuring?.();
    setTimeout(async () => {
      const cpu = process.cpuUsage(cpuFrom);
      generatorCpuMs = (cpu.user + cpu.system) / 1000;
      await options.onMeasured?.();
      stopping = true;
      finished();
    }, options.seconds * 1000);
  };
  const longestOpening = setTimeout(startMeasuring, MAX_OPENING_SECONDS * 1000);

  const loop = async (connection: HttpConnection) => {
    let learner = options.learners[nextLearner++ % options.learners.length] as Learner;
    let first = true;
    for (let n = 0; !stopping; n++) {
      if (n === (options.requestsPerLearner ?? REQUESTS_PER_LEARNER)) {
        learner = options.learners[nextLearner++ % options.learners.length] as Learner;
        connection.reconnect();
        n = 0;
      }
      const sentAt = performance.now();
      const answer = await connection.send(requestText(options.workload(learner, n), learner, host));
      if (stopping) return;
      const now = performance.now();
      // An error counts whenever it comes, warm-up included; only the measured part gives times and rates.
      if ('error' in answer) {
        errors += 1;
        await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_ERROR_MS));
        continue;
      }
      const { status } = answer;
      const ok = status >= 200 && status < 300;
      if (!ok) {
        errors += 1;
        refused[status] = (refused[status] ?? 0) + 1;
      }
      if (measuredFrom === undefined) {
        if (first) {
          first = false;
          answered += 1;
          if (answered >= options.connections) openedInMs = now - started;
        }
        if (openedInMs !== undefined && now >= warmupUntil) startMeasuring();
        continue;
      }
      measured += 1;
      if (ok) {
        statuses[status] = (statuses[status] ?? 0) + 1;
        latencies.push(now - sentAt);
      }
    }
  };
  const connections = Array.from(
    { length: options.connections },
    () => new HttpConnection(hostname, Number(port)),
  );
  // A request that has not answered after TIMEOUT_MS counts as an error; its connection is reopened.
  const watchdog = setInterval(() => {
    const now = performance.now();
    for (const connection of connections)
      if (now - (connection.busySince ?? now) > TIMEOUT_MS) connection.fail(new Error('timed out'));
  }, 500);
  const loops = connections.map(loop);
  await done;
  clearTimeout(longestOpening);
  clearInterval(watchdog);
  const seconds = (performance.now() - (measuredFrom ?? performance.now())) / 1000;
  for (const connection of connections) connection.close();
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  return {
    requests: measured,
    rps: measured / Math.max(seconds, 1e-3),
    p50: percentileOf(latencies, 50),
    p99: percentileOf(latencies, 99),
    max: latencies.at(-1) ?? 0,
    errors,
    statuses: { ...statuses, ...refused },
    ...(openedInMs === undefined ? {} : { openedInMs }),
    ...(generatorCpuMs === undefined ? {} : { generatorCpuMs }),
  };
}

export interface OpenLoopOptions {
  readonly url: string;
  readonly learners: readonly Learner[];
  readonly workload: Workload;
  /** Arrivals per second, evenly spaced. */
  readonly rate: number;
  readonly seconds: number;
  /** Keep-alive connections at most; a request due while all are busy waits for one (and is charged for it). */
  readonly connections: number;
  /**
   * Sent at the same rate before the measured run, and not counted (default 1 s): the connections are opened
   * and the generator's own code is warm when the measurement starts.
   */
  readonly warmupSeconds?: number;
}

/**
 * Open loop: the i-th request is due at start + i / rate and is sent then, on a free keep-alive connection
 * (or as soon as one frees up). Each arrival is the next learner in turn, asking the next request of their
 * own session, so a learner's requests follow their workload in order. Latency runs from the due time to the
 * end of the answer's body.
 */
export async function driveAtRate(options: OpenLoopOptions): Promise<LoadResult> {
  const { hostname, port } = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections, scheduling: 'fifo' });
  const sessionStep = new Map<number, number>();
  const latencies: number[] = [];
  const byRoute = new Map<string, number[]>();
  const statuses: Record<string, number> = {};
  let errors = 0;
  let sent = 0;
  let settled = 0;
  const warmup = Math.round(options.rate * (options.warmupSeconds ?? 1));
  const total = warmup + Math.max(1, Math.round(options.rate * options.seconds));
  const intervalMs = 1000 / options.rate;
  const started = performance.now();
  const measuredFrom = started + warmup * intervalMs;

  const send = (index: number, dueAt: number) => {
    const learner = options.learners[index % options.learners.length] as Learner;
    // Each learner starts at a different step of their session (their index), so that any run of
    // consecutive arrivals asks the workload's steps in their proportions, however short the run.
    const n = sessionStep.get(learner.index) ?? learner.index;
    sessionStep.set(learner.index, n + 1);
    const call = options.workload(learner, n);
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = { ...BROWSER_HEADERS, 'x-forwarded-for': learner.address };
    if (!call.anonymous) headers.authorization = `Bearer ${learner.token}`;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const route = `${call.method} ${call.path.replace(/\/\d+/g, '/:id')}`;
    let done = false;
    const finish = (status: number | undefined) => {
      if (done) return;
      done = true;
      if (index < warmup) return;
      settled += 1;
      if (status === undefined) errors += 1;
      else {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 200 && status < 300) {
          const latency = performance.now() - dueAt;
          latencies.push(latency);
          const times = byRoute.get(route) ?? [];
          if (times.length === 0) byRoute.set(route, times);
          times.push(latency);
        } else errors += 1;
      }
    };
    const req = request(
      { agent, hostname, port, method: call.method, path: call.path, headers, timeout: TIMEOUT_MS },
      (res) => {
        res.on('end', () => finish(res.statusCode));
        res.on('error', () => finish(undefined));
        res.resume();
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => finish(undefined));
    req.end(body);
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * intervalMs <= now) {
        send(sent, started + sent * intervalMs);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * intervalMs - performance.now()));
      else resolve();
    };
    tick();
  });
  // The last arrivals answer (or time out).
  while (settled < sent - warmup) await new Promise((resolve) => setTimeout(resolve, 5));
  const elapsed = (performance.now() - measuredFrom) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const routes = Object.fromEntries(
    [...byRoute].map(([route, times]) => {
      times.sort((a, b) => a - b);
      return [route, { count: times.length, p50: percentileOf(times, 50), p99: percentileOf(times, 99) }];
    }),
  );
  return {
    requests: settled,
    rps: settled / Math.max(options.seconds, elapsed),
    p50: percentileOf(latencies, 50),
    p99: percentileOf(latencies, 99),
    max: latencies.at(-1) ?? 0,
    errors,
    statuses,
    routes,
  };
}
