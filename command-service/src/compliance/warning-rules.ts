import type { EventOf } from '@tickwise/contracts';
import { deterministicId } from '@tickwise/platform';
import type { IssuedWarning } from './compliance-record';

/**
 * The documented rules by which Tickwise issues regulatory warnings. Each names the event it reacts to and
 * the condition; a warning's id derives from the triggering event, so issuing it again is a no-op.
 */
export interface WarningRule<K extends 'UserRegistered' | 'RiskAssessed'> {
  rule: string;
  on: K;
  applies(data: EventOf<K>['data']): boolean;
  warningType: string;
  message: string;
}

export const registrationRules: ReadonlyArray<WarningRule<'UserRegistered'>> = [
  {
    rule: 'general-futures-risk',
    on: 'UserRegistered',
    applies: () => true,
    warningType: 'general_risk',
    message:
      'Trading futures involves substantial risk of loss and is not suitable for everyone. Because futures are leveraged, you can lose more than the money you deposit. Tickwise is an education site: it does not give investment advice.',
  },
];

export const assessmentRules: ReadonlyArray<WarningRule<'RiskAssessed'>> = [
  {
    rule: 'speculative-objective-beginner',
    on: 'RiskAssessed',
    applies: (a) => a.investmentObjective === 'speculative' && a.experienceLevel === 'beginner',
    warningType: 'experience_mismatch',
    message:
      'You described your objective as speculative while your experience is at a beginner level. Speculative futures trading carries a high risk of rapid losses; learn the basics, including margin and position sizing, before risking money.',
  },
  {
    rule: 'speculative-objective-low-capacity',
    on: 'RiskAssessed',
    applies: (a) => a.investmentObjective === 'speculative' && a.riskCapacity <= 3,
    warningType: 'risk_capacity_mismatch',
    message:
      'You chose a speculative objective but rated your capacity to take risk at 3 or lower. Leveraged futures positions can lose more than the initial deposit; speculative trading does not fit a low capacity for losses.',
  },
  {
    rule: 'volatile-financial-situation',
    on: 'RiskAssessed',
    applies: (a) => a.financialSituation === 'volatile',
    warningType: 'financial_situation',
    message:
      'You described your financial situation as volatile. Money you may need for living costs or debts should never be put at risk in futures trading, where margin calls can demand more money at short notice.',
  },
];

/** The warnings an event calls for (ids derived from the event id and the rule). */
export function warningsFor(event: { eventId: string; type: string; data: unknown }): IssuedWarning[] {
  const rules: ReadonlyArray<WarningRule<'UserRegistered'> | WarningRule<'RiskAssessed'>> =
    event.type === 'UserRegistered'
      ? registrationRules
      : event.type === 'RiskAssessed'
        ? assessmentRules
        : [];
  return rules
    .filter((rule) => (rule.applies as (data: unknown) => boolean)(event.data))
    .map((rule) => ({
      warningId: deterministicId('warning', event.eventId, rule.rule),
      warningType: rule.warningType,
      rule: rule.rule,
      message: rule.message,
    }));
}
