/**
 * The margin-call simulator's rules, pure, shared by the practice screen (which steps through them day by
 * day) and the server (which replays a finished run from its choices and records the outcome it finds):
 *
 * - Each day's variation margin is (settlement − previous settlement) × multiplier × contracts, reversed for
 *   a short, and moves the balance. The first previous settlement is the entry price.
 * - A balance below the maintenance margin × contracts raises a margin call for the amount that brings the
 *   balance back to the initial margin × contracts (the margin-call rule: below, not at, maintenance).
 * - The learner answers each call on its day: deposit the amount; reduce to fewer contracts that the balance
 *   covers at the initial margin; or close the position at that day's settlement, which ends the run.
 */
import * as t from 'io-ts';
import { intRange, nonEmptyString, oneOf, refine, struct } from './codecs';
import type { ContractSpec } from './contract-specs';

const positiveNumber = refine(t.number, (n) => Number.isFinite(n) && n > 0, 'a positive number');
const isoDate = refine(
  t.string,
  (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)),
  'a date',
);
export const scenarioId = refine(
  t.string,
  (s) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(s) && s.length <= 60,
  'a scenario id',
);

export const MarginScenario = struct(
  {
    id: scenarioId,
    title: nonEmptyString(120),
    contract: refine(t.string, (s) => /^[0-9A-Z]{1,6}$/.test(s), 'a contract symbol'),
    description: nonEmptyString(600),
    entryPrice: positiveNumber,
    days: refine(
      t.array(struct({ date: isoDate, settle: positiveNumber })),
      (days) => days.length >= 2 && days.length <= 30,
      'a list of 2-30 days',
    ),
  },
  'MarginScenario',
);
export type MarginScenario = t.TypeOf<typeof MarginScenario>;

export const MarginScenariosFile = struct(
  { version: t.string, scenarios: t.array(MarginScenario) },
  'a mapping with version and scenarios',
);

export const MAX_SIMULATED_CONTRACTS = 20;
export const MAX_STARTING_BALANCE = 10_000_000;

/** How a run starts: the learner's choices before the first day. */
export const MarginRunSetup = struct(
  {
    scenarioId,
    side: oneOf(['long', 'short']),
    contracts: intRange(1, MAX_SIMULATED_CONTRACTS),
    startingBalance: refine(
      t.number,
      (n) => Number.isFinite(n) && n > 0 && n <= MAX_STARTING_BALANCE && Math.round(n * 100) === n * 100,
      'an amount in dollars and cents above 0, at most 10,000,000',
    ),
  },
  'MarginRunSetup',
);
export type MarginRunSetup = t.TypeOf<typeof MarginRunSetup>;

/** The answer to the margin call of one day (1 = the first day after entry). */
export const MarginCallResponse = struct(
  {
    day: intRange(1, 30),
    action: oneOf(['deposit', 'reduce', 'close']),
  },
  { contracts: intRange(1, MAX_SIMULATED_CONTRACTS) },
  'MarginCallResponse',
);
export type MarginCallResponse = t.TypeOf<typeof MarginCallResponse>;

/** A finished run as the learner sends it: the setup and every call's answer. */
export const MarginSimulationBody = struct(
  {
    scenarioId,
    side: oneOf(['long', 'short']),
    contracts: intRange(1, MAX_SIMULATED_CONTRACTS),
    startingBalance: MarginRunSetup.type.props.startingBalance,
    responses: refine(t.array(MarginCallResponse), (r) => r.length <= 30, 'a list of at most 30 answers'),
  },
  'MarginSimulationBody',
);
export type MarginSimulationBody = t.TypeOf<typeof MarginSimulationBody>;

const money = refine(t.number, (n) => Number.isFinite(n), 'an amount');

export const MarginOutcomeCodec = struct(
  {
    finalBalance: money,
    deposited: money,
    callsReceived: intRange(0, 30),
    tradingResult: money,
    worstDrawdown: money,
    closedOnDay: t.union([intRange(1, 30), t.null]),
    contractsAtEnd: intRange(0, MAX_SIMULATED_CONTRACTS),
  },
  'MarginOutcome',
);

/** What the server answers for a recorded run: its outcome as the server worked it out. */
export const MarginSimulationRecorded = struct(
  { id: t.string, scenarioId, outcome: MarginOutcomeCodec, completedAt: t.string },
  'MarginSimulationRecorded',
);
export type MarginSimulationRecorded = t.TypeOf<typeof MarginSimulationRecorded>;

export type MarginFigures = Pick<ContractSpec, 'multiplier' | 'illustrativeMargin'>;

export interface MarginCall {
  readonly day: number;
  /** What brings the balance back to the initial margin of the position. */
  readonly amount: number;
  /** The most contracts the balance covers at the initial margin (fewer than held), 0 when none. */
  readonly canReduceTo: number;
}

export interface SimulatedDay {
  readonly day: number;
  readonly date: string;
  readonly settle: number;
  /** Variation margin of the day: positive paid in, negative paid out. */
  readonly variation: number;
  /** The balance after the day's variation, before any answer to a call. */
  readonly balance: number;
  /** The maintenance line for the contracts held that day. */
  readonly maintenance: number;
  readonly contracts: number;
  readonly call: MarginCall | null;
  readonly response: MarginCallResponse | null;
  /** The balance after the answer (the same as `balance` when there was no call). */
  readonly balanceAfter: number;
  readonly contractsAfter: number;
}

export interface MarginOutcome {
  readonly finalBalance: number;
  readonly deposited: number;
  readonly callsReceived: number;
  /** finalBalance − startingBalance − deposited: what the trading made or lost. */
  readonly tradingResult: number;
  /** The largest fall of the account's trading value (balance less deposits) from its highest point. */
  readonly worstDrawdown: number;
  /** The day the position was closed in answer to a call, null when it ran to the end. */
  readonly closedOnDay: number | null;
  readonly contractsAtEnd: number;
}

export type Simulation =
  | {
      readonly ok: true;
      readonly days: readonly SimulatedDay[];
      /** A call not answered yet: the run stops on its day until it is. */
      readonly pendingCall: MarginCall | null;
      /** Every day was played, or the position was closed. */
      readonly finished: boolean;
      readonly outcome: MarginOutcome;
    }
  | { readonly ok: false; readonly error: string };

const cents = (n: number): number => Math.round(n * 100) / 100;
const dollars = (n: number): string =>
  `${n < 0 ? '−' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Plays the scenario with the learner's setup and answers, as far as the answers go. */
export function simulateMargin(
  scenario: MarginScenario,
  figures: MarginFigures,
  setup: Omit<MarginRunSetup, 'scenarioId'>,
  responses: readonly MarginCallResponse[],
): Simulation {
  const { initial, maintenance } = figures.illustrativeMargin;
  if (setup.startingBalance < initial * setup.contracts)
    return {
      ok: false,
      error: `The starting balance must cover the initial margin: at least ${dollars(initial * setup.contracts)} for ${setup.contracts} contract${setup.contracts === 1 ? '' : 's'}`,
    };
  const byDay = new Map<number, MarginCallResponse>();
  for (const response of responses) {
    if (byDay.has(response.day)) return { ok: false, error: `Day ${response.day} has two answers` };
    byDay.set(response.day, response);
  }
  const sign = setup.side === 'long' ? 1 : -1;
  let balance = setup.startingBalance;
  let contracts = setup.contracts;
  let previous = scenario.entryPrice;
  let deposited = 0;
  let calls = 0;
  let peak = balance;
  let worstDrawdown = 0;
  let closedOnDay: number | null = null;
  let pendingCall: MarginCall | null = null;
  const days: SimulatedDay[] = [];
  for (const [index, { date, settle }] of scenario.days.entries()) {
    const day = index + 1;
    const variation = cents((settle - previous) * figures.multiplier * contracts * sign);
    previous = settle;
    balance = cents(balance + variation);
    const held = contracts;
    const line = cents(maintenance * held);
    const call: MarginCall | null =
      balance < line
        ? {
            day,
            amount: cents(initial * held - balance),
            canReduceTo: Math.max(0, Math.min(held - 1, Math.floor(balance / initial))),
          }
        : null;
    const response = byDay.get(day) ?? null;
    byDay.delete(day);
    if (call === null && response !== null)
      return { ok: false, error: `There was no margin call on day ${day}` };
    const before = balance;
    if (call !== null) {
      calls += 1;
      if (response === null) {
        pendingCall = call;
        days.push({
          day,
          date,
          settle,
          variation,
          balance: before,
          maintenance: line,
          contracts: held,
          call,
          response,
          balanceAfter: before,
          contractsAfter: held,
        });
        break;
      }
      if (response.action === 'deposit') {
        deposited = cents(deposited + call.amount);
        balance = cents(balance + call.amount);
      } else if (response.action === 'close') {
        contracts = 0;
        closedOnDay = day;
      } else {
        const target = response.contracts;
        if (target === undefined || target >= held)
          return {
            ok: false,
            error: `Day ${day}: reducing means holding fewer than ${held} contract${held === 1 ? '' : 's'}`,
          };
        if (target > call.canReduceTo)
          return {
            ok: false,
            error: `Day ${day}: the balance of ${dollars(balance)} covers the initial margin of at most ${call.canReduceTo} contract${call.canReduceTo === 1 ? '' : 's'}`,
          };
        contracts = target;
      }
    }
    const trading = balance - deposited;
    peak = Math.max(peak, trading);
    worstDrawdown = Math.max(worstDrawdown, cents(peak - trading));
    days.push({
      day,
      date,
      settle,
      variation,
      balance: before,
      maintenance: line,
      contracts: held,
      call,
      response,
      balanceAfter: balance,
      contractsAfter: contracts,
    });
    if (closedOnDay !== null) break;
  }
  const [unused] = [...byDay.keys()].sort((x, y) => x - y);
  if (unused !== undefined)
    return {
      ok: false,
      error:
        pendingCall !== null
          ? `The margin call on day ${pendingCall.day} must be answered before day ${unused}`
          : closedOnDay !== null
            ? `The position was closed on day ${closedOnDay}; day ${unused} has nothing to answer`
            : `There was no margin call on day ${unused}`,
    };
  return {
    ok: true,
    days,
    pendingCall,
    finished: pendingCall === null,
    outcome: {
      finalBalance: balance,
      deposited,
      callsReceived: calls,
      tradingResult: cents(balance - setup.startingBalance - deposited),
      worstDrawdown,
      closedOnDay,
      contractsAtEnd: contracts,
    },
  };
}

/**
 * The same path at half the size (at least one contract), every call met by a deposit: the debrief's
 * comparison. The starting balance is the learner's.
 */
export function atHalfSize(
  scenario: MarginScenario,
  figures: MarginFigures,
  setup: Omit<MarginRunSetup, 'scenarioId'>,
): MarginOutcome {
  const half = { ...setup, contracts: Math.max(1, Math.floor(setup.contracts / 2)) };
  const responses: MarginCallResponse[] = [];
  for (;;) {
    const run = simulateMargin(scenario, figures, half, responses);
    if (!run.ok) throw new Error(run.error);
    if (run.pendingCall === null) return run.outcome;
    responses.push({ day: run.pendingCall.day, action: 'deposit' });
  }
}
