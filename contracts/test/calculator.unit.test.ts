/**
 * The calculator's arithmetic against figures worked out by hand, and the formulas it shows with them.
 * (content/calculator-examples.unit.test.ts runs the lessons' own worked examples through it.)
 */
import {
  marginUse,
  money,
  moveValue,
  notionalValue,
  positionSize,
  profitAndLoss,
  roundTurnCosts,
  type SpecFigures,
} from '../src/calculator';

const ES: SpecFigures = { multiplier: 50, tickSize: 0.25, tickValue: 12.5, priceDecimals: 2 };
const MES: SpecFigures = { multiplier: 5, tickSize: 0.25, tickValue: 1.25, priceDecimals: 2 };
const CL: SpecFigures = { multiplier: 1000, tickSize: 0.01, tickValue: 10, priceDecimals: 2 };
const ZN: SpecFigures = { multiplier: 1000, tickSize: 0.015625, tickValue: 15.625, priceDecimals: 6 };
const SIXE: SpecFigures = { multiplier: 125_000, tickSize: 0.00005, tickValue: 6.25, priceDecimals: 5 };

describe('by hand', () => {
  test.each([
    // contract, price, contracts, notional
    ['ES', ES, 6800, 1, 340_000],
    ['MES', MES, 6800, 3, 102_000],
    ['CL', CL, 74.2, 2, 148_400],
    ['6E', SIXE, 1.165, 1, 145_625],
  ])('%s notional: %d × multiplier × %d', (_name, spec, price, contracts, expected) => {
    expect(notionalValue(spec, { price, contracts }).value).toBe(expected);
  });

  test.each([
    // side, entry, exit, contracts, result
    ['ES long up 12.25 points, 2 contracts', ES, 'long', 6800, 6812.25, 2, 1225],
    ['ES short, same move: the mirror image', ES, 'short', 6800, 6812.25, 2, -1225],
    ['CL short from 74.20 covered at 73.80', CL, 'short', 74.2, 73.8, 1, 400],
    ['ZN long 110-16 to 109-28 (110.5 to 109.875)', ZN, 'long', 110.5, 109.875, 1, -625],
    ['6E long 1.16500 to 1.16750', SIXE, 'long', 1.165, 1.1675, 1, 312.5],
  ] as const)('%s', (_name, spec, side, entry, exit, contracts, expected) => {
    expect(profitAndLoss(spec, { side, entry, exit, contracts }).value).toBe(expected);
  });

  test('a move in ticks and in points comes to the same dollars', () => {
    expect(moveValue(ES, { move: 8, unit: 'ticks', contracts: 2 }).value).toBe(200);
    expect(moveValue(ES, { move: 2, unit: 'points', contracts: 2 }).value).toBe(200);
    expect(moveValue(ZN, { move: -20, unit: 'ticks', contracts: 1 }).value).toBe(-312.5);
  });

  test('margin use: share of the account and leverage, on the account and on the margin', () => {
    const use = marginUse(ES, { price: 6800, contracts: 1, marginPerContract: 27_500, account: 50_000 });
    expect(use.margin.value).toBe(27_500);
    expect(use.shareOfAccount.value).toBe(55);
    expect(use.leverage.value).toBe(6.8);
    expect(use.leverageOnMargin.value).toBeCloseTo(12.3636, 4);
  });

  test.each([
    // account, risk %, stop, unit, contracts
    ['ES, 16-tick stop: $200 a contract, 2 fit in $500', ES, 50_000, 1, 16, 'ticks', 2],
    ['MES, the same stop: $20 a contract, 25 fit', MES, 50_000, 1, 16, 'ticks', 25],
    ['ES, a 10-point stop is 40 ticks, $500: exactly 1', ES, 50_000, 1, 10, 'points', 1],
    ['ES, a 12-point stop: $600 is more than $500, so 0', ES, 50_000, 1, 12, 'points', 0],
    ['CL, 25 cents is 25 ticks, $250; 2% of $20,000 is $400: 1', CL, 20_000, 2, 0.25, 'points', 1],
  ] as const)('position size: %s', (_name, spec, account, riskPercent, stop, unit, expected) => {
    expect(positionSize(spec, { account, riskPercent, stop, unit }).contracts.value).toBe(expected);
  });

  test('zero contracts says why and does not suggest moving the stop to fit', () => {
    const size = positionSize(ES, { account: 50_000, riskPercent: 1, stop: 12, unit: 'points' });
    expect(size.zeroReason).toContain('One contract would lose $600.00 at this stop, more than the $500.00');
    expect(size.zeroReason).toContain('smaller contract');
    expect(
      positionSize(ES, { account: 50_000, riskPercent: 1, stop: 4, unit: 'points' }).zeroReason,
    ).toBeUndefined();
  });

  test('round-turn costs: both sides of commission and fees, slippage in ticks, and the break-even move', () => {
    const costs = roundTurnCosts(ES, {
      commissionPerSide: 2.25,
      feesPerSide: 1.38,
      slippageTicks: 1,
      contracts: 3,
    });
    expect(costs.perContract.value).toBe(19.76);
    expect(costs.total.value).toBe(59.28);
    expect(costs.breakEvenTicks.value).toBeCloseTo(1.5808, 4);
  });
});

describe('formulas with the numbers filled in', () => {
  test('notional', () => {
    expect(notionalValue(ES, { price: 6800, contracts: 1 }).formula).toBe(
      '6,800.00 × $50.00 × 1 contract = $340,000.00',
    );
  });

  test('a short: entry minus exit, signed result', () => {
    expect(profitAndLoss(CL, { side: 'short', entry: 74.2, exit: 73.8, contracts: 1 }).formula).toBe(
      '(74.20 − 73.80) × $1,000.00 × 1 contract = +$400.00',
    );
    expect(profitAndLoss(ES, { side: 'long', entry: 6800, exit: 6790, contracts: 2 }).formula).toBe(
      '(6,790.00 − 6,800.00) × $50.00 × 2 contracts = −$1,000.00',
    );
  });

  test('position size shows budget, risk per contract and the rounding down', () => {
    const size = positionSize(ES, { account: 50_000, riskPercent: 1, stop: 10, unit: 'points' });
    expect(size.budget.formula).toBe('$50,000.00 × 1% = $500.00');
    expect(size.riskPerContract.formula).toBe('10 points (40 ticks) × $12.50 = $500.00');
    expect(size.contracts.formula).toBe('$500.00 ÷ $500.00 = 1, rounded down: 1 contract');
  });

  test('money: grouped, two decimals, a true minus sign', () => {
    expect(money(-1234.5)).toBe('−$1,234.50');
    expect(money(0.1 + 0.2)).toBe('$0.30');
    expect(money(15.625)).toBe('$15.63');
  });
});
