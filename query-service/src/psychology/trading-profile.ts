import type { RiskAssessment, TradingProfile } from '@tickwise/contracts';

/**
 * 'Your Trading Style': a descriptive label from the latest risk assessment's objective and risk capacity,
 * with the psychology archetype alongside. Education, not advice: it describes, it does not recommend.
 */
export function tradingProfileOf(
  assessment: RiskAssessment | undefined,
  archetype: string | null,
): TradingProfile {
  const basedOn = {
    traderArchetype: archetype,
    experienceLevel: assessment?.experienceLevel ?? null,
    riskCapacity: assessment?.riskCapacity ?? null,
    investmentObjective: assessment?.investmentObjective ?? null,
  };
  const withArchetype = archetype ? ` Your psychology profile reads "${archetype}".` : '';
  if (!assessment) {
    return {
      style: 'Not yet profiled',
      description: `Complete a risk assessment to see your trading style.${withArchetype}`,
      basedOn,
    };
  }
  const { investmentObjective: objective, riskCapacity: capacity } = assessment;
  const [style, description] =
    objective === 'education'
      ? [
          'Learner First',
          'You are here to understand futures before anything else: study the mechanics, then practise on paper.',
        ]
      : objective === 'conservative'
        ? [
            'Capital Preserver',
            'You put protecting capital first: small positions, defined risk and patience suit how you describe yourself.',
          ]
        : objective === 'growth'
          ? capacity <= 4
            ? [
                'Careful Builder',
                'You want growth but describe a limited capacity for losses: a plan with strict position sizing fits that tension.',
              ]
            : [
                'Measured Builder',
                'You aim for growth with a moderate appetite for risk: steady sizing rules and regular reviews matter most.',
              ]
          : capacity <= 3
            ? [
                'Speculator Under Review',
                'A speculative aim with a low capacity for losses is a mismatch worth resolving before risking money.',
              ]
            : [
                'Active Speculator',
                'You describe a speculative aim and a higher tolerance for losses: discipline and risk limits are what keep it survivable.',
              ];
  return { style, description: `${description}${withArchetype}`, basedOn };
}
