import type { RouteHandlers } from '@tickwise/platform';
import { activeCollection, type ContractSpecsDoc, type MarginScenariosDoc } from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';

/** The learning tools' reference data: the contract specifications and the simulator's scenarios. */
export function toolsQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  return {
    async contractSpecs() {
      const collection = await activeCollection(deps.store, 'catalog', 'contractSpecs');
      const current = await deps.store.get<ContractSpecsDoc>(collection, 'current');
      return { body: current?.specs ?? [] };
    },
    async marginScenarios() {
      const collection = await activeCollection(deps.store, 'catalog', 'marginScenarios');
      const current = await deps.store.get<MarginScenariosDoc>(collection, 'current');
      return { body: current?.scenarios ?? [] };
    },
  };
}
