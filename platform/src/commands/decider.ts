import type { DomainEvent } from '@tickwise/contracts';
import type { DomainError } from './domain-error';

/** What a decider answers: the events to append (possibly none), or why the command is refused. */
export type Decision<E extends DomainEvent> = { ok: true; events: E[] } | { ok: false; error: DomainError };

export const accept = <E extends DomainEvent>(...events: E[]): Decision<E> => ({ ok: true, events });
export const refuse = <E extends DomainEvent>(error: DomainError): Decision<E> => ({ ok: false, error });

/**
 * A feature's rules over one stream, pure: the state folded from the stream's events, and a decision for a
 * command against that state. Unit-tested given/when/then; the handler does the I/O.
 */
export interface Decider<C, S, E extends DomainEvent> {
  initialState: S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): Decision<E>;
}

/**
 * The rules of an append-only stream whose decisions never depend on its past (a record of reads, such as the
 * auditor's trail): a decision for a command alone, with no state to fold. `recordCommand` handles it without
 * reading the stream. A repeated command id is not recognised: each command must come with a new id.
 */
export interface Recorder<C, E extends DomainEvent> {
  decide(command: C): Decision<E>;
}

export const fold = <C, S, E extends DomainEvent>(decider: Decider<C, S, E>, events: readonly E[]): S =>
  events.reduce(decider.evolve, decider.initialState);

/**
 * A decider's given/when/then specs: `given(...history).when(command)` is the decision, which the test then
 * compares with the events it expects, or the refusal.
 */
export const deciderSpec = <C, S, E extends DomainEvent>(decider: Decider<C, S, E>) => ({
  given: (...history: E[]) => ({ when: (command: C) => decider.decide(command, fold(decider, history)) }),
});
