// The capacity bench's load generator, in a process of its own (forked by capacity.ts): N simulated learners,
// each following their course session (learner-session.ts) with exponentially distributed think times, signing
// in again after every 30 minutes of activity. Open loop: a learner's next page is due a think time after the
// last one was due, whether or not it has answered, and every request is timed from when it was due, so a
// server that falls behind is charged for the wait (no coordinated omission).
//
// IPC: the parent sends { kind: 'init', … } once, then { kind: 'level', … } per load level; the generator
// answers each level with { kind: 'result', … }.
import { prng } from '@tickwise/projections/bench/history';
import { ConnectionPool } from './connection-pool';
import {
  type CourseOutline,
  courseSession,
  routeOf,
  type SessionStart,
  type SessionStep,
  signInCalls,
  thinkTime,
} from './learner-session';
import { type Call, requestText } from './load';

export interface GeneratorLearner {
  readonly index: number;
  readonly email: string;
  /** Sent as X-Forwarded-For (the app runs with TRUST_PROXY=1, as behind the gateway). */
  readonly address: string;
  /** A token from a sign-in before the run (the learner's session is under way when the run starts). */
  readonly token: string;
  /** Where the learner goes on in the course: their first lesson not completed. */
  readonly start: SessionStart;
}

export interface InitMessage {
  readonly kind: 'init';
  readonly url: string;
  readonly password: string;
  readonly course: CourseOutline;
  readonly learners: readonly GeneratorLearner[];
  readonly thinkMeanMs: number;
  readonly signInEveryMs: number;
  /** Keep-alive connections to the app, as a gateway's upstream pool holds them. */
  readonly connections: number;
}

export interface LevelMessage {
  readonly kind: 'level';
  /** How many learners are active: the first `learners` of the init list. */
  readonly learners: number;
  readonly warmupMs: number;
  readonly holdMs: number;
}

export interface RouteFigures {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export interface LevelResult {
  readonly kind: 'result';
  readonly learners: number;
  readonly holdMs: number;
  /** Requests due in the hold, answered 2xx. */
  readonly requests: number;
  readonly steps: number;
  readonly routes: Readonly<Record<string, RouteFigures>>;
  /** Non-2xx answers and failed requests in the hold, by route and status ('timeout', 'connection'). */
  readonly errors: Readonly<Record<string, number>>;
  /** The generator's own CPU over the hold, ms (this process, all threads). */
  readonly generatorCpuMs: number;
  /** How far behind its schedule the generator sent, at worst (its own lateness, not the server's). */
  readonly sendLagMaxMs: number;
}

/** A request not answered after this long counts as an error. */
const TIMEOUT_MS = 10_000;

interface ActiveLearner {
  readonly learner: GeneratorLearner;
  token: string;
  readonly session: Generator<SessionStep, never>;
  /** The next page of the session, pulled ahead to know how long it must wait (a document read). */
  upcoming: SessionStep;
  lastSignInAt: number;
}

/** A binary min-heap of learners by due time. */
class DueQueue {
  private readonly due: number[] = [];
  private readonly items: ActiveLearner[] = [];
  get size() {
    return this.due.length;
  }
  peek(): number | undefined {
    return this.due[0];
  }
  push(at: number, item: ActiveLearner): void {
    this.due.push(at);
    this.items.push(item);
    let i = this.due.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.due[parent] as number) <= at) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): [number, ActiveLearner] {
    const top: [number, ActiveLearner] = [this.due[0] as number, this.items[0] as ActiveLearner];
    const lastDue = this.due.pop() as number;
    const lastItem = this.items.pop() as ActiveLearner;
    if (this.due.length > 0) {
      this.due[0] = lastDue;
      this.items[0] = lastItem;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.due.length && (this.due[l] as number) < (this.due[m] as number)) m = l;
        if (r < this.due.length && (this.due[r] as number) < (this.due[m] as number)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
  private swap(a: number, b: number): void {
    [this.due[a], this.due[b]] = [this.due[b] as number, this.due[a] as number];
    [this.items[a], this.items[b]] = [this.items[b] as ActiveLearner, this.items[a] as ActiveLearner];
  }
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

let init: InitMessage | undefined;
let pool: ConnectionPool | undefined;
let host = '';
const random = prng(20261201);
/** Each learner's session, kept across levels: a learner goes on where they stopped. */
const states = new Map<number, ActiveLearner>();

function stateOf(learner: GeneratorLearner, now: number, config: InitMessage): ActiveLearner {
  let state = states.get(learner.index);
  if (!state) {
    const session = courseSession(config.course, learner.start, random);
    state = {
      learner,
      token: learner.token,
      session,
      upcoming: session.next().value,
      // Signed in at some moment of the last sign-in period: sign-ins then come at the steady rate.
      lastSignInAt: now - random() * config.signInEveryMs,
    };
    states.set(learner.index, state);
  }
  return state;
}

interface Answer {
  readonly status: number | 'timeout' | 'connection';
  readonly body?: string;
}

/** Sends one call of the learner's (their address, their token) on the pool; its status, and body if wanted. */
async function send(call: Call, state: ActiveLearner, wantBody: boolean): Promise<Answer> {
  const text = requestText(call, { address: state.learner.address, token: state.token }, host, {
    identity: wantBody,
  });
  const answer = await (pool as ConnectionPool).send(text, wantBody);
  if ('failure' in answer) return { status: answer.failure };
  return wantBody
    ? { status: answer.status, body: answer.body?.toString('utf8') ?? '' }
    : { status: answer.status };
}

async function runLevel(level: LevelMessage, config: InitMessage): Promise<LevelResult> {
  const start = performance.now();
  const measureFrom = start + level.warmupMs;
  const measureTo = measureFrom + level.holdMs;
  const queue = new DueQueue();
  for (const learner of config.learners.slice(0, level.learners)) {
    const state = stateOf(learner, start, config);
    queue.push(start + thinkTime(config.thinkMeanMs, random), state);
  }
  const latencies = new Map<string, number[]>();
  const errors: Record<string, number> = {};
  let steps = 0;
  let sendLagMaxMs = 0;
  let cpuFrom: NodeJS.CpuUsage | undefined;
  let cpuMs = 0;
  const outstanding = new Set<Promise<void>>();

  const record = (route: string, answer: Answer, dueAt: number, counted: boolean) => {
    if (!counted) return;
    if (typeof answer.status === 'number' && answer.status >= 200 && answer.status < 300) {
      const times = latencies.get(route) ?? [];
      if (times.length === 0) latencies.set(route, times);
      times.push(performance.now() - dueAt);
    } else {
      const key = `${route} ${answer.status}`;
      errors[key] = (errors[key] ?? 0) + 1;
    }
  };

  const signIn = async (state: ActiveLearner, dueAt: number, counted: boolean) => {
    const [login, me] = signInCalls(state.learner.email, config.password) as [Call, Call];
    const answer = await send(login, state, true);
    record(routeOf(login), answer, dueAt, counted);
    if (answer.status !== 200 || answer.body === undefined) return;
    state.token = (JSON.parse(answer.body) as { token: string }).token;
    const meDue = performance.now();
    record(routeOf(me), await send(me, state, false), meDue, counted);
  };

  const runStep = (state: ActiveLearner, dueAt: number) => {
    const counted = dueAt >= measureFrom && dueAt < measureTo;
    if (counted) steps += 1;
    let work: Promise<unknown>;
    if (dueAt - state.lastSignInAt >= config.signInEveryMs) {
      state.lastSignInAt = dueAt;
      work = signIn(state, dueAt, counted);
    } else {
      const step = state.upcoming;
      state.upcoming = state.session.next().value;
      work = Promise.all(
        step.calls.map(async (call) => record(routeOf(call), await send(call, state, false), dueAt, counted)),
      );
    }
    const done = work.then(() => {
      outstanding.delete(done);
    });
    outstanding.add(done);
    const gap = Math.max(thinkTime(config.thinkMeanMs, random), state.upcoming.atLeastMs ?? 0);
    queue.push(dueAt + gap, state);
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (cpuFrom === undefined && now >= measureFrom) cpuFrom = process.cpuUsage();
      for (
        let next = queue.peek();
        next !== undefined && next <= now && next < measureTo;
        next = queue.peek()
      ) {
        const [dueAt, state] = queue.pop();
        sendLagMaxMs = Math.max(sendLagMaxMs, dueAt >= measureFrom ? now - dueAt : 0);
        runStep(state, dueAt);
      }
      if (now >= measureTo) {
        const cpu = process.cpuUsage(cpuFrom);
        cpuMs = (cpu.user + cpu.system) / 1000;
        resolve();
        return;
      }
      const next = queue.peek() ?? measureTo;
      setTimeout(tick, Math.max(0, Math.min(next, measureTo) - performance.now()));
    };
    tick();
  });
  // What was due in the hold answers (or times out).
  await Promise.all(outstanding);
  const routes: Record<string, RouteFigures> = {};
  let requests = 0;
  for (const [route, times] of [...latencies].sort(([a], [b]) => a.localeCompare(b))) {
    times.sort((a, b) => a - b);
    requests += times.length;
    routes[route] = {
      count: times.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      max: times.at(-1) ?? 0,
    };
  }
  return {
    kind: 'result',
    learners: level.learners,
    holdMs: level.holdMs,
    requests,
    steps,
    routes,
    errors,
    generatorCpuMs: cpuMs,
    sendLagMaxMs,
  };
}

process.on('message', (message: InitMessage | LevelMessage) => {
  if (message.kind === 'init') {
    init = message;
    pool = new ConnectionPool(message.url, message.connections, TIMEOUT_MS);
    host = new URL(message.url).host;
    process.send?.({ kind: 'ready' });
  } else if (message.kind === 'level' && init) {
    void runLevel(message, init).then((result) => process.send?.(result));
  }
});
