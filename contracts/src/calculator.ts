/**
 * The contract calculator's arithmetic: pure, shared by the calculator screen, the lessons' embedded
 * calculators and the test that reads the lessons' worked examples. Each result carries its formula with the
 * numbers filled in, written the way the lessons write theirs ("6,800.00 × $50 × 1 = $340,000.00").
 */
import type { ContractSpec } from './contract-specs';

export type Side = 'long' | 'short';

/** A figure and how it was reached. */
export interface Calculation {
  readonly value: number;
  /** The formula with the numbers filled in. */
  readonly formula: string;
}

/** The parts of a specification the arithmetic needs. */
export type SpecFigures = Pick<ContractSpec, 'multiplier' | 'tickSize' | 'tickValue' | 'priceDecimals'>;

const MINUS = '−';

/** Rounds away binary noise (0.1 + 0.2) without hiding a real fraction of a cent. */
const clean = (n: number): number => Math.round(n * 1e9) / 1e9;

const grouped = (n: number, decimals: number): string =>
  Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** $1,234.50, −$1,234.50 (a signed amount shows + when asked). */
export function money(n: number, options: { signed?: boolean } = {}): string {
  const value = clean(n);
  const sign = value < 0 ? MINUS : options.signed && value > 0 ? '+' : '';
  return `${sign}$${grouped(value, 2)}`;
}

/** A plain number with as many decimals as it has, up to `max` (12.5, 0.25, 3). */
export function plain(n: number, max = 6): string {
  const value = clean(n);
  const sign = value < 0 ? MINUS : '';
  return `${sign}${Math.abs(value).toLocaleString('en-US', { maximumFractionDigits: max })}`;
}

const price = (n: number, spec: Pick<SpecFigures, 'priceDecimals'>): string =>
  `${n < 0 ? MINUS : ''}${grouped(n, spec.priceDecimals)}`;

const count = (n: number, one: string, many: string): string => `${plain(n)} ${n === 1 ? one : many}`;

/** What the contracts control: price × multiplier × contracts. */
export function notionalValue(spec: SpecFigures, input: { price: number; contracts: number }): Calculation {
  const value = clean(input.price * spec.multiplier * input.contracts);
  return {
    value,
    formula: `${price(input.price, spec)} × ${money(spec.multiplier)} × ${count(input.contracts, 'contract', 'contracts')} = ${money(value)}`,
  };
}

/** The result of a trade from its entry and exit prices: (exit − entry) × multiplier × contracts, reversed for a short. */
export function profitAndLoss(
  spec: SpecFigures,
  input: { side: Side; entry: number; exit: number; contracts: number },
): Calculation {
  const [from, to] = input.side === 'long' ? [input.entry, input.exit] : [input.exit, input.entry];
  const value = clean((to - from) * spec.multiplier * input.contracts);
  return {
    value,
    formula: `(${price(to, spec)} − ${price(from, spec)}) × ${money(spec.multiplier)} × ${count(input.contracts, 'contract', 'contracts')} = ${money(value, { signed: true })}`,
  };
}

/** The result of a move in the position's favour (positive) or against it (negative), in points or ticks. */
export function moveValue(
  spec: SpecFigures,
  input: { move: number; unit: 'points' | 'ticks'; contracts: number },
): Calculation {
  if (input.unit === 'ticks') {
    const value = clean(input.move * spec.tickValue * input.contracts);
    return {
      value,
      formula: `${count(input.move, 'tick', 'ticks')} × ${money(spec.tickValue)} × ${count(input.contracts, 'contract', 'contracts')} = ${money(value, { signed: true })}`,
    };
  }
  const value = clean(input.move * spec.multiplier * input.contracts);
  return {
    value,
    formula: `${count(input.move, 'point', 'points')} × ${money(spec.multiplier)} × ${count(input.contracts, 'contract', 'contracts')} = ${money(value, { signed: true })}`,
  };
}

export interface MarginUse {
  /** Margin held for the position: margin per contract × contracts. */
  readonly margin: Calculation;
  /** That margin as a share of the account, in percent. */
  readonly shareOfAccount: Calculation;
  /** Notional ÷ account: how many dollars of exposure each dollar of the account carries. */
  readonly leverage: Calculation;
  /** Notional ÷ margin: the leverage of the deposit alone. */
  readonly leverageOnMargin: Calculation;
}

/** How much of an account a position ties up, and the leverage it carries. */
export function marginUse(
  spec: SpecFigures,
  input: { price: number; contracts: number; marginPerContract: number; account: number },
): MarginUse {
  const notional = notionalValue(spec, input).value;
  const margin = clean(input.marginPerContract * input.contracts);
  const share = clean((margin / input.account) * 100);
  return {
    margin: {
      value: margin,
      formula: `${money(input.marginPerContract)} × ${count(input.contracts, 'contract', 'contracts')} = ${money(margin)}`,
    },
    shareOfAccount: {
      value: share,
      formula: `${money(margin)} ÷ ${money(input.account)} = ${plain(share, 1)}%`,
    },
    leverage: {
      value: clean(notional / input.account),
      formula: `${money(notional)} ÷ ${money(input.account)} = ${plain(notional / input.account, 2)} times`,
    },
    leverageOnMargin: {
      value: clean(notional / margin),
      formula: `${money(notional)} ÷ ${money(margin)} = ${plain(notional / margin, 2)} times`,
    },
  };
}

export interface PositionSize {
  /** Account × risk %: the most this trade may lose. */
  readonly budget: Calculation;
  /** Stop distance in ticks × tick value: what one contract loses at the stop. */
  readonly riskPerContract: Calculation;
  /** Budget ÷ risk per contract, rounded down. */
  readonly contracts: Calculation;
  /** Set when the answer is zero contracts: why, and what that means. */
  readonly zeroReason?: string;
}

/**
 * How many contracts keep a trade's loss at its stop within a risk budget:
 * account × risk % ÷ (stop distance × tick value), rounded down.
 */
export function positionSize(
  spec: SpecFigures,
  input: { account: number; riskPercent: number; stop: number; unit: 'points' | 'ticks' },
): PositionSize {
  const budget = clean((input.account * input.riskPercent) / 100);
  const stopTicks = input.unit === 'ticks' ? input.stop : clean(input.stop / spec.tickSize);
  const perContract = clean(stopTicks * spec.tickValue);
  const exact = budget / perContract;
  const contracts = Math.floor(clean(exact));
  const ticksText =
    input.unit === 'ticks'
      ? count(stopTicks, 'tick', 'ticks')
      : `${count(input.stop, 'point', 'points')} (${count(stopTicks, 'tick', 'ticks')})`;
  return {
    budget: {
      value: budget,
      formula: `${money(input.account)} × ${plain(input.riskPercent)}% = ${money(budget)}`,
    },
    riskPerContract: {
      value: perContract,
      formula: `${ticksText} × ${money(spec.tickValue)} = ${money(perContract)}`,
    },
    contracts: {
      value: contracts,
      formula: `${money(budget)} ÷ ${money(perContract)} = ${plain(exact, 2)}, rounded down: ${count(contracts, 'contract', 'contracts')}`,
    },
    ...(contracts === 0
      ? {
          zeroReason: `One contract would lose ${money(perContract)} at this stop, more than the ${money(budget)} this trade may risk. The answer is not to trade this contract with this stop: choose a smaller contract (a micro) or pass on the trade. Moving the stop closer only to make the size fit changes the plan, not the risk.`,
        }
      : {}),
  };
}

export interface RoundTurnCosts {
  /** Commission and exchange fees, both sides, and the slippage of one round turn, for one contract. */
  readonly perContract: Calculation;
  readonly total: Calculation;
  /** The move in ticks a trade needs just to pay its costs. */
  readonly breakEvenTicks: Calculation;
}

/** What a round turn (in and out) costs: 2 × (commission + fees) + slippage ticks × tick value, per contract. */
export function roundTurnCosts(
  spec: SpecFigures,
  input: { commissionPerSide: number; feesPerSide: number; slippageTicks: number; contracts: number },
): RoundTurnCosts {
  const slippage = clean(input.slippageTicks * spec.tickValue);
  const perContract = clean(2 * (input.commissionPerSide + input.feesPerSide) + slippage);
  const total = clean(perContract * input.contracts);
  const breakEven = clean(perContract / spec.tickValue);
  return {
    perContract: {
      value: perContract,
      formula: `2 × (${money(input.commissionPerSide)} + ${money(input.feesPerSide)}) + ${count(input.slippageTicks, 'tick', 'ticks')} × ${money(spec.tickValue)} = ${money(perContract)}`,
    },
    total: {
      value: total,
      formula: `${money(perContract)} × ${count(input.contracts, 'contract', 'contracts')} = ${money(total)}`,
    },
    breakEvenTicks: {
      value: breakEven,
      formula: `${money(perContract)} ÷ ${money(spec.tickValue)} = ${plain(breakEven, 2)} ticks`,
    },
  };
}
