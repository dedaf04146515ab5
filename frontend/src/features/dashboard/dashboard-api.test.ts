import { json, scriptFetch } from '../../../test/fetch';
import { createAppStore } from '../../app/store';
import { dashboardApi, dashboardFrom, tradingStyleFrom } from './dashboard-api';

describe('reading the dashboard reply', () => {
  it('keeps a well-formed dashboard as it is', () => {
    const dashboard = {
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
    expect(dashboardFrom(dashboard)).toEqual(dashboard);
  });

  it('reads a missing or odd reply as an empty dashboard, dropping items of unknown shape', () => {
    const empty = {
      courseProgress: 0,
      quizAverage: null,
      eqScore: null,
      stressResilience: null,
      moduleProgress: [],
      recentActivity: [],
      recommendations: [],
    };
    expect(dashboardFrom({})).toEqual(empty);
    expect(dashboardFrom(null)).toEqual(empty);
    expect(
      dashboardFrom({
        moduleProgress: [{ moduleId: 1 }],
        recentActivity: [{ kind: 'party', title: 't', at: 'x' }],
        recommendations: [{ kind: 'take_quiz', title: 'Quiz', href: 'https://elsewhere.example' }],
      }),
    ).toEqual(empty);
  });

  it('reads the trading profile, or null without a style', () => {
    const profile = {
      style: 'Learner First',
      description: 'Study first.',
      basedOn: {
        traderArchetype: null,
        experienceLevel: 'beginner',
        riskCapacity: 5,
        investmentObjective: 'education',
      },
    };
    expect(tradingStyleFrom(profile)).toEqual(profile);
    expect(tradingStyleFrom({ style: 'S' })).toEqual({
      style: 'S',
      description: '',
      basedOn: {
        traderArchetype: null,
        experienceLevel: null,
        riskCapacity: null,
        investmentObjective: null,
      },
    });
    expect(tradingStyleFrom({})).toBeNull();
  });

  it('calls GET /api/dashboard and GET /api/trading-profile', async () => {
    const calls = scriptFetch(() => json({}));
    const store = createAppStore();
    await store.dispatch(dashboardApi.endpoints.dashboard.initiate());
    await store.dispatch(dashboardApi.endpoints.tradingProfile.initiate());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/dashboard',
      'GET /api/trading-profile',
    ]);
  });
});
