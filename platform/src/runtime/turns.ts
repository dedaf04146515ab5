/**
 * Keeps each turn of the event loop short when much work arrives at once.
 *
 * Node runs everything that is ready in one turn of its event loop: with 200 busy connections a turn starts
 * 200 requests, and a group commit settles every append of its batch together. Timers, new connections and
 * the replies of the writer and projection threads then wait behind all of it, tens to hundreds of
 * milliseconds. Work given to the gate runs at once while its turn has spent less than `budgetMs` on it
 * (`acceptBudgetMs` in a turn that accepted a connection);
 * the rest waits for the next turns, in the order it came, each turn again with its budget once the loop has
 * been round (timers and I/O first). Nothing is dropped or refused: shedding load stays with `shedLoad`.
 *
 * New connections need the loop to come round too: libuv (since 1.45, in Node 20.3 and later) accepts one
 * connection a turn. With turns of 8 ms a busy server accepted about 130 connections a second, and 200 opened
 * at once waited up to 1.8 s for their first answer. A turn that accepted a connection therefore spends
 * `ACCEPT_BUDGET_MS` at most on gated work, so that the loop comes round soon to accept the next.
 */

/** How long a phase of one turn (I/O, then immediates) may spend on gated work before the rest waits. */
export const TURN_BUDGET_MS = 8;
/** The budget of a turn in which a server accepted a connection (more may wait in the kernel's queue). */
export const ACCEPT_BUDGET_MS = 2;

export interface TurnGate {
  /** Runs `work` now, or in a later turn when this one has used its budget or earlier work is waiting. */
  run(work: () => void): void;
  /**
   * Runs `work` in an immediate of its own, in order and within the budget: for work that would otherwise
   * all run in one callback (the promises a batch settles, whose continuations run before the callback ends).
   */
  later(work: () => void): void;
  /**
   * A server on this loop accepted a connection: while work waits, the rest of this turn and the next slice of
   * waiting work get `acceptBudgetMs`, so that the loop comes round soon to accept the next.
   */
  connectionAccepted(): void;
}

export function turnGate(budgetMs = TURN_BUDGET_MS, acceptBudgetMs = ACCEPT_BUDGET_MS): TurnGate {
  // A budget of 0 would leave waiting work re-queued for ever.
  if (!(budgetMs > 0 && acceptBudgetMs > 0)) throw new RangeError('a turn budget must be more than 0 ms');
  /** When this slice of gated work began (`performance.now()`); -1 when none is running. */
  let sliceStart = -1;
  /** This slice's budget: `acceptBudgetMs` when a connection was accepted since its renewal, else `budgetMs`. */
  let sliceBudget = budgetMs;
  /** Whether a connection was accepted since the last renewal: the next slice is short too. */
  let acceptedSinceRenewal = false;
  /** Pieces of work waiting, each for its own immediate, in the order they came. */
  let waiting = 0;
  let renewalQueued = false;
  const overBudget = () => performance.now() - sliceStart >= sliceBudget;

  // Queued ahead of the waiting work of its turn's immediates, so that work gets a fresh budget there; the
  // next renewal is queued for the next turn, again ahead of the work that waits for it.
  // Each renewal samples whether a connection was accepted since the last one, for the slice it starts; the
  // loop idle, the next slice starts afresh with the full budget.
  const renew = () => {
    sliceBudget = acceptedSinceRenewal && waiting > 0 ? acceptBudgetMs : budgetMs;
    acceptedSinceRenewal = false;
    if (waiting === 0) {
      sliceStart = -1;
      renewalQueued = false;
      return;
    }
    sliceStart = performance.now();
    setImmediate(renew);
  };
  const queueRenewal = () => {
    if (renewalQueued) return;
    renewalQueued = true;
    setImmediate(renew);
  };
  const begin = () => {
    if (sliceStart < 0) sliceStart = performance.now();
    queueRenewal();
  };
  const runWaiting = (work: () => void) => {
    if (overBudget()) {
      setImmediate(runWaiting, work);
      return;
    }
    waiting -= 1;
    work();
  };
  const wait = (work: () => void) => {
    waiting += 1;
    setImmediate(runWaiting, work);
  };
  return {
    run(work) {
      begin();
      if (waiting === 0 && !overBudget()) work();
      else wait(work);
    },
    later(work) {
      begin();
      wait(work);
    },
    connectionAccepted() {
      acceptedSinceRenewal = true;
      sliceBudget = Math.min(sliceBudget, acceptBudgetMs);
      queueRenewal();
    },
  };
}

/** The gate of this thread's event loop: every server and event log in it shares the turns' budget. */
export const turns = turnGate();
