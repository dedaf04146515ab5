/**
 * Question ids that once named a question that has since been replaced by one on another point. An id names one
 * question for good: answers are recorded, counted in the item statistics and shown back to the learner by id,
 * so a retired id is never given to a new question (the content tests refuse it). Each entry says what the id
 * asked, so that answers recorded against it can still be read as answers to that question.
 */
export interface RetiredId {
  readonly id: number;
  /** The lesson (checks) or module (quiz questions) it belonged to, as "2.3" or "module 1". */
  readonly in: string;
  /** What it asked, in short. */
  readonly asked: string;
  /** The id of the question that took its place. */
  readonly replacedBy: number;
}

export const RETIRED_CHECK_IDS: readonly RetiredId[] = [
  {
    id: 10072,
    in: '2.3',
    asked: 'what trading Micro E-mini contracts instead of one E-mini changes',
    replacedBy: 10073,
  },
  {
    id: 10101,
    in: '3.2',
    asked: 'how much of a $4,125 balance can be withdrawn with $4,000 initial margin',
    replacedBy: 10103,
  },
  {
    id: 10151,
    in: '4.3',
    asked: 'which order buys MES on a dip to 5,000.00 when a fill matters most, and its drawback',
    replacedBy: 10153,
  },
  {
    id: 10171,
    in: '5.1',
    asked: 'the last trading day of ES when its quarterly month begins on a Wednesday',
    replacedBy: 10173,
  },
  {
    id: 10192,
    in: '5.3',
    asked: 'which exchange deadline matters most for an expiring CL position',
    replacedBy: 10193,
  },
  { id: 10241, in: '6.4', asked: 'the rate a three-month SOFR price of 95.80 implies', replacedBy: 10243 },
  {
    id: 10321,
    in: '8.4',
    asked: 'how a $105 premium on a $2,300 gold call splits into intrinsic and time value',
    replacedBy: 10323,
  },
  { id: 10331, in: '9.1', asked: 'the dollar risk budget of 1.5% of $40,000', replacedBy: 10333 },
  { id: 10341, in: '9.2', asked: 'MES contracts for 1% of $30,000 with a 7-point stop', replacedBy: 10343 },
  {
    id: 10452,
    in: '12.1',
    asked: 'MES contracts a plan risking 1% of $25,000 with a 16-point stop allows',
    replacedBy: 10453,
  },
  {
    id: 10472,
    in: '12.3',
    asked: 'the net per ES trade of a $40 gross backtest after costs and slippage',
    replacedBy: 10473,
  },
];

export const RETIRED_QUESTION_IDS: readonly RetiredId[] = [
  {
    id: 109,
    in: 'module 1',
    asked: 'the effects on open interest of 1,000 when two traders who both close trade 10 contracts',
    replacedBy: 111,
  },
];
