import { ofType, streams } from '@tickwise/contracts';
import { handleCommand, type RouteHandlers, reply } from '@tickwise/platform';
import type { CommandServiceDeps } from '../app/deps';
import { marginPractice } from './margin-practice';

/** POST /api/practice/margin-simulations: a finished simulator run, replayed and recorded. */
export function practiceRoutes(deps: CommandServiceDeps): RouteHandlers<'command'> {
  return {
    async recordMarginSimulation({ body }, request) {
      const userId = request.principal.userId;
      // The published scenarios and the specifications they trade: a short stream, read whole.
      const published = await deps.log.readStream(streams.catalogContractSpecs());
      const specs = published.filter(ofType('ContractSpecsPublished')).at(-1)?.data.specs ?? [];
      const scenarios = published.filter(ofType('MarginScenariosPublished')).at(-1)?.data;
      const scenario = scenarios?.scenarios.find((s) => s.id === body.scenarioId);
      const outcome = await handleCommand(deps, marginPractice, {
        stream: streams.learning(userId),
        command: {
          kind: 'recordMarginSimulation',
          run: body,
          scenario: scenario && scenarios ? { scenario, version: scenarios.version } : undefined,
          spec: scenario ? specs.find((s) => s.symbol === scenario.contract) : undefined,
          at: deps.now().toISOString(),
        },
        commandId: request.commandId,
        actor: userId,
        correlationId: request.requestId,
      });
      const [recorded] = outcome.events;
      if (recorded?.type !== 'MarginSimulationCompleted') throw new Error('the run was not recorded');
      return reply(outcome, {
        id: recorded.eventId,
        scenarioId: recorded.data.scenarioId,
        outcome: recorded.data.outcome,
        completedAt: recorded.data.completedAt,
      });
    },
  };
}
