/**
 * Plain-language checks of the risk assessment with the server's rules (contracts' RiskAssessmentBody:
 * three required choices, a whole risk capacity from 1 to 10, income and net worth of at most 100
 * characters), and the server's validation messages ("riskCapacity: must be …") turned into the same words,
 * as the registration dialog does (dialogs/field-errors).
 */
import type { ExperienceLevel, FinancialSituation, InvestmentObjective } from '@tickwise/contracts';
import type { FieldErrors } from '../../dialogs/field-errors';
import { INCOME_MAX_LENGTH, RISK_CAPACITY } from './constants';

export interface RiskAnswers {
  /** '' until the learner picks one. */
  readonly experienceLevel: ExperienceLevel | '';
  readonly financialSituation: FinancialSituation | '';
  readonly investmentObjective: InvestmentObjective | '';
  readonly riskCapacity: number;
  readonly annualIncome: string;
  readonly netWorth: string;
}

export type RiskField = keyof RiskAnswers;

const textTooLong = `Use at most ${INCOME_MAX_LENGTH} characters, or leave it empty.`;

export const riskFieldMessages: Readonly<Record<RiskField, string>> = {
  experienceLevel: 'Choose how much trading experience you have.',
  financialSituation: 'Choose the financial situation closest to yours.',
  investmentObjective: 'Choose what you want to get from trading.',
  riskCapacity: `Choose a risk capacity from ${RISK_CAPACITY.min} to ${RISK_CAPACITY.max}.`,
  annualIncome: textTooLong,
  netWorth: textTooLong,
};

export function riskAssessmentErrors(answers: RiskAnswers): FieldErrors<RiskField> {
  const errors: FieldErrors<RiskField> = {};
  for (const field of ['experienceLevel', 'financialSituation', 'investmentObjective'] as const)
    if (answers[field] === '') errors[field] = riskFieldMessages[field];
  const { riskCapacity } = answers;
  if (!Number.isInteger(riskCapacity) || riskCapacity < RISK_CAPACITY.min || riskCapacity > RISK_CAPACITY.max)
    errors.riskCapacity = riskFieldMessages.riskCapacity;
  for (const field of ['annualIncome', 'netWorth'] as const)
    if (answers[field].trim().length > INCOME_MAX_LENGTH) errors[field] = riskFieldMessages[field];
  return errors;
}

const fieldPattern =
  /^(experienceLevel|financialSituation|investmentObjective|riskCapacity|annualIncome|netWorth): (required|must be .*)$/;

/** The field and the words for a server validation message; null for any other message. */
export function riskFieldErrorFromServer(message: string): { field: RiskField; text: string } | null {
  const match = fieldPattern.exec(message);
  if (match === null) return null;
  const field = match[1] as RiskField;
  return { field, text: riskFieldMessages[field] };
}
