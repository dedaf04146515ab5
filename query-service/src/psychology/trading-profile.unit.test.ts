/**
 * 'Your Trading Style' (derived from the archetype and the latest risk assessment):
 * every branch of tradingProfileOf.
 */
import type { InvestmentObjective, RiskAssessment } from '@tickwise/contracts';
import { tradingProfileOf } from './trading-profile';

const assessment = (investmentObjective: InvestmentObjective, riskCapacity: number): RiskAssessment => ({
  id: 'a1',
  experienceLevel: 'beginner',
  financialSituation: 'stable',
  riskCapacity,
  investmentObjective,
  annualIncome: null,
  netWorth: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2027-01-01T00:00:00.000Z',
});

describe('tradingProfileOf', () => {
  test('no risk assessment → Not yet profiled, nulls in basedOn', () => {
    expect(tradingProfileOf(undefined, null)).toEqual({
      style: 'Not yet profiled',
      description: 'Complete a risk assessment to see your trading style.',
      basedOn: {
        traderArchetype: null,
        experienceLevel: null,
        riskCapacity: null,
        investmentObjective: null,
      },
    });
  });

  test('no risk assessment but an archetype → still Not yet profiled, the archetype named', () => {
    const profile = tradingProfileOf(undefined, 'Steady Rule-Keeper');
    expect(profile.style).toBe('Not yet profiled');
    expect(profile.description).toBe(
      'Complete a risk assessment to see your trading style. Your psychology profile reads "Steady Rule-Keeper".',
    );
    expect(profile.basedOn.traderArchetype).toBe('Steady Rule-Keeper');
  });

  test.each<[InvestmentObjective, number, string]>([
    ['education', 1, 'Learner First'],
    ['education', 10, 'Learner First'],
    ['conservative', 1, 'Capital Preserver'],
    ['conservative', 10, 'Capital Preserver'],
    ['growth', 4, 'Careful Builder'],
    ['growth', 1, 'Careful Builder'],
    ['growth', 5, 'Measured Builder'],
    ['growth', 10, 'Measured Builder'],
    ['speculative', 3, 'Speculator Under Review'],
    ['speculative', 1, 'Speculator Under Review'],
    ['speculative', 4, 'Active Speculator'],
    ['speculative', 10, 'Active Speculator'],
  ])('%s with capacity %d → %s', (objective, capacity, style) => {
    const profile = tradingProfileOf(assessment(objective, capacity), null);
    expect(profile.style).toBe(style);
    expect(profile.description.length).toBeGreaterThan(20);
    expect(profile.description).not.toContain('psychology profile');
    expect(profile.basedOn).toEqual({
      traderArchetype: null,
      experienceLevel: 'beginner',
      riskCapacity: capacity,
      investmentObjective: objective,
    });
  });

  test('with an archetype, the description ends by naming it', () => {
    const profile = tradingProfileOf(assessment('growth', 6), 'Reflective Learner');
    expect(profile.style).toBe('Measured Builder');
    expect(profile.description).toMatch(/ Your psychology profile reads "Reflective Learner"\.$/);
    expect(profile.basedOn.traderArchetype).toBe('Reflective Learner');
  });

  test('descriptive, not advice: no recommendation to buy, sell or expect profit', () => {
    const all = (['education', 'conservative', 'growth', 'speculative'] as const).flatMap((o) =>
      [1, 10].map((c) => tradingProfileOf(assessment(o, c), null).description),
    );
    for (const text of all) expect(text).not.toMatch(/\b(buy|sell|guarantee|profit)\b/i);
  });
});
