/**
 * The worked examples of every lesson: inputs, formula and the figure the lesson states (see worked-examples.ts
 * for the formulas and the form of `says`). Prices are the lessons' illustrations, not quotes.
 */
import type { WorkedExample } from './worked-examples';

const M1 = '01-what-futures-are/lessons';
const M2 = '02-contract-specifications/lessons';
const M3 = '03-margin-and-daily-settlement/lessons';
const M4 = '04-orders/lessons';
const M5 = '05-expiry-and-rolling/lessons';
const M6 = '06-term-structure/lessons';
const M7 = '07-hedging/lessons';
const M8 = '08-spreads/lessons';
const M9 = '09-position-sizing/lessons';
const M10 = '10-trading-psychology/lessons';
const M11 = '11-regulation-protection-tax/lessons';
const M12 = '12-trade-plan-and-review/lessons';

export const WORKED_EXAMPLES: readonly WorkedExample[] = [
  // 1.1 One gold contract, both ways
  {
    file: `${M1}/01-futures-in-plain-words.md`,
    kind: 'notional',
    inputs: { price: 4200, pointValue: 100, contracts: 1 },
    says: 'Notional value at the opening price: 100 ounces × $4,200.00 = {$420,000}.',
  },
  {
    file: `${M1}/01-futures-in-plain-words.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 4200, exit: 4215.5, pointValue: 100, contracts: 1 },
    says: 'Result for the long: +$15.50 × 100 ounces = **a gain of {$1,550}**.',
    outcome: 'gain',
  },
  {
    file: `${M1}/01-futures-in-plain-words.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 4200, exit: 4215.5, pointValue: 100, contracts: 1 },
    says: 'Whoever sold at $4,200.00 and is still short has **lost {$1,550}**.',
    outcome: 'loss',
  },
  {
    file: `${M1}/01-futures-in-plain-words.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 4200, exit: 4184.5, pointValue: 100, contracts: 1 },
    says: 'Result for the long: −$15.50 × 100 ounces = **a loss of {$1,550}**.',
    outcome: 'loss',
  },
  {
    file: `${M1}/01-futures-in-plain-words.md`,
    kind: 'percentOf',
    inputs: { part: 1550, whole: 420_000 },
    says: '$1,550 ÷ $420,000 ≈ {0.37%}',
  },
  // 1.2 A jeweller's forward and futures
  {
    file: `${M1}/02-futures-versus-forwards.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 4200, exit: 4300, pointValue: 100, contracts: 2 },
    says: 'Futures gain: $100.00 × 200 ounces = {$20,000}',
    outcome: 'gain',
  },
  {
    file: `${M1}/02-futures-versus-forwards.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 4200, exit: 4100, pointValue: 100, contracts: 2 },
    says: 'Futures loss: $100.00 × 200 ounces = {$20,000}',
    outcome: 'loss',
  },
  // 1.3 Daily settlement through a clearing firm
  {
    file: `${M1}/03-exchanges-clearing-houses-regulators.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 75, exit: 75.4, pointValue: 1000, contracts: 1 },
    says: 'Money: $0.40 × 1,000 barrels = {$400}',
  },
  {
    file: `${M1}/03-exchanges-clearing-houses-regulators.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 75, exit: 81, pointValue: 1000, contracts: 1 },
    says: "B's loss is ($81.00 − $75.00) × 1,000 = {$6,000}",
    outcome: 'loss',
  },
  // 1.4 A producer's hedge and the speculator who takes the risk
  {
    file: `${M1}/04-hedgers-and-speculators.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 75, exit: 70, pointValue: 1000, contracts: 10 },
    says: 'the futures gain ($75.00 − $70.00) × 1,000 × 10 = {$50,000}',
    outcome: 'gain',
  },
  {
    file: `${M1}/04-hedgers-and-speculators.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 75, exit: 80, pointValue: 1000, contracts: 1 },
    says: 'a rise to $80.00 gains $5.00 × 1,000 = {$5,000}',
    outcome: 'gain',
  },
  // 2.1 Reading the ES specification
  {
    file: `${M2}/01-reading-a-specification.md`,
    kind: 'tickValue',
    inputs: { tickSize: 0.25, pointValue: 50 },
    says: '**Tick value.** 0.25 × $50 = {$12.50} per tick.',
  },
  {
    file: `${M2}/01-reading-a-specification.md`,
    kind: 'notional',
    inputs: { price: 6800, pointValue: 50, contracts: 1 },
    says: '**Notional value.** At 6,800.00: 6,800.00 × $50 = {$340,000} per contract.',
  },
  {
    file: `${M2}/01-reading-a-specification.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 6800, exit: 6806.5, pointValue: 50, contracts: 1 },
    says: 'By points: 6.50 × $50 = {$325}.',
  },
  {
    file: `${M2}/01-reading-a-specification.md`,
    kind: 'ticks',
    inputs: { move: 6.5, tickSize: 0.25 },
    says: 'By ticks: 6.50 × 4 = {26} ticks',
  },
  // 2.2 Month codes: two symbols, two notional values
  {
    file: `${M2}/02-month-codes-and-symbols.md`,
    kind: 'notional',
    inputs: { price: 6865, pointValue: 50, contracts: 1 },
    says: 'Notional value of ESM7: 6,865.00 × $50 = {$343,250}.',
  },
  {
    file: `${M2}/02-month-codes-and-symbols.md`,
    kind: 'moveValue',
    inputs: { move: 45, pointValue: 50, contracts: 1 },
    says: 'worth 45.00 × $50 = {$2,250}',
  },
  // 2.3 E-mini and Micro E-mini
  {
    file: `${M2}/03-e-mini-and-micro-e-mini.md`,
    kind: 'notional',
    inputs: { price: 6800, pointValue: 5, contracts: 1 },
    says: 'MES: 6,800.00 × $5 = {$34,000}.',
  },
  {
    file: `${M2}/03-e-mini-and-micro-e-mini.md`,
    kind: 'moveValue',
    inputs: { move: 18.25, pointValue: 50, contracts: 1 },
    says: 'A long **gains {$912.50}**',
  },
  {
    file: `${M2}/03-e-mini-and-micro-e-mini.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 6800, exit: 6818.25, pointValue: 50, contracts: 1 },
    says: 'A long **gains $912.50**; a short **loses {$912.50}**.',
    outcome: 'loss',
  },
  {
    file: `${M2}/03-e-mini-and-micro-e-mini.md`,
    kind: 'moveValue',
    inputs: { move: 18.25, pointValue: 5, contracts: 10 },
    says: 'Ten MES: 10 × $91.25 = {$912.50}, the same as one ES.',
  },
  {
    file: `${M2}/03-e-mini-and-micro-e-mini.md`,
    kind: 'tickValue',
    inputs: { tickSize: 0.25, pointValue: 2 },
    says: 'tick 0.25 points = 0.25 × $2 = {$0.50}',
  },
  {
    file: `${M2}/03-e-mini-and-micro-e-mini.md`,
    kind: 'moveValue',
    inputs: { move: 7.5, pointValue: 10, contracts: 1 },
    says: '7.5 × $10 = {$75}',
  },
  // 2.4 Crude oil, gold and Treasury notes
  {
    file: `${M2}/04-crude-oil-gold-and-treasury-notes.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 74.8, exit: 75.35, pointValue: 1000, contracts: 1 },
    says: 'By contract size, $0.55 × 1,000 = **{$550} gain**.',
    outcome: 'gain',
  },
  {
    file: `${M2}/04-crude-oil-gold-and-treasury-notes.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 4250, exit: 4262.3, pointValue: 100, contracts: 1 },
    says: 'By contract size, $12.30 × 100 = **{$1,230} loss**.',
    outcome: 'loss',
  },
  {
    file: `${M2}/04-crude-oil-gold-and-treasury-notes.md`,
    kind: 'treasuryPnl',
    inputs: { side: 'long', entry: '110-16', exit: '111-04', contracts: 1 },
    says: 'By thirty-seconds: 20 × $31.25 = **{$625} gain**.',
    outcome: 'gain',
  },
  {
    file: `${M2}/04-crude-oil-gold-and-treasury-notes.md`,
    kind: 'treasuryPnl',
    inputs: { side: 'long', entry: '110-16', exit: '109-28', contracts: 1 },
    says: 'By thirty-seconds: −20 × $31.25 = **{$625} loss**.',
    outcome: 'loss',
  },
  // 3.1 Margin, leverage and a 1% move
  {
    file: `${M3}/01-initial-and-maintenance-margin.md`,
    kind: 'notional',
    inputs: { price: 1050, pointValue: 50, contracts: 1 },
    says: '**Step 1: notional value.** 1050.00 × $50 = **{$52,500}**.',
  },
  {
    file: `${M3}/01-initial-and-maintenance-margin.md`,
    kind: 'leverage',
    inputs: { notional: 52_500, deposit: 4000 },
    says: '$52,500 ÷ $4,000 = {13.125}, or **about 13 times**.',
  },
  {
    file: `${M3}/01-initial-and-maintenance-margin.md`,
    kind: 'percentOf',
    inputs: { part: 525, whole: 4000 },
    says: '$525 ÷ $4,000 = about **{13%} of the deposit gained**',
  },
  {
    file: `${M3}/01-initial-and-maintenance-margin.md`,
    kind: 'marginCall',
    inputs: { initial: 4000, balance: 3200 },
    says: '**Step 4: the buffer.** $4,000 − $3,200 = **{$800}**',
  },
  // 3.2 Four days of marks
  {
    file: `${M3}/02-daily-mark-to-market.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 1052.5, exit: 1049.25, pointValue: 50, contracts: 1 },
    says: '−3.25 × $50 = {−$162.50}, the same as 13 × $12.50',
  },
  {
    file: `${M3}/02-daily-mark-to-market.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 1050, exit: 1051, pointValue: 50, contracts: 1 },
    says: '1051.00 − 1050.00 = +1.00 point, and 1.00 × $50 = {$50}.',
  },
  {
    file: `${M3}/02-daily-mark-to-market.md`,
    kind: 'netPnl',
    inputs: { side: 'long', entry: 1050, exit: 1051, pointValue: 50, contracts: 1, costPerContract: 4.5 },
    says: '+1.00 × $50 = +$50, less $4.50, net **{+$45.50}**',
  },
  {
    file: `${M3}/02-daily-mark-to-market.md`,
    kind: 'netPnl',
    inputs: { side: 'short', entry: 1050, exit: 1051, pointValue: 50, contracts: 1, costPerContract: 4.5 },
    says: "S's shows the mirror image: −$50 − $4.50 = **{−$54.50}**",
  },
  // 3.3 A margin call, and a deficit
  {
    file: `${M3}/03-margin-calls.md`,
    kind: 'marginCall',
    inputs: { initial: 4000, balance: 3100 },
    says: 'Deposit required: initial margin − balance = $4,000 − $3,100 = **{$900}**.',
  },
  {
    file: `${M3}/03-margin-calls.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 1050, exit: 968, pointValue: 50, contracts: 1 },
    says: '1050.00 − 968.00 = 82 points, and 82 × $50 = {$4,100}, which is the $4,000 deposit plus the $100 deficit.',
    outcome: 'loss',
  },
  {
    file: `${M3}/03-margin-calls.md`,
    kind: 'percentOf',
    inputs: { part: 82, whole: 1050 },
    says: '82 ÷ 1050.00 = {7.8%}',
  },
  // 3.4 A margin increase and a day-trade margin
  {
    file: `${M3}/04-margins-and-volatility.md`,
    kind: 'marginCall',
    inputs: { initial: 5000, balance: 3700 },
    says: 'Deposit required to restore the new initial level: $5,000 − $3,700 = **{$1,300}**.',
  },
  {
    file: `${M3}/04-margins-and-volatility.md`,
    kind: 'leverage',
    inputs: { notional: 52_500, deposit: 5000 },
    says: 'New leverage: $52,500 ÷ $5,000 = {10.5} times.',
  },
  {
    file: `${M3}/04-margins-and-volatility.md`,
    kind: 'leverage',
    inputs: { notional: 52_500, deposit: 500 },
    says: '**Leverage on the day-trade margin.** $52,500 ÷ $500 = **{105} times**.',
  },
  {
    file: `${M3}/04-margins-and-volatility.md`,
    kind: 'percentOf',
    inputs: { part: 10 * 50, whole: 500 },
    says: '+$500, a gain equal to **{100%} of the day-trade margin**',
  },
  // 4.1 A market order through two price levels, a limit order
  {
    file: `${M4}/01-market-and-limit-orders.md`,
    kind: 'moveValue',
    inputs: { move: 0.25, pointValue: 50, contracts: 1 },
    says: 'one tick more than the best ask on screen: 0.25 × $50 = **{$12.50} of slippage**',
  },
  {
    file: `${M4}/01-market-and-limit-orders.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 6798, exit: 6800, pointValue: 50, contracts: 2 },
    says: '(6,800.00 − 6,798.00) × $100 = 2.00 × $100 = **{$200} gain**.',
    outcome: 'gain',
  },
  {
    file: `${M4}/01-market-and-limit-orders.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 6798, exit: 6796, pointValue: 50, contracts: 2 },
    says: '(6,796.00 − 6,798.00) × $100 = −2.00 × $100 = **{$200} loss**.',
    outcome: 'loss',
  },
  // 4.2 A stop that slips, and the open result either way
  {
    file: `${M4}/02-stop-and-stop-limit-orders.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 75, exit: 74.47, pointValue: 1000, contracts: 1 },
    says: 'Actual loss: ($75.00 − $74.47) × 1,000 barrels = $0.53 × 1,000 = **{$530}**',
    outcome: 'loss',
  },
  {
    file: `${M4}/02-stop-and-stop-limit-orders.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 75, exit: 76.1, pointValue: 1000, contracts: 1 },
    says: 'open gain = ($76.10 − $75.00) × 1,000 = $1.10 × 1,000 = **{$1,100}**.',
    outcome: 'gain',
  },
  // 4.3 Market-if-touched and an OCO bracket
  {
    file: `${M4}/03-market-if-touched-and-oco.md`,
    kind: 'moveValue',
    inputs: { move: 0.25, pointValue: 5, contracts: 2 },
    says: '0.25 × $5 × 2 contracts = **{$2.50}**',
  },
  {
    file: `${M4}/03-market-if-touched-and-oco.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 4200, exit: 4210, pointValue: 100, contracts: 1 },
    says: '$10.0 × $100 = **{$1,000} gain**, and the stop is cancelled.',
    outcome: 'gain',
  },
  // 4.4 A gap through a stop, and a limit-locked market
  {
    file: `${M4}/04-why-stops-can-slip.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 6800, exit: 6749.75, pointValue: 50, contracts: 1 },
    says: '**Actual loss:** 6,800.00 − 6,749.75 = 50.25 points, and 50.25 × $50 = **{$2,512.50}**.',
    outcome: 'loss',
  },
  {
    file: `${M4}/04-why-stops-can-slip.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 4.5, exit: 4.05, pointValue: 5000, contracts: 1 },
    says: 'Check: ($4.50 − $4.05) × 5,000 = {$2,250}, four and a half times the planned $500.',
    outcome: 'loss',
  },
  // 5.1 A continuous chart's roll gap
  {
    file: `${M5}/01-expiry-cycles.md`,
    kind: 'moveValue',
    inputs: { move: 46, pointValue: 50, contracts: 1 },
    says: 'which on one ES contract looks like 46.00 × $50 = **{$2,300}**',
  },
  // 5.2 Cash settlement either way, and delivery's size
  {
    file: `${M5}/02-cash-settlement-and-delivery.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 6810, exit: 6827.5, pointValue: 50, contracts: 1 },
    says: 'Total: $500 + $375 = **{$875} gain**.',
    outcome: 'gain',
  },
  {
    file: `${M5}/02-cash-settlement-and-delivery.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 6810, exit: 6792.5, pointValue: 50, contracts: 1 },
    says: 'Total: −$500 − $375 = **{$875} loss**.',
    outcome: 'loss',
  },
  {
    file: `${M5}/02-cash-settlement-and-delivery.md`,
    kind: 'leverage',
    inputs: { notional: 75_000, deposit: 6000 },
    says: 'The payment due is $75,000 ÷ $6,000 = {12.5} times that deposit',
  },
  // 5.3 The delivery window's size
  {
    file: `${M5}/03-first-notice-and-last-trading-day.md`,
    kind: 'notional',
    inputs: { price: 4200, pointValue: 100, contracts: 1 },
    says: 'one assignment means paying 100 × $4,200.00 = {$420,000}',
  },
  {
    file: `${M5}/03-first-notice-and-last-trading-day.md`,
    kind: 'businessDays',
    inputs: { from: '2028-11-30', to: '2028-12-27', holidays: ['2028-12-25'] },
    says: 'That is {19} business days in which December gold still trades',
  },
  {
    file: `${M5}/03-first-notice-and-last-trading-day.md`,
    kind: 'nthWeekday',
    inputs: { year: 2028, month: 12, weekday: 5, nth: 3 },
    says: "December 2028's third Friday is December {15}",
  },
  // 5.4 Rolling 2 ES with a calendar spread
  {
    file: `${M5}/04-rolling-with-calendar-spreads.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 6780, exit: 6820, pointValue: 50, contracts: 2 },
    says: '(6,820.00 − 6,780.00) × $50 × 2 = 40.00 × $100 = **{$4,000} gain**.',
    outcome: 'gain',
  },
  {
    file: `${M5}/04-rolling-with-calendar-spreads.md`,
    kind: 'moveValue',
    inputs: { move: 3, pointValue: 50, contracts: 2 },
    says: 'Cost: 3.00 × $50 × 2 = **{$300} worse**.',
  },
  {
    file: `${M5}/04-rolling-with-calendar-spreads.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 74.2, exit: 73.8, pointValue: 1000, contracts: 1 },
    says: '($74.20 − $73.80) × 1,000 barrels = $0.40 × 1,000 = **{$400} gain**.',
    outcome: 'gain',
  },
  {
    file: `${M5}/04-rolling-with-calendar-spreads.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 73.4, exit: 73.8, pointValue: 1000, contracts: 1 },
    says: '($73.40 − $73.80) × 1,000 barrels = −$0.40 × 1,000 = **{$400} loss**.',
    outcome: 'loss',
  },
  // 6.1 Two curves
  {
    file: `${M6}/01-contango-and-backwardation.md`,
    kind: 'percentOf',
    inputs: { part: 1.2, whole: 70 },
    says: 'or about {1.7%} over three months',
  },
  {
    file: `${M6}/01-contango-and-backwardation.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 78, exit: 76.2, pointValue: 1000, contracts: 1 },
    says: 'or −$1.80 × 1,000 = {−$1,800} per contract',
  },
  // 6.2 Gold's fair value and a cash-and-carry trade
  {
    file: `${M6}/02-cost-of-carry.md`,
    kind: 'fairValue',
    inputs: { cash: 4200, ratePercent: 5, months: 3, storage: 1.5, income: 0 },
    says: 'Fair value: $4,200.00 + $52.50 + $1.50 = {$4,254.00} an ounce.',
  },
  {
    file: `${M6}/02-cost-of-carry.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 4275, exit: 4254, pointValue: 100, contracts: 1 },
    says: 'Per contract: $21.00 × 100 = **{$2,100} gain** before fees.',
    outcome: 'gain',
  },
  {
    file: `${M6}/02-cost-of-carry.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 4275, exit: 4296, pointValue: 100, contracts: 1 },
    says: 'Per contract: −$21.00 × 100 = **{$2,100} loss** before fees.',
    outcome: 'loss',
  },
  // 6.3 A farmer's basis, and convergence
  {
    file: `${M6}/03-basis-and-convergence.md`,
    kind: 'basis',
    inputs: { cash: 4.2, futures: 4.45 },
    says: 'a basis of $4.20 − $4.45 = {−$0.25}',
  },
  {
    file: `${M6}/03-basis-and-convergence.md`,
    kind: 'moveValue',
    inputs: { move: 0.1, pointValue: 5000, contracts: 1 },
    says: 'and 5,000 × $0.10 = **{$500} better**.',
  },
  {
    file: `${M6}/03-basis-and-convergence.md`,
    kind: 'fairValue',
    inputs: { cash: 4200, ratePercent: 5, months: 2, storage: 1, income: 0 },
    says: '$4,200.00 + $35.00 + $1.00 = {$4,236.00}; basis −$36.00',
  },
  // 6.4 Rate, currency and crypto futures, both ways
  {
    file: `${M6}/04-interest-rate-and-currency-futures.md`,
    kind: 'treasuryPnl',
    inputs: { side: 'long', entry: '110-16', exit: '111-00', contracts: 1 },
    says: '+16/32 = +0.50 points, and 0.50 × $1,000 = **{$500} gain**.',
    outcome: 'gain',
  },
  {
    file: `${M6}/04-interest-rate-and-currency-futures.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 95.5, exit: 95.75, pointValue: 2500, contracts: 1 },
    says: 'up 25 basis points, and 25 × $25 = **{$625} gain**.',
    outcome: 'gain',
  },
  {
    file: `${M6}/04-interest-rate-and-currency-futures.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 1.08, exit: 1.07, pointValue: 125_000, contracts: 1 },
    says: '−0.0100 × 125,000 = **{$1,250} loss**.',
    outcome: 'loss',
  },
  {
    file: `${M6}/04-interest-rate-and-currency-futures.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 100_000, exit: 102_000, pointValue: 0.1, contracts: 1 },
    says: 'A $2,000 rise gains 0.1 × $2,000 = **{$200}**',
    outcome: 'gain',
  },
  {
    file: `${M6}/04-interest-rate-and-currency-futures.md`,
    kind: 'share',
    inputs: { total: 108_000, percent: 2 },
    says: 'notional $108,000, deposit 2% = {$2,160}',
  },
  // 7.1 Hedging a share portfolio with ES
  {
    file: `${M7}/01-what-a-hedge-does.md`,
    kind: 'hedgeContracts',
    inputs: { exposure: 3_400_000, price: 6800, pointValue: 50 },
    says: 'Contracts needed: $3,400,000 ÷ $340,000 = {10}',
  },
  {
    file: `${M7}/01-what-a-hedge-does.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 6800, exit: 6460, pointValue: 50, contracts: 10 },
    says: 'Futures gain: 10 × (6,800.00 − 6,460.00) × $50 = 10 × 340.00 × $50 = {+$170,000}',
  },
  {
    file: `${M7}/01-what-a-hedge-does.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 6800, exit: 7140, pointValue: 50, contracts: 10 },
    says: 'Futures loss: 10 × (7,140.00 − 6,800.00) × $50 = 10 × 340.00 × $50 = {−$170,000}',
  },
  // 7.2 A farmer's short hedge, both ways
  {
    file: `${M7}/02-the-short-hedge.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 6.2, exit: 5.4, pointValue: 5000, contracts: 8 },
    says: 'Gain on the hedge: $0.80 × 5,000 × 8 = $0.80 × 40,000 = {+$32,000}',
  },
  {
    file: `${M7}/02-the-short-hedge.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 6.2, exit: 7, pointValue: 5000, contracts: 8 },
    says: 'Loss on the hedge: $0.80 × 5,000 × 8 = $0.80 × 40,000 = {−$32,000}',
  },
  // 7.3 A miller's long hedge, both ways
  {
    file: `${M7}/03-the-long-hedge.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 6.5, exit: 7.3, pointValue: 5000, contracts: 5 },
    says: 'Gain on the hedge: $0.80 × 25,000 = {+$20,000}',
  },
  {
    file: `${M7}/03-the-long-hedge.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 6.5, exit: 5.7, pointValue: 5000, contracts: 5 },
    says: 'Loss on the hedge: $0.80 × 25,000 = {−$20,000}',
  },
  // 7.4 Basis risk
  {
    file: `${M7}/04-basis-risk-and-speculation.md`,
    kind: 'basis',
    inputs: { cash: 4.8, futures: 5.4 },
    says: 'Basis: $4.80 − $5.40 = {−$0.60}, weaker than expected by $0.15',
  },
  {
    file: `${M7}/04-basis-risk-and-speculation.md`,
    kind: 'spreadPnl',
    inputs: { side: 'long', entrySpread: -0.45, exitSpread: -0.6, pointValue: 5000, contracts: 8 },
    says: 'Against the plan: $224,000 − $230,000 = {−$6,000} ($0.15 × 40,000)',
  },
  // 8.1 A crude oil calendar spread, both ways
  {
    file: `${M8}/01-spreads-and-calendar-spreads.md`,
    kind: 'spreadPnl',
    inputs: { side: 'long', entrySpread: 1.5, exitSpread: 2.3, pointValue: 1000, contracts: 1 },
    says: 'Check: (+$2.30 − $1.50) × 1,000 = {+$800}',
  },
  {
    file: `${M8}/01-spreads-and-calendar-spreads.md`,
    kind: 'spreadPnl',
    inputs: { side: 'long', entrySpread: 1.5, exitSpread: 0.7, pointValue: 1000, contracts: 1 },
    says: 'Check: (+$0.70 − $1.50) × 1,000 = {−$800}',
  },
  // 8.2 Wheat against corn
  {
    file: `${M8}/02-inter-commodity-spreads.md`,
    kind: 'spreadPnl',
    inputs: { side: 'long', entrySpread: 1.5, exitSpread: 1.6, pointValue: 5000, contracts: 1 },
    says: 'Check: ($1.60 − $1.50) × 5,000 = {+$500}',
  },
  {
    file: `${M8}/02-inter-commodity-spreads.md`,
    kind: 'spreadPnl',
    inputs: { side: 'long', entrySpread: 1.5, exitSpread: 1.4, pointValue: 5000, contracts: 1 },
    says: 'to $1.40: ($1.40 − $1.50) × 5,000 = {−$500}',
  },
  // 8.3 Spread margin and four spreads against one outright
  {
    file: `${M8}/03-spread-margin-and-risk.md`,
    kind: 'percentOf',
    inputs: { part: 10_500, whole: 12_000 },
    says: '$10,500 ÷ $12,000 = {87.5%} less',
  },
  {
    file: `${M8}/03-spread-margin-and-risk.md`,
    kind: 'spreadPnl',
    inputs: { side: 'long', entrySpread: 0, exitSpread: -1.8, pointValue: 1000, contracts: 4 },
    says: 'Four spreads: $1.80 × 1,000 × 4 = {−$7,200}, more than the whole account',
  },
  // 8.4 A gold call, both ways
  {
    file: `${M8}/04-options-on-futures.md`,
    kind: 'intrinsicValue',
    inputs: { type: 'call', strike: 4200, futures: 4310 },
    says: 'Intrinsic value: $4,310 − $4,200 = {$110}',
  },
  {
    file: `${M8}/04-options-on-futures.md`,
    kind: 'optionPnl',
    inputs: { side: 'long', type: 'call', strike: 4200, premium: 60, futuresAtExpiry: 4310, units: 100 },
    says: 'Buyer: $11,000 − $6,000 = {+$5,000}',
  },
  // 9.1 Risk per trade, and options
  {
    file: `${M9}/01-risk-per-trade.md`,
    kind: 'riskBudget',
    inputs: { equity: 50_000, riskPercent: 1 },
    says: 'Dollar risk = equity × risk % = $50,000 × 0.01 = **{$500}**.',
  },
  {
    file: `${M9}/01-risk-per-trade.md`,
    kind: 'riskBudget',
    inputs: { equity: 49_500, riskPercent: 1 },
    says: 'the next budget is $49,500 × 0.01 = **{$495}**',
  },
  {
    file: `${M9}/01-risk-per-trade.md`,
    kind: 'moveValue',
    inputs: { move: 11, pointValue: 50, contracts: 1 },
    says: 'a gain of $1,000 − $450 = **{$550}**',
  },
  {
    file: `${M9}/01-risk-per-trade.md`,
    kind: 'optionPnl',
    inputs: { side: 'short', type: 'put', strike: 6700, premium: 30, futuresAtExpiry: 6400, units: 50 },
    says: 'a loss of $15,000 − $1,500 = **{$13,500}** for the seller',
    outcome: 'loss',
  },
  // 9.2 Fixed-fractional sizing in ES and MES
  {
    file: `${M9}/02-fixed-fractional-sizing.md`,
    kind: 'positionSize',
    inputs: { equity: 50_000, riskPercent: 1, riskPerContract: 400 },
    says: 'Rounding down gives **{1} contract**.',
  },
  {
    file: `${M9}/02-fixed-fractional-sizing.md`,
    kind: 'positionSize',
    inputs: { equity: 50_000, riskPercent: 1, riskPerContract: 40 },
    says: 'Rounding down gives **{12} contracts**.',
  },
  {
    file: `${M9}/02-fixed-fractional-sizing.md`,
    kind: 'positionSize',
    inputs: { equity: 50_000, riskPercent: 1, riskPerContract: 800 },
    says: '$500 ÷ $800 = 0.625, so **{0} contracts**.',
  },
  {
    file: `${M9}/02-fixed-fractional-sizing.md`,
    kind: 'percentOf',
    inputs: { part: 480, whole: 50_000 },
    says: 'The actual risk is 12 × $40 = $480, which is {0.96%} of equity.',
  },
  {
    file: `${M9}/02-fixed-fractional-sizing.md`,
    kind: 'futuresWithOption',
    inputs: {
      side: 'long',
      entry: 6800,
      exit: 6700,
      option: { side: 'long', type: 'put', strike: 6760, premium: 20 },
      pointValue: 5,
    },
    says: 'net −$500 + $300 − $100 = **{−$300}**',
  },
  {
    file: `${M9}/02-fixed-fractional-sizing.md`,
    kind: 'futuresWithOption',
    inputs: {
      side: 'long',
      entry: 6800,
      exit: 6900,
      option: { side: 'short', type: 'call', strike: 6850, premium: 15 },
      pointValue: 5,
    },
    says: 'loses (50 − 15) × $5 = $175 on the call: **{+$325}**, the cap.',
  },
  {
    file: `${M9}/02-fixed-fractional-sizing.md`,
    kind: 'futuresWithOption',
    inputs: {
      side: 'long',
      entry: 6800,
      exit: 6700,
      option: { side: 'short', type: 'call', strike: 6850, premium: 15 },
      pointValue: 5,
    },
    says: 'A 100-point fall loses $500 − $75 = **{$425}**.',
    outcome: 'loss',
  },
  // 9.3 Ten losses of 2%, and the gain that recovers a loss
  {
    file: `${M9}/03-drawdown-arithmetic.md`,
    kind: 'compoundedLosses',
    inputs: { equity: 50_000, riskPercent: 2, trades: 10 },
    says: 'After loss 10: $41,687.39 × 0.98 = **{$40,853.64}**.',
  },
  {
    file: `${M9}/03-drawdown-arithmetic.md`,
    kind: 'compoundedLosses',
    inputs: { equity: 100, riskPercent: 2, trades: 10 },
    says: 'In one step: 0.98^10 ≈ 0.817, so about **{81.7%}**',
  },
  {
    file: `${M9}/03-drawdown-arithmetic.md`,
    kind: 'recoveryGain',
    inputs: { lossPercent: 50 },
    says: '50% loss: 1 ÷ 0.50 − 1 = **{100%}** gain needed.',
  },
  {
    file: `${M9}/03-drawdown-arithmetic.md`,
    kind: 'recoveryGain',
    inputs: { lossPercent: 25 },
    says: '25% loss: 1 ÷ 0.75 − 1 ≈ {33.3%} gain needed.',
  },
  // 9.4 Risk of ruin, and losing streaks
  {
    file: `${M9}/04-risk-of-ruin.md`,
    kind: 'ruinProbability',
    inputs: { winRate: 0.55, units: 10 },
    says: 'Ruin probability ≈ 0.818^10 ≈ **{0.134}**, about 13.4%.',
  },
  {
    file: `${M9}/04-risk-of-ruin.md`,
    kind: 'ruinProbability',
    inputs: { winRate: 0.55, units: 20 },
    says: 'Ruin probability ≈ 0.818^20 ≈ **{0.018}**, about 1.8%.',
  },
  {
    file: `${M9}/04-risk-of-ruin.md`,
    kind: 'lossesToHalve',
    inputs: { riskPercent: 1 },
    says: 'so it takes **{69}** consecutive losses.',
  },
  {
    file: `${M9}/04-risk-of-ruin.md`,
    kind: 'lossesToHalve',
    inputs: { riskPercent: 5 },
    says: 'so **{14}** losses.',
  },
  // 10.1 Expected and felt value of a symmetric trade
  {
    file: `${M10}/01-loss-aversion.md`,
    kind: 'feltValue',
    inputs: { winProbability: 0.5, gain: 200, loss: 200, lossWeight: 1 },
    says: 'Expected value: $100 − $100 = **{$0}**.',
  },
  {
    file: `${M10}/01-loss-aversion.md`,
    kind: 'feltValue',
    inputs: { winProbability: 0.5, gain: 200, loss: 200, lossWeight: 2.25 },
    says: 'Felt value: 100 − 225 = **{−125}**.',
  },
  // 10.2 Measuring the disposition effect, and the win rate it forces
  {
    file: `${M10}/02-disposition-effect.md`,
    kind: 'percentOf',
    inputs: { part: 16, whole: 40 },
    says: 'Proportion of gains realised: 16 ÷ 40 = **{40%}**.',
  },
  {
    file: `${M10}/02-disposition-effect.md`,
    kind: 'breakEvenWinRate',
    inputs: { averageWin: 150, averageLoss: 450 },
    says: 'p = 450 ÷ 600 = **{0.75}**, so 75% of trades must win just to break even.',
  },
  // 10.3 What overtrading costs
  {
    file: `${M10}/03-overconfidence-overtrading.md`,
    kind: 'tradeCosts',
    inputs: { contracts: 1, feesPerRoundTurn: 2.5, slippageTicks: 2, tickValue: 1.25 },
    says: 'Cost per contract per round turn: $2.50 + (2 × $1.25) = **{$5.00}**.',
  },
  {
    file: `${M10}/03-overconfidence-overtrading.md`,
    kind: 'percentOf',
    inputs: { part: 5 * 12 * 5 * 21, whole: 50_000 },
    says: 'As a share of equity: $6,300 ÷ $50,000 = **{12.6%}** a month.',
  },
  // 10.4 A revenge trade
  {
    file: `${M10}/04-emotions-and-revenge-trading.md`,
    kind: 'moveValue',
    inputs: { move: 8, pointValue: 5, contracts: 24 },
    says: 'Planned risk: 24 × 8 × $5 = **{$960}**',
  },
  {
    file: `${M10}/04-emotions-and-revenge-trading.md`,
    kind: 'percentOf',
    inputs: { part: 960, whole: 50_000 - 960 },
    says: 'Gain needed to recover: $960 ÷ $49,040 ≈ **{1.96%}**.',
  },
  {
    file: `${M10}/04-emotions-and-revenge-trading.md`,
    kind: 'percentOf',
    inputs: { part: 1920, whole: 50_000 - 1920 },
    says: 'Gain needed to recover: $1,920 ÷ $48,080 ≈ **{3.99%}**.',
  },
  {
    file: `${M10}/04-emotions-and-revenge-trading.md`,
    kind: 'percentOf',
    inputs: { part: 2160, whole: 50_000 - 2160 },
    says: 'a gain of $2,160 ÷ $47,840 ≈ **{4.52%}** is needed to recover.',
  },
  // 11.1 A reparations claim's amount
  {
    file: `${M11}/01-who-regulates-futures.md`,
    kind: 'pnl',
    inputs: { side: 'short', entry: 78.4, exit: 79.65, pointValue: 1000, contracts: 1 },
    says: 'loss = (79.65 − 78.40) × 1,000 barrels = 1.25 × 1,000 = {$1,250}.',
    outcome: 'loss',
  },
  {
    file: `${M11}/01-who-regulates-futures.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 4210, exit: 4201.5, pointValue: 100, contracts: 2 },
    says: 'loss = 8.50 × 100 oz × 2 = {$1,700}.',
    outcome: 'loss',
  },
  // 11.2 Fees on a trade, day-trade leverage, a shortfall shared
  {
    file: `${M11}/02-opening-an-account.md`,
    kind: 'netPnl',
    inputs: { side: 'long', entry: 6800, exit: 6803, pointValue: 5, contracts: 2, costPerContract: 1.74 },
    says: 'net 30.00 − 3.48 = **{+$26.52}**.',
  },
  {
    file: `${M11}/02-opening-an-account.md`,
    kind: 'netPnl',
    inputs: { side: 'long', entry: 6800, exit: 6797, pointValue: 5, contracts: 2, costPerContract: 1.74 },
    says: 'net −30.00 − 3.48 = **{−$33.48}**.',
  },
  {
    file: `${M11}/02-opening-an-account.md`,
    kind: 'leverage',
    inputs: { notional: 40 * 6800 * 5, deposit: 2000 },
    says: 'which is 1,360,000 ÷ 2,000 = {680} times the equity',
  },
  {
    file: `${M11}/02-opening-an-account.md`,
    kind: 'share',
    inputs: { total: 50_000, percent: (360 / 400) * 100 },
    says: 'so a $50,000 account gets {$45,000} in the first distribution',
  },
  // 11.3 A pool's break-even and an incentive fee, both ways
  {
    file: `${M11}/03-managed-accounts-and-fraud.md`,
    kind: 'afterIncentiveFee',
    inputs: { tradingResult: 1500, costs: 550, incentivePercent: 20 },
    says: "investor's net gain = 950 − 190 = **{$760}**, or 7.6%.",
  },
  {
    file: `${M11}/03-managed-accounts-and-fraud.md`,
    kind: 'afterIncentiveFee',
    inputs: { tradingResult: -1500, costs: 550, incentivePercent: 20 },
    says: 'result = −1,500 − 550 = **{−$2,050}**, or −20.5%',
  },
  // 11.4 The 60/40 split and a year-end mark
  {
    file: `${M11}/04-futures-and-tax.md`,
    kind: 'section1256Tax',
    inputs: { netGain: 10_000, longTermRatePercent: 15, shortTermRatePercent: 24 },
    says: 'Tax = $6,000 × 0.15 + $4,000 × 0.24 = $900 + $960 = **{$1,860}**, a blended 18.6%.',
  },
  {
    file: `${M11}/04-futures-and-tax.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 6800, exit: 6860, pointValue: 50, contracts: 1 },
    says: 'Unrealised gain = (6,860.00 − 6,800.00) × $50 = {$3,000}.',
  },
  {
    file: `${M11}/04-futures-and-tax.md`,
    kind: 'share',
    inputs: { total: 3000, percent: 24 },
    says: 'At a 24% rate that saves $3,000 × 0.24 = **{$720}** this year',
  },
  // 12.1 Data snooping and a plan's sizing
  {
    file: `${M12}/01-writing-a-trade-plan.md`,
    kind: 'atLeastOnePasses',
    inputs: { chancePercent: 5, tests: 20 },
    says: 'so the chance that at least one "works" is 1 − 0.358 ≈ **{64%}**.',
  },
  {
    file: `${M12}/01-writing-a-trade-plan.md`,
    kind: 'atLeastOnePasses',
    inputs: { chancePercent: 5, tests: 50 },
    says: 'Test 50: 1 − 0.95^50 ≈ 1 − 0.077 = **{92%}**.',
  },
  {
    file: `${M12}/01-writing-a-trade-plan.md`,
    kind: 'positionSize',
    inputs: { equity: 25_000, riskPercent: 1, riskPerContract: 70 },
    says: 'Contracts = 250 ÷ 70 ≈ 3.57, rounded *down* to {3}.',
  },
  // 12.2 Two journals, the same win rate
  {
    file: `${M12}/02-journaling-and-review-metrics.md`,
    kind: 'expectancy',
    inputs: { winRate: 0.5, averageWin: 360, averageLoss: 200 },
    says: 'Expectancy = 0.50 × 360 − 0.50 × 200 = 180 − 100 = **{$80} per trade**',
  },
  {
    file: `${M12}/02-journaling-and-review-metrics.md`,
    kind: 'rMultiple',
    inputs: { result: 80, risk: 200 },
    says: 'or 80 ÷ 200 = {0.4}R.',
  },
  {
    file: `${M12}/02-journaling-and-review-metrics.md`,
    kind: 'expectancy',
    inputs: { winRate: 0.5, averageWin: 200, averageLoss: 360 },
    says: 'Expectancy = 0.50 × 200 − 0.50 × 360 = 100 − 180 = **{−$80} per trade**, or −0.4R.',
  },
  {
    file: `${M12}/02-journaling-and-review-metrics.md`,
    kind: 'rMultiple',
    inputs: { result: 360, risk: 200 },
    says: 'an average loss of $360 is {1.8}R against a planned risk of',
  },
  {
    file: `${M12}/02-journaling-and-review-metrics.md`,
    kind: 'percentOf',
    inputs: { part: 600, whole: 25_500 },
    says: '600 ÷ 25,500 ≈ {2.35%} of the peak',
  },
  // 12.3 A backtest's edge and its costs
  {
    file: `${M12}/03-limits-of-simulated-results.md`,
    kind: 'tradeCosts',
    inputs: { contracts: 1, feesPerRoundTurn: 5, slippageTicks: 2, tickValue: 12.5 },
    says: 'Total cost per trade = 5 + 25 = {$30}.',
  },
  {
    file: `${M12}/03-limits-of-simulated-results.md`,
    kind: 'backtestNet',
    inputs: { trades: 200, grossPerTrade: 30, feesPerRoundTurn: 5, slippageTicks: 4, tickValue: 12.5 },
    says: 'and the net is 200 × (30 − 55) = **{−$5,000}**.',
  },
  {
    file: `${M12}/03-limits-of-simulated-results.md`,
    kind: 'backtestNet',
    inputs: { trades: 200, grossPerTrade: -30, feesPerRoundTurn: 5, slippageTicks: 2, tickValue: 12.5 },
    says: 'Over 200 trades: 200 × −60 = **{−$12,000}**.',
  },
  // 12.4 The capstone trade
  {
    file: `${M12}/04-capstone-review.md`,
    kind: 'positionSize',
    inputs: { equity: 40_000, riskPercent: 1, riskPerContract: 60 },
    says: '400 ÷ 60 ≈ 6.67, rounded down to {6}.',
  },
  {
    file: `${M12}/04-capstone-review.md`,
    kind: 'notional',
    inputs: { price: 6800, pointValue: 5, contracts: 6 },
    says: 'for 6 contracts, {$204,000}',
  },
  {
    file: `${M12}/04-capstone-review.md`,
    kind: 'pnl',
    inputs: { side: 'long', entry: 6800, exit: 6760, pointValue: 5, contracts: 6 },
    says: 'Loss = (6,800.00 − 6,760.00) × $5 × 6 = 40 × 5 × 6 = {$1,200}.',
    outcome: 'loss',
  },
  {
    file: `${M12}/04-capstone-review.md`,
    kind: 'rMultiple',
    inputs: { result: -1200, risk: 360 },
    says: 'stop, exit, −$1,200, {−3.3}R, plan followed',
  },
  {
    file: `${M12}/04-capstone-review.md`,
    kind: 'percentOf',
    inputs: { part: 1200, whole: 38_800 },
    says: 'needs a gain of 1,200 ÷ 38,800 ≈ {3.09%}',
  },
];
