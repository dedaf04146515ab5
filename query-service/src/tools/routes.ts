import type { RouteHandlers } from '@tickwise/platform';
import { activeCollection, type ContractSpecsDoc } from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';

/** The learning tools' reference data: the contract specifications as last published. */
export function toolsQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  return {
    async contractSpecs() {
      const collection = await activeCollection(deps.store, 'catalog', 'contractSpecs');
      const current = await deps.store.get<ContractSpecsDoc>(collection, 'current');
      return { body: current?.specs ?? [] };
    },
  };
}
