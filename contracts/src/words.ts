/**
 * Words of the domain that screens show, and the key of a document version, without io-ts: the frontend's
 * landing page imports this module alone (`@tickwise/contracts/words`). The codecs in vocabulary.ts are
 * built from these lists.
 */

/** Course tiers: modules 1-4, 5-8, 9-12. */
export const moduleLevels = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'] as const;
export type ModuleLevel = (typeof moduleLevels)[number];

export const moduleLevelLabels: Readonly<Record<ModuleLevel, string>> = {
  BEGINNER: 'Beginner',
  INTERMEDIATE: 'Intermediate',
  ADVANCED: 'Advanced',
};

/** The six categories of the trading psychology instrument, in its order. */
export const psychologyCategories = [
  'emotionalIntelligence',
  'cognitiveControl',
  'stressResilience',
  'behavioralDiscipline',
  'riskManagement',
  'performanceOptimization',
] as const;
export type PsychologyCategory = (typeof psychologyCategories)[number];

export const psychologyCategoryLabels: Readonly<Record<PsychologyCategory, string>> = {
  emotionalIntelligence: 'Emotional Intelligence',
  cognitiveControl: 'Cognitive Control',
  stressResilience: 'Stress Resilience',
  behavioralDiscipline: 'Behavioral Discipline',
  riskManagement: 'Risk Management',
  performanceOptimization: 'Performance Optimization',
};

/** One version of one compliance document, as a key: `risk_disclosure@2.0`. */
export const documentKey = (document: { readonly documentType: string; readonly version: string }): string =>
  `${document.documentType}@${document.version}`;

/** How the regulatory warning types read to a person; an unknown type reads as itself. */
const warningTypeLabels: Readonly<Record<string, string>> = {
  general_risk: 'General futures risk',
  experience_mismatch: 'Speculative objective with beginner experience',
  risk_capacity_mismatch: 'Speculative objective with a low risk capacity',
  financial_situation: 'Volatile financial situation',
};
export const warningTypeLabel = (warningType: string): string =>
  warningTypeLabels[warningType] ?? warningType;
