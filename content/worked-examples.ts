/**
 * The worked examples of the course as data: for each, the lesson file, the inputs, the kind of calculation and
 * the figure the lesson states. `content/worked-examples.unit.test.ts` recomputes every entry and checks that the
 * lesson says exactly that figure, so a changed input or a changed figure fails. The formulas are pure and take
 * plain numbers, so a calculator can offer the same calculations and be checked against the same examples.
 *
 * `says` is a passage copied from the lesson with the stated figure in braces: "A long **gains {$912.50}**".
 * The passage without the braces must appear in the file; the braced figure is what the formula must give, to
 * the precision it is written with. A figure written without a sign ("a loss of $550") is compared by size and
 * its direction by `outcome`.
 */

export type Side = 'long' | 'short';
const direction = (side: Side) => (side === 'long' ? 1 : -1);

/** Each kind of calculation the course teaches, with its inputs. */
export const formulas = {
  /** Profit or loss of an outright position: price change × value of one point × contracts, signed by side. */
  pnl: (i: { side: Side; entry: number; exit: number; pointValue: number; contracts: number }) =>
    direction(i.side) * (i.exit - i.entry) * i.pointValue * i.contracts,
  /** The money value of a price move of `move`: move × value of one point × contracts (unsigned). */
  moveValue: (i: { move: number; pointValue: number; contracts: number }) =>
    i.move * i.pointValue * i.contracts,
  /** How many ticks a move is. */
  ticks: (i: { move: number; tickSize: number }) => i.move / i.tickSize,
  /** The money value of one tick: tick size × value of one point. */
  tickValue: (i: { tickSize: number; pointValue: number }) => i.tickSize * i.pointValue,
  /** Notional value: price × value of one point (the multiplier) × contracts. */
  notional: (i: { price: number; pointValue: number; contracts: number }) =>
    i.price * i.pointValue * i.contracts,
  /** Leverage: notional value ÷ money deposited. */
  leverage: (i: { notional: number; deposit: number }) => i.notional / i.deposit,
  /** A part as a percentage of a whole. */
  percentOf: (i: { part: number; whole: number }) => (i.part / i.whole) * 100,
  /** The deposit that brings an account back to initial margin after a margin call. */
  marginCall: (i: { initial: number; balance: number }) => i.initial - i.balance,
  /** The dollar risk a rule allows: equity × percent risked. */
  riskBudget: (i: { equity: number; riskPercent: number }) => (i.equity * i.riskPercent) / 100,
  /** Contracts fixed-fractional sizing allows: risk budget ÷ risk per contract, rounded down. */
  positionSize: (i: { equity: number; riskPercent: number; riskPerContract: number }) =>
    Math.floor((i.equity * i.riskPercent) / 100 / i.riskPerContract + 1e-9),
  /** A result in R: the result ÷ the planned risk. */
  rMultiple: (i: { result: number; risk: number }) => i.result / i.risk,
  /** The percentage gain that recovers a loss of `lossPercent`. */
  recoveryGain: (i: { lossPercent: number }) => (i.lossPercent / (100 - i.lossPercent)) * 100,
  /** Expectancy per trade: win rate × average win − loss rate × average loss. */
  expectancy: (i: { winRate: number; averageWin: number; averageLoss: number }) =>
    i.winRate * i.averageWin - (1 - i.winRate) * i.averageLoss,
  /** Equity after `trades` losses of `riskPercent` each, every loss a share of the equity then. */
  compoundedLosses: (i: { equity: number; riskPercent: number; trades: number }) =>
    i.equity * (1 - i.riskPercent / 100) ** i.trades,
  /** A calendar or inter-commodity spread: change in the spread × value of one point × contracts, signed by side. */
  spreadPnl: (i: {
    side: Side;
    entrySpread: number;
    exitSpread: number;
    pointValue: number;
    contracts: number;
  }) => direction(i.side) * (i.exitSpread - i.entrySpread) * i.pointValue * i.contracts,
  /** Treasury futures quoted in points and 32nds ("110-16"): the result of a position, $1,000 a point. */
  treasuryPnl: (i: { side: Side; entry: string; exit: string; contracts: number }) =>
    ((direction(i.side) * (thirtySeconds(i.exit) - thirtySeconds(i.entry))) / 32) * 1000 * i.contracts,
  /** Futures contracts that cover an exposure: exposure ÷ (price × value of one point), rounded. */
  hedgeContracts: (i: { exposure: number; price: number; pointValue: number }) =>
    Math.round(i.exposure / (i.price * i.pointValue)),
  /** Cost-of-carry fair value: cash + financing for the period + storage − income. */
  fairValue: (i: { cash: number; ratePercent: number; months: number; storage: number; income: number }) =>
    i.cash + (i.cash * i.ratePercent * i.months) / 1200 + i.storage - i.income,
  /** The basis: cash price − futures price. */
  basis: (i: { cash: number; futures: number }) => i.cash - i.futures,
  /** An option's intrinsic value per unit: how far it is in the money (never below zero). */
  intrinsicValue: (i: { type: 'call' | 'put'; strike: number; futures: number }) =>
    Math.max(0, i.type === 'call' ? i.futures - i.strike : i.strike - i.futures),
  /** An option's time value per unit: premium − intrinsic value. */
  timeValue: (i: { type: 'call' | 'put'; strike: number; futures: number; premium: number }) =>
    i.premium - Math.max(0, i.type === 'call' ? i.futures - i.strike : i.strike - i.futures),
  /** An option held to expiry: (intrinsic value at expiry − premium) × units, signed by side. */
  optionPnl: (i: {
    side: Side;
    type: 'call' | 'put';
    strike: number;
    premium: number;
    futuresAtExpiry: number;
    units: number;
  }) =>
    direction(i.side) *
    (Math.max(0, i.type === 'call' ? i.futuresAtExpiry - i.strike : i.strike - i.futuresAtExpiry) -
      i.premium) *
    i.units,
  /** A long or short future with an option held to expiry on it (a protective put, a covered call), per point value. */
  futuresWithOption: (i: {
    side: Side;
    entry: number;
    exit: number;
    option: { side: Side; type: 'call' | 'put'; strike: number; premium: number };
    pointValue: number;
  }) => {
    const { option } = i;
    const intrinsic = Math.max(0, option.type === 'call' ? i.exit - option.strike : option.strike - i.exit);
    return (
      (direction(i.side) * (i.exit - i.entry) + direction(option.side) * (intrinsic - option.premium)) *
      i.pointValue
    );
  },
  /** The day of the month of the `nth` given weekday (0 Sunday … 6 Saturday) of a month (1–12). */
  nthWeekday: (i: { year: number; month: number; weekday: number; nth: number }) => {
    const first = new Date(Date.UTC(i.year, i.month - 1, 1)).getUTCDay();
    return 1 + ((i.weekday - first + 7) % 7) + 7 * (i.nth - 1);
  },
  /** Business days (Monday to Friday, less the holidays) from one ISO date to another, both counted. */
  businessDays: (i: { from: string; to: string; holidays: readonly string[] }) => {
    let count = 0;
    for (let day = new Date(`${i.from}T00:00:00Z`); day <= new Date(`${i.to}T00:00:00Z`); ) {
      const weekday = day.getUTCDay();
      if (weekday !== 0 && weekday !== 6 && !i.holidays.includes(day.toISOString().slice(0, 10))) count += 1;
      day = new Date(day.getTime() + 86_400_000);
    }
    return count;
  },
  /** Round-turn costs of a trade: contracts × (commissions and fees + slippage ticks × tick value). */
  tradeCosts: (i: {
    contracts: number;
    feesPerRoundTurn: number;
    slippageTicks: number;
    tickValue: number;
  }) => i.contracts * (i.feesPerRoundTurn + i.slippageTicks * i.tickValue),
  /** Gambler's ruin with equal wins and losses: (loss rate ÷ win rate) to the power of the units the account holds. */
  ruinProbability: (i: { winRate: number; units: number }) => ((1 - i.winRate) / i.winRate) ** i.units,
  /** How many losses in a row, each `riskPercent` of the equity then, first take the account below half. */
  lossesToHalve: (i: { riskPercent: number }) => Math.ceil(Math.log(0.5) / Math.log(1 - i.riskPercent / 100)),
  /** A trade's result after costs: the outright result − contracts × cost per round turn. */
  netPnl: (i: {
    side: Side;
    entry: number;
    exit: number;
    pointValue: number;
    contracts: number;
    costPerContract: number;
  }) => direction(i.side) * (i.exit - i.entry) * i.pointValue * i.contracts - i.contracts * i.costPerContract,
  /** A backtest's net over its trades: trades × (gross per trade − fees − slippage ticks × tick value). */
  backtestNet: (i: {
    trades: number;
    grossPerTrade: number;
    feesPerRoundTurn: number;
    slippageTicks: number;
    tickValue: number;
  }) => i.trades * (i.grossPerTrade - i.feesPerRoundTurn - i.slippageTicks * i.tickValue),
  /** How a trade feels with losses weighted `lossWeight` times gains: p × gain − (1 − p) × weight × loss. */
  feltValue: (i: { winProbability: number; gain: number; loss: number; lossWeight: number }) =>
    i.winProbability * i.gain - (1 - i.winProbability) * i.lossWeight * i.loss,
  /** The win rate at which average wins and losses break even: loss ÷ (win + loss). */
  breakEvenWinRate: (i: { averageWin: number; averageLoss: number }) =>
    i.averageLoss / (i.averageWin + i.averageLoss),
  /** A managed account's net after costs and an incentive fee charged only on profit after costs. */
  afterIncentiveFee: (i: { tradingResult: number; costs: number; incentivePercent: number }) => {
    const afterCosts = i.tradingResult - i.costs;
    return afterCosts > 0 ? afterCosts * (1 - i.incentivePercent / 100) : afterCosts;
  },
  /** Tax on a net Section 1256 gain split 60% long-term and 40% short-term (an illustration, not tax advice). */
  section1256Tax: (i: { netGain: number; longTermRatePercent: number; shortTermRatePercent: number }) =>
    (i.netGain * (0.6 * i.longTermRatePercent + 0.4 * i.shortTermRatePercent)) / 100,
  /** The percent chance that at least one of `tests` rules without an edge passes by luck. */
  atLeastOnePasses: (i: { chancePercent: number; tests: number }) =>
    (1 - (1 - i.chancePercent / 100) ** i.tests) * 100,
  /** A share of a total: total × percent. */
  share: (i: { total: number; percent: number }) => (i.total * i.percent) / 100,
} as const;

export type FormulaKind = keyof typeof formulas;
export type InputsOf<K extends FormulaKind> = Parameters<(typeof formulas)[K]>[0];

/** One worked example: where it is, what goes in, which calculation, and what the lesson says comes out. */
export type WorkedExample = {
  [K in FormulaKind]: {
    /** The lesson file under content/course/. */
    readonly file: string;
    readonly kind: K;
    readonly inputs: InputsOf<K>;
    /** The lesson's own words, with the stated figure in braces. */
    readonly says: string;
    /** For a figure written without a sign: whether the lesson calls it a gain or a loss. */
    readonly outcome?: 'gain' | 'loss';
  };
}[FormulaKind];

/** Computes an example's result from its inputs. */
export function compute(example: WorkedExample): number {
  const formula = formulas[example.kind] as (inputs: InputsOf<typeof example.kind>) => number;
  return formula(example.inputs);
}

/** 110-16 → 3,536 thirty-seconds; 110-165 (a half) → 3,536.5. */
export function thirtySeconds(price: string): number {
  const match = /^(\d+)-(\d{2})(5?)$/.exec(price);
  if (!match) throw new Error(`not a price in points and 32nds: ${price}`);
  const [, points, thirtyTwos, half] = match;
  return Number(points) * 32 + Number(thirtyTwos) + (half ? 0.5 : 0);
}

/** A stated figure as written: its value (a percentage as its number of percent), sign and precision. */
export interface Figure {
  readonly value: number;
  readonly signed: boolean;
  /** Half a unit of the last digit written: the largest rounding the figure can hide. */
  readonly tolerance: number;
}

/** Reads "$1,550", "−$912.50", "+$0.45", "13%", "3.09%", "1.8" or "−3.3R". */
export function readFigure(text: string): Figure {
  const match = /^([−+-]?)\$?(\d[\d,]*(?:\.(\d+))?)(%|R)?$/.exec(text.trim());
  if (!match) throw new Error(`not a figure: ${text}`);
  const [, sign, digits = '', decimals = ''] = match;
  const size = Number(digits.replace(/,/g, ''));
  return {
    value: sign === '−' || sign === '-' ? -size : size,
    signed: sign !== '',
    tolerance: 0.5 * 10 ** -decimals.length + 1e-9,
  };
}

/** The passage of an example as it appears in the lesson (braces removed) and its stated figure. */
export function splitSays(says: string): { passage: string; figure: string } {
  const match = /\{([^}]+)\}/.exec(says);
  if (!match || match[1] === undefined) throw new Error(`no {figure} in: ${says}`);
  return { passage: says.replace(/[{}]/g, ''), figure: match[1] };
}

/** What is wrong with an example against the lesson text, or undefined when it holds. */
export function checkExample(example: WorkedExample, lessonText: string): string | undefined {
  const { passage, figure } = splitSays(example.says);
  if (!lessonText.includes(passage)) return `the lesson no longer says "${passage}"`;
  const stated = readFigure(figure);
  const result = compute(example);
  const matches = stated.signed
    ? Math.abs(result - stated.value) <= stated.tolerance
    : Math.abs(Math.abs(result) - stated.value) <= stated.tolerance;
  if (!matches) return `the inputs give ${result}, the lesson says ${figure}`;
  if (example.outcome && !stated.signed) {
    const outcome = result >= 0 ? 'gain' : 'loss';
    if (outcome !== example.outcome)
      return `the inputs give a ${outcome}, the lesson says a ${example.outcome}`;
  }
  return undefined;
}

// -------------------------------------------------------------------------------------------------------------
// The arithmetic written out in the text: every chain "a × b = c = d" is evaluated, side by side.

const UNIT_WORDS =
  'troy ounces|ounces?|barrels?|bushels?|contracts?|thirty-seconds|percentage points|basis points|points?|ticks?|trades?|months?|days?|gallons|euros|shares';
const NUMBER = String.raw`[−+]?\$?\d[\d,]*(?:\.\d+)?%?`;
const TERM = String.raw`(?:\(\s*)*${NUMBER}(?:\s+(?:${UNIT_WORDS}))?(?:\s*\))*`;
const OPERATOR = String.raw`\s*[×÷+−/]\s*`;
const SIDE = String.raw`(?:(?:about|roughly)\s+|≈\s*)?(?:\*\*)?${TERM}(?:${OPERATOR}${TERM})*(?:\*\*)?`;
const CHAIN = new RegExp(String.raw`${SIDE}(?:\s*=\s*${SIDE})+`, 'g');
const UNITS = new RegExp(String.raw`\s+(?:${UNIT_WORDS})\b`, 'g');
const TOKEN = /^(?:[()×÷/]|[−+]?\$?\d[\d,]*(?:\.\d+)?%?|[−+])/;

/** Splits arithmetic into numbers and operators; a sign that opens a number (at the start, after an operator or "(") is the number's. */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let rest = text.trim();
  while (rest !== '') {
    const previous = tokens.at(-1);
    const signAllowed = previous === undefined || /^[(×÷/+−]$/.test(previous);
    const signed = /^[−+]\$?\d/.test(rest);
    const match = signed && !signAllowed ? /^[−+]/.exec(rest) : TOKEN.exec(rest);
    if (!match) throw new Error(`not arithmetic: ${text}`);
    tokens.push(match[0]);
    rest = rest.slice(match[0].length).trimStart();
  }
  return tokens;
}

/** One side of an equation: its value, whether it is a single figure, and that figure's rounding. */
export interface EvaluatedSide {
  readonly text: string;
  readonly value: number;
  readonly operators: number;
  readonly figure: Figure | undefined;
}

/** Evaluates "($4,215.50 − $4,200.00) × 100 ounces" (× ÷ / before + −; a % is a hundredth). */
export function evaluate(expression: string): EvaluatedSide {
  const text = expression
    .replace(/\*\*/g, '')
    .replace(/^\s*(?:about|roughly)\s+|≈/g, '')
    .replace(UNITS, '')
    .trim();
  const tokens = tokenize(text);
  let at = 0;
  const next = () => tokens[at++];
  const peek = () => tokens[at];
  const number = (token: string) => {
    const percent = token.endsWith('%');
    const size = Number(token.replace(/[$,%+]/g, '').replace('−', '-'));
    if (Number.isNaN(size)) throw new Error(`not a number: ${token}`);
    return percent ? size / 100 : size;
  };
  const primary = (): number => {
    const token = next();
    if (token === undefined) throw new Error(`incomplete: ${text}`);
    if (token === '(') {
      const value = sum();
      if (next() !== ')') throw new Error(`unbalanced: ${text}`);
      return value;
    }
    if (token === '−') return -primary();
    if (token === '+') return primary();
    return number(token);
  };
  const product = (): number => {
    let value = primary();
    for (let op = peek(); op === '×' || op === '÷' || op === '/'; op = peek()) {
      next();
      value = op === '×' ? value * primary() : value / primary();
    }
    return value;
  };
  const sum = (): number => {
    let value = product();
    for (let op = peek(); op === '+' || op === '−'; op = peek()) {
      next();
      value = op === '+' ? value + product() : value - product();
    }
    return value;
  };
  const value = sum();
  if (at !== tokens.length) throw new Error(`not arithmetic: ${text}`);
  const operators = tokens.filter((t) => ['×', '÷', '/', '+', '−'].includes(t)).length;
  const single = tokens.length === 1 ? tokens[0] : undefined;
  const figure = single === undefined ? undefined : readFigure(single.replace(/%$/, ''));
  return { text, value, operators, figure: figure && single?.endsWith('%') ? percentFigure(single) : figure };
}

const percentFigure = (token: string): Figure => {
  const plain = readFigure(token.replace(/%$/, ''));
  return { value: plain.value / 100, signed: plain.signed, tolerance: plain.tolerance / 100 };
};

/** An equation in the text whose two sides differ, with where it is. */
export interface WrongEquation {
  readonly line: number;
  readonly written: string;
  readonly left: number;
  readonly right: number;
}

/**
 * Every chain of "=" in `text` whose sides are arithmetic, checked pair by pair: a computation on the left must
 * equal what follows it (to the precision of a single figure on the right; by size when that figure has no sign,
 * or when the computation has none, as in a loss written "$0.80 × 40,000 = −$32,000"; a percentage on the right
 * may be written in percent of the left). Pairs without a computation on the left (unit conversions such as
 * "0.25 points = $12.50") are not equations.
 */
export function wrongEquations(text: string): { checked: number; wrong: WrongEquation[] } {
  let checked = 0;
  const wrong: WrongEquation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(CHAIN)) {
      let sides: EvaluatedSide[];
      try {
        sides = match[0].split(/\s*=\s*/).map(evaluate);
      } catch {
        continue;
      }
      for (let k = 1; k < sides.length; k += 1) {
        const left = sides[k - 1];
        const right = sides[k];
        if (!left || !right || left.operators === 0) continue;
        checked += 1;
        if (!equal(left, right)) {
          wrong.push({ line: index + 1, written: match[0].trim(), left: left.value, right: right.value });
        }
      }
    }
  });
  return { checked, wrong };
}

function equal(left: EvaluatedSide, right: EvaluatedSide): boolean {
  const close = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance;
  if (!right.figure) return close(left.value, right.value, Math.max(1e-9, Math.abs(right.value) * 1e-9));
  const { value, signed, tolerance } = right.figure;
  const unsignedLeft = !left.text.includes('−');
  const candidates = [value];
  if (right.text.endsWith('%') && !left.text.includes('%')) candidates.push(value * 100);
  return candidates.some(
    (want, i) =>
      close(left.value, want, i === 0 ? tolerance : tolerance * 100) ||
      ((!signed || unsignedLeft) &&
        close(Math.abs(left.value), Math.abs(want), i === 0 ? tolerance : tolerance * 100)),
  );
}
