import type { PsychologyResult } from '@tickwise/contracts';
import { json, replyOf, scriptFetch } from '../../../test/fetch';
import { createAppStore } from '../../app/store';
import { psychologyApi } from './psychology-api';

const result: PsychologyResult = {
  id: 'r-1',
  overallScore: 50,
  traderArchetype: 'Developing Trader',
  emotionalIntelligence: 50,
  cognitiveControl: 50,
  stressResilience: 50,
  behavioralDiscipline: 50,
  riskManagement: 50,
  performanceOptimization: 50,
  completedAt: '2025-01-17T12:00:00.000Z',
};

describe('the psychology endpoints', () => {
  it('answers null for the latest result when there is none yet (the server answers null)', async () => {
    const calls = scriptFetch(() => replyOf('latestPsychologyResult', null));
    const store = createAppStore();
    const reply = await store.dispatch(psychologyApi.endpoints.latestPsychologyResult.initiate());
    expect(calls[0]?.url).toBe('/api/trading-psychology/latest');
    expect(reply.data).toBeNull();
    expect(reply.error).toBeUndefined();
  });

  it('passes other failures on', async () => {
    scriptFetch(() => json({ error: 'Complete compliance first' }, 403));
    const store = createAppStore();
    const reply = await store.dispatch(psychologyApi.endpoints.latestPsychologyResult.initiate());
    expect(reply.error).toEqual({ status: 403, message: '403: {"error":"Complete compliance first"}' });
  });

  it('submits the answer sheet and refreshes the results, profile and dashboard', async () => {
    const calls = scriptFetch((call) =>
      call.method === 'POST'
        ? replyOf('submitPsychologyAssessment', result, 201)
        : replyOf('latestPsychologyResult', result),
    );
    const store = createAppStore();
    const latest = store.dispatch(psychologyApi.endpoints.latestPsychologyResult.initiate());
    await latest;
    const responses = [{ questionId: 1, value: 3 }];
    const submitted = await store.dispatch(
      psychologyApi.endpoints.submitPsychologyAssessment.initiate({ responses }),
    );
    expect(submitted.data).toEqual(result);
    expect(calls[1]).toMatchObject({
      method: 'POST',
      url: '/api/trading-psychology/assessment',
      body: { responses },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/trading-psychology/latest',
      'POST /api/trading-psychology/assessment',
      'GET /api/trading-psychology/latest',
    ]);
    latest.unsubscribe();
  });
});
