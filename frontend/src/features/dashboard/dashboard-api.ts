/**
 * The dashboard's endpoints: GET /api/dashboard (the read model: progress, averages, psychology scores,
 * module progress, recent activity, recommendations) and GET /api/trading-profile ('Your Trading Style').
 * Both answers are decoded by the routes' codecs (routeRequest), so their types are the contracts'.
 */
import type { Dashboard, TradingProfile } from '@tickwise/contracts';
import { api, routeRequest } from '../../api/api';
import { providedBy } from '../../api/tags';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<Dashboard, void>({
      query: () => routeRequest('dashboard'),
      providesTags: [providedBy.dashboard],
    }),
    tradingProfile: build.query<TradingProfile, void>({
      query: () => routeRequest('tradingProfile'),
      providesTags: [providedBy.tradingProfile],
    }),
  }),
});

export const { useDashboardQuery, useTradingProfileQuery } = dashboardApi;
