/**
 * The margin simulator's record, on the learner's learning stream: a finished run is checked against the
 * published scenario and recorded with the outcome the server works out, whatever the screen showed.
 */
import {
  type ContractSpec,
  type EventOf,
  type MarginScenario,
  type MarginSimulationBody,
  simulateMargin,
} from '@tickwise/contracts';
import { accept, type Decider, domainError, refuse } from '@tickwise/platform';

export interface RecordMarginSimulation {
  readonly kind: 'recordMarginSimulation';
  readonly run: MarginSimulationBody;
  /** The published scenario with that id and the version it was published under, if there is one. */
  readonly scenario: { readonly scenario: MarginScenario; readonly version: string } | undefined;
  readonly spec: ContractSpec | undefined;
  readonly at: string;
}

type Completed = EventOf<'MarginSimulationCompleted'>;

export const marginPractice: Decider<RecordMarginSimulation, null, Completed> = {
  initialState: null,
  evolve: () => null,
  decide(command) {
    const { run, scenario, spec } = command;
    if (scenario === undefined || spec === undefined)
      return refuse(domainError('not_found', `No margin scenario ${run.scenarioId}`));
    const { scenarioId: _, responses, ...setup } = run;
    const played = simulateMargin(scenario.scenario, spec, setup, responses);
    if (!played.ok) return refuse(domainError('validation', played.error));
    if (played.pendingCall !== null)
      return refuse(
        domainError(
          'validation',
          `Answer the margin call on day ${played.pendingCall.day} before finishing the run`,
        ),
      );
    return accept({
      type: 'MarginSimulationCompleted',
      data: {
        scenarioId: run.scenarioId,
        scenarioVersion: scenario.version,
        scenarioTitle: scenario.scenario.title,
        side: run.side,
        contracts: run.contracts,
        startingBalance: run.startingBalance,
        responses: run.responses,
        outcome: played.outcome,
        completedAt: command.at,
      },
    });
  },
};
