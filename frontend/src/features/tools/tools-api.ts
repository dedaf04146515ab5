/** The learning tools' reference data: the contract specifications, cached for the session. */
import type { ContractSpec } from '@tickwise/contracts';
import { api, routeRequest } from '../../api/api';
import { providedBy } from '../../api/tags';

export const toolsApi = api.injectEndpoints({
  endpoints: (build) => ({
    contractSpecs: build.query<ContractSpec[], void>({
      query: () => routeRequest('contractSpecs'),
      providesTags: [providedBy.contractSpecs],
    }),
  }),
});

export const { useContractSpecsQuery } = toolsApi;
