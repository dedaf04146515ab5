/** The closed sets of words the domain uses. `X.values` lists them. */
import type * as t from 'io-ts';
import { oneOf } from './codecs';
import { moduleLevels, psychologyCategories } from './words';

/** Every user is a learner; auditor, analyst and admin are granted by events. */
export const Role = oneOf(['learner', 'auditor', 'analyst', 'admin']);
export type Role = t.TypeOf<typeof Role>;

/** Roles that the admin CLI can grant or revoke (learner is implicit). */
export const GrantableRole = oneOf(['auditor', 'analyst', 'admin']);
export type GrantableRole = t.TypeOf<typeof GrantableRole>;

export const ModuleLevel = oneOf(moduleLevels);
export type ModuleLevel = t.TypeOf<typeof ModuleLevel>;

export const DocumentType = oneOf([
  'risk_disclosure',
  'cftc_warning',
  'educational_disclaimer',
  'privacy_policy',
]);
export type DocumentType = t.TypeOf<typeof DocumentType>;

/** How a document type reads to a person (a version's own title may differ; this names the kind). */
export const documentTypeLabels: Readonly<Record<DocumentType, string>> = {
  risk_disclosure: 'Futures Risk Disclosure',
  cftc_warning: 'Regulatory Status and Fraud Warning',
  educational_disclaimer: 'Educational Disclaimer',
  privacy_policy: 'Privacy Policy',
};

/** beginner (0-1 years), intermediate (1-3 years), advanced (3+ years). */
export const ExperienceLevel = oneOf(['beginner', 'intermediate', 'advanced']);
export type ExperienceLevel = t.TypeOf<typeof ExperienceLevel>;

export const FinancialSituation = oneOf(['stable', 'growing', 'volatile']);
export type FinancialSituation = t.TypeOf<typeof FinancialSituation>;

export const InvestmentObjective = oneOf(['education', 'conservative', 'growth', 'speculative']);
export type InvestmentObjective = t.TypeOf<typeof InvestmentObjective>;

export const PsychologyCategory = oneOf(psychologyCategories);
export type PsychologyCategory = t.TypeOf<typeof PsychologyCategory>;

/** Browser-stored cookie consent status. */
export const CookieConsentStatus = oneOf(['accepted', 'rejected', 'customized']);
export type CookieConsentStatus = t.TypeOf<typeof CookieConsentStatus>;

/** Why a login failed (recorded for the security audit, never shown to the client). */
export const LoginFailureReason = oneOf(['unknown_email', 'wrong_password']);
export type LoginFailureReason = t.TypeOf<typeof LoginFailureReason>;
