import { json, scriptFetch } from '../../../test/fetch';
import { createAppStore } from '../../app/store';
import { psychologyApi, psychologyResultFrom, questionsFrom } from './psychology-api';

const result = {
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

describe('reading psychology replies', () => {
  it('keeps well-formed questions and treats anything else as none', () => {
    expect(questionsFrom([{ id: 1, question: 'Q1', category: 'x' }, { id: 'x' }, null])).toEqual([
      { id: 1, question: 'Q1' },
    ]);
    expect(questionsFrom({})).toEqual([]);
    expect(questionsFrom(null)).toEqual([]);
  });

  it('reads a result with or without the archetype description and focus, and refuses a partial one', () => {
    expect(psychologyResultFrom(result)).toEqual(result);
    expect(psychologyResultFrom({ ...result, archetypeDescription: 'd', archetypeFocus: 'f' })).toEqual({
      ...result,
      archetypeDescription: 'd',
      archetypeFocus: 'f',
    });
    expect(psychologyResultFrom({ ...result, riskManagement: null })).toBeNull();
    expect(psychologyResultFrom({})).toBeNull();
    expect(psychologyResultFrom([])).toBeNull();
  });
});

describe('the psychology endpoints', () => {
  it('answers null for the latest result when there is none yet (the server answers null)', async () => {
    const calls = scriptFetch(() => json(null));
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
    const calls = scriptFetch((call) => (call.method === 'POST' ? json(result, 201) : json(result)));
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
