// The margin-call simulator's arithmetic for each shipped scenario, day by day, against tables worked out
// apart from the app's code (settlement change × multiplier × contracts, reversed for a short; a call when the
// balance is below maintenance × contracts, for the amount back to initial × contracts).
import { loadContractSpecs, loadMarginScenarios } from '@tickwise/command-service/catalog';
import {
  atHalfSize,
  type MarginCallResponse,
  type MarginRunSetup,
  type MarginScenario,
  simulateMargin,
} from '@tickwise/contracts';

const SPECS = loadContractSpecs().specs;
const { scenarios } = loadMarginScenarios();
const scenario = (id: string): MarginScenario => {
  const found = scenarios.find((s) => s.id === id);
  if (!found) throw new Error(`no scenario ${id}`);
  return found;
};
const figures = (s: MarginScenario) => {
  const spec = SPECS.find((c) => c.symbol === s.contract);
  if (!spec) throw new Error(`no contract ${s.contract}`);
  return spec;
};

/** day, settlement, variation, balance, maintenance line, call amount (null: none), balance after the answer */
type Row = readonly [number, number, number, number, number, number | null, number];

function play(id: string, setup: Omit<MarginRunSetup, 'scenarioId'>, responses: MarginCallResponse[]) {
  const s = scenario(id);
  const run = simulateMargin(s, figures(s), setup, responses);
  if (!run.ok) throw new Error(run.error);
  const rows: Row[] = run.days.map((d) => [
    d.day,
    d.settle,
    d.variation,
    d.balance,
    d.maintenance,
    d.call?.amount ?? null,
    d.balanceAfter,
  ]);
  return { run, rows };
}

test('the shipped scenarios: four, each trading a published contract, hypothetical', () => {
  expect(scenarios.map((s) => s.id)).toEqual([
    'es-three-day-slide',
    'cl-supply-shock',
    'gc-whipsaw',
    'mes-quiet-week',
  ]);
});

test('ES slide, long 1 from $30,000, both calls met by deposits', () => {
  const { run, rows } = play('es-three-day-slide', { side: 'long', contracts: 1, startingBalance: 30_000 }, [
    { day: 3, action: 'deposit' },
    { day: 5, action: 'deposit' },
  ]);
  expect(rows).toEqual([
    [1, 6772.5, -1375, 28_625, 25_000, null, 28_625],
    [2, 6741.25, -1562.5, 27_062.5, 25_000, null, 27_062.5],
    [3, 6688, -2662.5, 24_400, 25_000, 3100, 27_500],
    [4, 6702.75, 737.5, 28_237.5, 25_000, null, 28_237.5],
    [5, 6590, -5637.5, 22_600, 25_000, 4900, 27_500],
    [6, 6618.5, 1425, 28_925, 25_000, null, 28_925],
    [7, 6655.25, 1837.5, 30_762.5, 25_000, null, 30_762.5],
    [8, 6671, 787.5, 31_550, 25_000, null, 31_550],
  ]);
  expect(run.outcome).toEqual({
    finalBalance: 31_550,
    deposited: 8000,
    callsReceived: 2,
    tradingResult: -6450,
    worstDrawdown: 10_500,
    closedOnDay: null,
    contractsAtEnd: 1,
  });
});

test('ES slide, long 2 from $56,000, the call met by reducing to the 1 contract the balance covers', () => {
  const { run, rows } = play('es-three-day-slide', { side: 'long', contracts: 2, startingBalance: 56_000 }, [
    { day: 3, action: 'reduce', contracts: 1 },
  ]);
  expect(rows).toEqual([
    [1, 6772.5, -2750, 53_250, 50_000, null, 53_250],
    [2, 6741.25, -3125, 50_125, 50_000, null, 50_125],
    [3, 6688, -5325, 44_800, 50_000, 10_200, 44_800],
    [4, 6702.75, 737.5, 45_537.5, 25_000, null, 45_537.5],
    [5, 6590, -5637.5, 39_900, 25_000, null, 39_900],
    [6, 6618.5, 1425, 41_325, 25_000, null, 41_325],
    [7, 6655.25, 1837.5, 43_162.5, 25_000, null, 43_162.5],
    [8, 6671, 787.5, 43_950, 25_000, null, 43_950],
  ]);
  expect(run.days[2]?.call?.canReduceTo).toBe(1);
  expect(run.outcome).toMatchObject({
    finalBalance: 43_950,
    deposited: 0,
    tradingResult: -12_050,
    worstDrawdown: 16_100,
    contractsAtEnd: 1,
  });
});

test('crude supply shock, short 2 from $15,000: three calls, each met by a deposit', () => {
  const { run, rows } = play('cl-supply-shock', { side: 'short', contracts: 2, startingBalance: 15_000 }, [
    { day: 2, action: 'deposit' },
    { day: 4, action: 'deposit' },
    { day: 5, action: 'deposit' },
  ]);
  expect(rows).toEqual([
    [1, 61.2, -2400, 12_600, 12_000, null, 12_600],
    [2, 62.85, -3300, 9300, 12_000, 3900, 13_200],
    [3, 62.1, 1500, 14_700, 12_000, null, 14_700],
    [4, 64.4, -4600, 10_100, 12_000, 3100, 13_200],
    [5, 66.05, -3300, 9900, 12_000, 3300, 13_200],
    [6, 65.3, 1500, 14_700, 12_000, null, 14_700],
    [7, 63.9, 2800, 17_500, 12_000, null, 17_500],
    [8, 62.75, 2300, 19_800, 12_000, null, 19_800],
  ]);
  expect(run.outcome).toMatchObject({
    finalBalance: 19_800,
    deposited: 10_300,
    callsReceived: 3,
    tradingResult: -5500,
    worstDrawdown: 12_100,
  });
});

test('gold whipsaw, long 1 from $25,000, closed at the first call: the loss is locked in on day 2', () => {
  const { run, rows } = play('gc-whipsaw', { side: 'long', contracts: 1, startingBalance: 25_000 }, [
    { day: 2, action: 'close' },
  ]);
  expect(rows).toEqual([
    [1, 4168.4, -3160, 21_840, 20_000, null, 21_840],
    [2, 4121.9, -4650, 17_190, 20_000, 4810, 17_190],
  ]);
  expect(run.outcome).toEqual({
    finalBalance: 17_190,
    deposited: 0,
    callsReceived: 1,
    tradingResult: -7810,
    worstDrawdown: 7810,
    closedOnDay: 2,
    contractsAtEnd: 0,
  });
  // Kept with deposits, the same position ends above where it started.
  const kept = play('gc-whipsaw', { side: 'long', contracts: 1, startingBalance: 25_000 }, [
    { day: 2, action: 'deposit' },
    { day: 4, action: 'deposit' },
  ]);
  expect(kept.rows.map((r) => r[6])).toEqual([21_840, 22_000, 27_460, 22_000, 27_370, 36_230, 38_550]);
  expect(kept.run.outcome).toMatchObject({ deposited: 8070, tradingResult: 5480 });
});

test('MES quiet week, long 2 from the smallest balance allowed ($5,500): no call on any day', () => {
  const { run, rows } = play('mes-quiet-week', { side: 'long', contracts: 2, startingBalance: 5500 }, []);
  expect(rows).toEqual([
    [1, 6812.25, 122.5, 5622.5, 5000, null, 5622.5],
    [2, 6798.5, -137.5, 5485, 5000, null, 5485],
    [3, 6821, 225, 5710, 5000, null, 5710],
    [4, 6835.75, 147.5, 5857.5, 5000, null, 5857.5],
    [5, 6829, -67.5, 5790, 5000, null, 5790],
  ]);
  expect(run.outcome).toMatchObject({ callsReceived: 0, tradingResult: 290, worstDrawdown: 137.5 });
});

describe('the rules', () => {
  const es = scenario('es-three-day-slide');
  const spec = figures(es);

  test('an unanswered call stops the run on its day; the answer lets it go on', () => {
    const first = simulateMargin(es, spec, { side: 'long', contracts: 1, startingBalance: 30_000 }, []);
    expect(first.ok && first.pendingCall).toEqual({ day: 3, amount: 3100, canReduceTo: 0 });
    expect(first.ok && first.days).toHaveLength(3);
  });

  test('a balance exactly at maintenance is not a call (below, not at)', () => {
    // Day 3 leaves $24,400 from $30,000, a fall of $5,600: start $30,600 lands exactly on $25,000.
    const at = simulateMargin(es, spec, { side: 'long', contracts: 1, startingBalance: 30_600 }, []);
    expect(at.ok && at.days[2]).toMatchObject({ balance: 25_000, call: null });
  });

  test('refused: too small a start, an answer without a call, a reduction the balance does not cover', () => {
    expect(simulateMargin(es, spec, { side: 'long', contracts: 2, startingBalance: 50_000 }, [])).toEqual({
      ok: false,
      error: 'The starting balance must cover the initial margin: at least $55,000.00 for 2 contracts',
    });
    expect(
      simulateMargin(es, spec, { side: 'long', contracts: 1, startingBalance: 30_000 }, [
        { day: 1, action: 'deposit' },
      ]),
    ).toEqual({
      ok: false,
      error: 'There was no margin call on day 1',
    });
    expect(
      simulateMargin(es, spec, { side: 'long', contracts: 1, startingBalance: 30_000 }, [
        { day: 3, action: 'reduce', contracts: 1 },
      ]),
    ).toEqual({ ok: false, error: 'Day 3: reducing means holding fewer than 1 contract' });
    // A made-up path: 3 contracts at $2,000 initial / $1,500 maintenance; a 7-point fall leaves $3,900.
    const made: MarginScenario = {
      id: 'made-up',
      title: 'Made up',
      contract: 'XX',
      description: 'A test path.',
      entryPrice: 100,
      days: [
        { date: '2027-01-04', settle: 93 },
        { date: '2027-01-05', settle: 95 },
      ],
    };
    const small = {
      multiplier: 100,
      illustrativeMargin: { initial: 2000, maintenance: 1500, asOf: '2026-12-01' },
    };
    const uncovered = simulateMargin(made, small, { side: 'long', contracts: 3, startingBalance: 6000 }, [
      { day: 1, action: 'reduce', contracts: 2 },
    ]);
    expect(uncovered).toEqual({
      ok: false,
      error: 'Day 1: the balance of $3,900.00 covers the initial margin of at most 1 contract',
    });
    expect(
      simulateMargin(made, small, { side: 'long', contracts: 3, startingBalance: 6000 }, [
        { day: 1, action: 'reduce', contracts: 1 },
      ]),
    ).toMatchObject({
      ok: true,
      outcome: { finalBalance: 4100, contractsAtEnd: 1 },
    });
  });

  test('the debrief’s half-size path: 2 contracts become 1, each call met by a deposit', () => {
    expect(atHalfSize(es, spec, { side: 'long', contracts: 2, startingBalance: 56_000 })).toMatchObject({
      callsReceived: 0,
      contractsAtEnd: 1,
      finalBalance: 56_000 - 6450 - 0,
    });
  });
});
