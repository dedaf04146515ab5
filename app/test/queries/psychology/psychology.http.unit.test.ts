/**
 * The psychology queries over HTTP on the whole stack: the questions
 * without their categories, the latest result (null before any), every result newest first, and the
 * trading profile from the archetype and the latest risk assessment — for compliant learners only.
 */

import type { Stack } from '../../../src/testing';
import {
  ASSESSMENTS,
  archetypeNamed,
  compliantLearner,
  DASHBOARD,
  INSTRUMENT,
  LATEST,
  type Learner,
  MIXED_ARCHETYPE,
  MIXED_SCORES,
  MIXED_SHEET,
  QUESTIONS,
  registerLearner,
  startPsychologyStack,
  submitSheet,
  TRADING_PROFILE,
  uniformSheet,
} from '../../../src/testing';

let stack: Stack;
beforeAll(async () => {
  stack = await startPsychologyStack(undefined, { storage: 'memory' });
});
afterAll(async () => {
  await stack?.close();
});

describe('GET /api/trading-psychology/questions', () => {
  test('the 30 authored questions in order, each exactly {id, question} (no category, no keying)', async () => {
    const learner = await compliantLearner(stack, 'questions');
    const res = await learner.get(QUESTIONS);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(30);
    for (const question of res.body as object[])
      expect(Object.keys(question).sort()).toEqual(['id', 'question']);
    expect(res.body).toEqual(INSTRUMENT.questions.map((q) => ({ id: q.id, question: q.question })));
  });
});

describe('results: latest and all, newest first', () => {
  let learner: Learner;
  beforeAll(async () => {
    learner = await compliantLearner(stack, 'results');
  });

  test('before any assessment: latest → 200 null (none yet, not an error); assessments → []', async () => {
    const latest = await learner.get(LATEST);
    expect(latest.status).toBe(200);
    expect(latest.body).toBeNull();
    const all = await learner.get(ASSESSMENTS);
    expect(all.status).toBe(200);
    expect(all.body).toEqual([]);
  });

  test('after one, latest is that result with the archetype’s description and focus', async () => {
    const posted = await submitSheet(learner, uniformSheet(3));
    expect(posted.status).toBe(201);
    const latest = await learner.get(LATEST);
    expect(latest.status).toBe(200);
    const developing = archetypeNamed('Developing Trader');
    expect(latest.body).toEqual({
      id: posted.body.id,
      emotionalIntelligence: 50,
      cognitiveControl: 50,
      stressResilience: 50,
      behavioralDiscipline: 50,
      riskManagement: 50,
      performanceOptimization: 50,
      overallScore: 50,
      traderArchetype: 'Developing Trader',
      completedAt: posted.body.completedAt,
      instrumentVersion: INSTRUMENT.version,
      archetypeDescription: developing.description,
      archetypeFocus: developing.workOn,
    });
    expect(latest.body).toEqual(posted.body);
  });

  test('after a retake, latest is the retake; assessments lists both, newest first', async () => {
    const [first] = (await learner.get(ASSESSMENTS)).body as Array<{ id: string }>;
    const retake = await submitSheet(learner, MIXED_SHEET);
    expect(retake.status).toBe(201);
    expect(retake.body).toMatchObject({
      ...MIXED_SCORES,
      overallScore: 51,
      traderArchetype: MIXED_ARCHETYPE,
    });
    const latest = await learner.get(LATEST);
    expect(latest.body).toEqual(retake.body);
    const all = await learner.get(ASSESSMENTS);
    expect(all.status).toBe(200);
    expect((all.body as Array<{ id: string }>).map((r) => r.id)).toEqual([retake.body.id, first?.id]);
    expect(all.body[0]).toEqual(retake.body);
    expect(all.body[1]).toMatchObject({ traderArchetype: 'Developing Trader', overallScore: 50 });
  });

  test('another learner sees none of them', async () => {
    const other = await compliantLearner(stack, 'results-other');
    const latest = await other.get(LATEST);
    expect(latest.status).toBe(200);
    expect(latest.body).toBeNull();
    expect((await other.get(ASSESSMENTS)).body).toEqual([]);
  });
});

describe('GET /api/trading-profile', () => {
  let learner: Learner;
  beforeAll(async () => {
    learner = await compliantLearner(stack, 'profile');
  });

  test('from the risk assessment alone (education, capacity 5), no archetype yet', async () => {
    const res = await learner.get(TRADING_PROFILE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      style: 'Learner First',
      description: expect.not.stringContaining('psychology profile'),
      basedOn: {
        traderArchetype: null,
        experienceLevel: 'intermediate',
        riskCapacity: 5,
        investmentObjective: 'education',
      },
    });
  });

  test('reflects the latest archetype and the latest risk assessment', async () => {
    expect((await submitSheet(learner, MIXED_SHEET)).status).toBe(201);
    const withArchetype = await learner.get(TRADING_PROFILE);
    expect(withArchetype.body.style).toBe('Learner First');
    expect(withArchetype.body.basedOn.traderArchetype).toBe(MIXED_ARCHETYPE);
    expect(withArchetype.body.description).toContain(`Your psychology profile reads "${MIXED_ARCHETYPE}".`);

    const renewed = await learner.post('/api/risk/assessment', {
      experienceLevel: 'beginner',
      financialSituation: 'growing',
      riskCapacity: 3,
      investmentObjective: 'growth',
      annualIncome: '',
      netWorth: '',
    });
    expect(renewed.status).toBe(201);
    expect((await submitSheet(learner, uniformSheet(3))).status).toBe(201);
    const res = await learner.get(TRADING_PROFILE);
    expect(res.body).toEqual({
      style: 'Careful Builder',
      description: expect.stringContaining('Your psychology profile reads "Developing Trader".'),
      basedOn: {
        traderArchetype: 'Developing Trader',
        experienceLevel: 'beginner',
        riskCapacity: 3,
        investmentObjective: 'growth',
      },
    });
  });
});

describe('access', () => {
  const paths = [QUESTIONS, LATEST, ASSESSMENTS, TRADING_PROFILE, DASHBOARD];
  let outsider: Learner;
  beforeAll(async () => {
    outsider = await registerLearner(stack, 'psychology-outsider');
  });

  test.each(paths)('GET %s for a learner who is not compliant → 403 {error}', async (path) => {
    const res = await outsider.get(path);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: expect.stringMatching(/compliance required/i) });
  });

  test.each(paths)('GET %s without a token → 401', async (path) => {
    const res = await stack.client().get(path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Authentication required' });
  });

  test('the projections followed the log without an error', () => {
    expect(stack.projectionErrors).toEqual([]);
  });
});
