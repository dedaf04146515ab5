/** The margin simulator's calls: the published paths, and recording a finished run. */
import type { BodyOf, MarginScenario, MarginSimulationRecorded } from '@tickwise/contracts';
import { api, routeRequest } from '../../api/api';
import { invalidatedBy, providedBy } from '../../api/tags';

export const practiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    marginScenarios: build.query<MarginScenario[], void>({
      query: () => routeRequest('marginScenarios'),
      providesTags: [providedBy.marginScenarios],
    }),
    recordMarginSimulation: build.mutation<MarginSimulationRecorded, BodyOf<'recordMarginSimulation'>>({
      query: (body) => routeRequest('recordMarginSimulation', { body }),
      invalidatesTags: [...invalidatedBy.recordMarginSimulation],
    }),
  }),
});

export const { useMarginScenariosQuery, useRecordMarginSimulationMutation } = practiceApi;
