/**
 * The documented rules by which regulatory warnings are issued: a general futures-risk warning at
 * registration; after a risk assessment, a speculative objective with beginner experience, a speculative
 * objective with risk capacity ≤ 3, and a volatile financial situation. Ids derive from the triggering event.
 */
import type { EventOf } from '@tickwise/contracts';
import { deterministicId } from '@tickwise/platform';
import { warningsFor } from './warning-rules';

type Assessment = EventOf<'RiskAssessed'>['data'];

const calm: Assessment = {
  assessmentId: 'assessment-1',
  experienceLevel: 'intermediate',
  financialSituation: 'stable',
  riskCapacity: 5,
  investmentObjective: 'growth',
  annualIncome: null,
  netWorth: null,
  submittedAt: '2026-01-17T09:30:00.000Z',
  expiresAt: '2027-01-17T09:30:00.000Z',
};
const assessed = (overrides: Partial<Assessment>, eventId = 'event-assessed-1') => ({
  eventId,
  type: 'RiskAssessed',
  data: { ...calm, ...overrides },
});
const registered = (eventId = 'event-registered-1') => ({
  eventId,
  type: 'UserRegistered',
  data: {
    userId: 'user-1',
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    registeredAt: '2026-01-17T09:00:00.000Z',
  },
});
const rulesOf = (event: { eventId: string; type: string; data: unknown }) =>
  warningsFor(event).map((w) => w.rule);

describe('registration', () => {
  test('UserRegistered calls for exactly the general futures-risk warning', () => {
    expect(warningsFor(registered())).toEqual([
      {
        warningId: deterministicId('warning', 'event-registered-1', 'general-futures-risk'),
        warningType: 'general_risk',
        rule: 'general-futures-risk',
        message: expect.stringMatching(/substantial risk of loss/),
      },
    ]);
  });
});

describe('after a risk assessment', () => {
  test('a calm assessment (growth, intermediate, capacity 5, stable) calls for no warning', () => {
    expect(warningsFor(assessed({}))).toEqual([]);
  });

  test('speculative + beginner → experience_mismatch; speculative with other experience does not', () => {
    const triggered = warningsFor(
      assessed({ investmentObjective: 'speculative', experienceLevel: 'beginner' }),
    );
    expect(triggered).toEqual([
      {
        warningId: deterministicId('warning', 'event-assessed-1', 'speculative-objective-beginner'),
        warningType: 'experience_mismatch',
        rule: 'speculative-objective-beginner',
        message: expect.stringMatching(/speculative/),
      },
    ]);
    for (const experienceLevel of ['intermediate', 'advanced'] as const)
      expect(rulesOf(assessed({ investmentObjective: 'speculative', experienceLevel }))).toEqual([]);
    for (const investmentObjective of ['education', 'conservative', 'growth'] as const)
      expect(rulesOf(assessed({ investmentObjective, experienceLevel: 'beginner' }))).toEqual([]);
  });

  test.each([1, 2, 3])('speculative + risk capacity %i → risk_capacity_mismatch', (riskCapacity) => {
    expect(warningsFor(assessed({ investmentObjective: 'speculative', riskCapacity }))).toEqual([
      expect.objectContaining({
        warningType: 'risk_capacity_mismatch',
        rule: 'speculative-objective-low-capacity',
      }),
    ]);
  });

  test('speculative + risk capacity 4 or more, or capacity 1 with another objective, calls for no capacity warning', () => {
    for (const riskCapacity of [4, 5, 10])
      expect(rulesOf(assessed({ investmentObjective: 'speculative', riskCapacity }))).toEqual([]);
    expect(rulesOf(assessed({ investmentObjective: 'conservative', riskCapacity: 1 }))).toEqual([]);
  });

  test('a volatile financial situation → financial_situation; stable and growing do not', () => {
    expect(warningsFor(assessed({ financialSituation: 'volatile' }))).toEqual([
      expect.objectContaining({ warningType: 'financial_situation', rule: 'volatile-financial-situation' }),
    ]);
    expect(rulesOf(assessed({ financialSituation: 'growing' }))).toEqual([]);
    expect(rulesOf(assessed({ financialSituation: 'stable' }))).toEqual([]);
  });

  test('speculative, beginner, capacity 2, volatile → all three warnings, each once', () => {
    const event = assessed({
      investmentObjective: 'speculative',
      experienceLevel: 'beginner',
      riskCapacity: 2,
      financialSituation: 'volatile',
    });
    expect(rulesOf(event)).toEqual([
      'speculative-objective-beginner',
      'speculative-objective-low-capacity',
      'volatile-financial-situation',
    ]);
    expect(new Set(warningsFor(event).map((w) => w.warningId)).size).toBe(3);
  });
});

describe('warning ids', () => {
  const risky = { investmentObjective: 'speculative', experienceLevel: 'beginner' } as const;

  test('are deterministic: the same event calls for the same ids every time', () => {
    expect(warningsFor(assessed(risky))).toEqual(warningsFor(assessed(risky)));
    expect(warningsFor(registered())).toEqual(warningsFor(registered()));
  });

  test('differ between triggering events, so a second assessment warns again', () => {
    const first = warningsFor(assessed(risky, 'event-a')).map((w) => w.warningId);
    const second = warningsFor(assessed(risky, 'event-b')).map((w) => w.warningId);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    expect(warningsFor(registered('event-a'))[0]?.warningId).not.toBe(
      warningsFor(registered('event-b'))[0]?.warningId,
    );
  });
});

test('other events call for no warning', () => {
  for (const type of ['UserLoggedOut', 'DocumentAcknowledged', 'RegulatoryWarningIssued', 'LoginSucceeded'])
    expect(warningsFor({ eventId: 'e', type, data: calm })).toEqual([]);
});
