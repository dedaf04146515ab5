// The lessons' worked examples that the contract calculator covers (notional value, P&L, the value of a move
// or a tick, leverage on a deposit, position size, round-turn costs), put through the calculator the learner
// uses: each gives the figure the lesson states. worked-examples.unit.test.ts checks that the lessons still
// state these figures in these words.
import {
  marginUse,
  moveValue,
  notionalValue,
  positionSize,
  profitAndLoss,
  roundTurnCosts,
  type SpecFigures,
} from '@tickwise/contracts/calculator';
import { readFigure, splitSays, type WorkedExample } from './worked-examples';
import { WORKED_EXAMPLES } from './worked-examples-table';

/** A contract whose one point is worth `pointValue` (the table records the lessons' point values). */
const perPoint = (pointValue: number, tickSize = 1): SpecFigures => ({
  multiplier: pointValue,
  tickSize,
  tickValue: tickSize * pointValue,
  priceDecimals: 2,
});

/** What the calculator answers for an example it covers; undefined for the others. */
function calculated(example: WorkedExample): number | undefined {
  switch (example.kind) {
    case 'notional': {
      const { price, pointValue, contracts } = example.inputs;
      return notionalValue(perPoint(pointValue), { price, contracts }).value;
    }
    case 'pnl': {
      const { side, entry, exit, pointValue, contracts } = example.inputs;
      return profitAndLoss(perPoint(pointValue), { side, entry, exit, contracts }).value;
    }
    case 'moveValue': {
      const { move, pointValue, contracts } = example.inputs;
      return moveValue(perPoint(pointValue), { move, unit: 'points', contracts }).value;
    }
    case 'tickValue': {
      const { tickSize, pointValue } = example.inputs;
      return moveValue(perPoint(pointValue, tickSize), { move: 1, unit: 'ticks', contracts: 1 }).value;
    }
    case 'leverage': {
      // Leverage on a deposit: a one-contract position whose notional is the example's, margined by the deposit.
      const { notional, deposit } = example.inputs;
      return marginUse(perPoint(1), {
        price: notional,
        contracts: 1,
        marginPerContract: deposit,
        account: deposit,
      }).leverageOnMargin.value;
    }
    case 'positionSize': {
      // The lesson gives the loss per contract at the stop: a stop of one tick worth exactly that.
      const { equity, riskPercent, riskPerContract } = example.inputs;
      return positionSize(perPoint(riskPerContract), { account: equity, riskPercent, stop: 1, unit: 'ticks' })
        .contracts.value;
    }
    case 'tradeCosts': {
      const { contracts, feesPerRoundTurn, slippageTicks, tickValue } = example.inputs;
      return roundTurnCosts(perPoint(tickValue), {
        commissionPerSide: feesPerRoundTurn / 2,
        feesPerSide: 0,
        slippageTicks,
        contracts,
      }).total.value;
    }
    default:
      return undefined;
  }
}

const covered = WORKED_EXAMPLES.flatMap((example) => {
  const value = calculated(example);
  return value === undefined ? [] : [{ example, value }];
});

test('the calculator covers the lessons’ notional, P&L, move, tick, leverage, sizing and cost examples', () => {
  const kinds = new Set(covered.map(({ example }) => example.kind));
  expect([...kinds].sort()).toEqual(
    ['leverage', 'moveValue', 'notional', 'pnl', 'positionSize', 'tickValue', 'tradeCosts'].sort(),
  );
  expect(covered.length).toBeGreaterThanOrEqual(70);
});

test.each(
  covered.map(
    ({ example, value }) => [example.file, splitSays(example.says).figure, example, value] as const,
  ),
)('%s: %s', (_file, figure, example, value) => {
  const stated = readFigure(figure);
  const difference = stated.signed ? value - stated.value : Math.abs(value) - stated.value;
  expect(Math.abs(difference)).toBeLessThanOrEqual(stated.tolerance);
  if (example.outcome && !stated.signed) expect(value >= 0 ? 'gain' : 'loss').toBe(example.outcome);
});
