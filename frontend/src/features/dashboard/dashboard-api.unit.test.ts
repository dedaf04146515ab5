import type { Dashboard, TradingProfile } from '@tickwise/contracts';
import { brokenReply, replyOf, scriptFetch } from '../../../test/fetch';
import { createAppStore } from '../../app/store';
import { dashboardApi } from './dashboard-api';

const dashboard: Dashboard = {
  courseProgress: 8,
  quizAverage: 89,
  eqScore: 70,
  stressResilience: null,
  moduleProgress: [{ moduleId: 1, title: 'What Futures Are', progress: 100 }],
  recentActivity: [{ kind: 'quiz_completed', title: 'Scored 89%', at: '2025-01-17T12:00:00.000Z' }],
  recommendations: [
    { kind: 'continue_module', title: 'Continue X', description: '4 lessons remaining', href: '/course' },
  ],
};
const profile: TradingProfile = {
  style: 'Learner First',
  description: 'Study first.',
  basedOn: {
    traderArchetype: null,
    experienceLevel: 'beginner',
    riskCapacity: 5,
    investmentObjective: 'education',
  },
};

describe('the dashboard endpoints', () => {
  it('read the dashboard and the trading profile as the contracts define them', async () => {
    scriptFetch((call) =>
      call.url === '/api/dashboard' ? replyOf('dashboard', dashboard) : replyOf('tradingProfile', profile),
    );
    const store = createAppStore();
    expect((await store.dispatch(dashboardApi.endpoints.dashboard.initiate())).data).toEqual(dashboard);
    expect((await store.dispatch(dashboardApi.endpoints.tradingProfile.initiate())).data).toEqual(profile);
  });

  it('turn an answer that breaks the contract into an error, not a dashboard of the wrong shape', async () => {
    scriptFetch(() => brokenReply({ ...dashboard, moduleProgress: [{ moduleId: 1 }] }));
    const store = createAppStore();
    const reply = await store.dispatch(dashboardApi.endpoints.dashboard.initiate());
    expect(reply.data).toBeUndefined();
    expect(reply.error).toEqual({ status: 200, message: '200: moduleProgress.0.title: required' });
  });

  it('calls GET /api/dashboard and GET /api/trading-profile', async () => {
    const calls = scriptFetch((call) =>
      call.url === '/api/dashboard' ? replyOf('dashboard', dashboard) : replyOf('tradingProfile', profile),
    );
    const store = createAppStore();
    await store.dispatch(dashboardApi.endpoints.dashboard.initiate());
    await store.dispatch(dashboardApi.endpoints.tradingProfile.initiate());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/dashboard',
      'GET /api/trading-profile',
    ]);
  });
});
