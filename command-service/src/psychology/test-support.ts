/**
 * Helpers for the psychology tests: answer sheets over the authored instrument and one hand-scored mixed
 * sheet. The whole-stack helpers (a stack with content published, submitting a sheet) are in the app's testing.
 */
import path from 'node:path';
import type { PsychologyCategory, PsychologyResponse } from '@tickwise/contracts';
import { type Instrument, loadInstrument } from './instrument';

export const ASSESSMENT = '/api/trading-psychology/assessment';
export const QUESTIONS = '/api/trading-psychology/questions';
export const LATEST = '/api/trading-psychology/latest';
export const ASSESSMENTS = '/api/assessments';
export const TRADING_PROFILE = '/api/trading-profile';
export const DASHBOARD = '/api/dashboard';

/** The authored instrument (content/psychology/instrument.yaml). */
export const INSTRUMENT = loadInstrument();
export const QUESTION_IDS = INSTRUMENT.questions.map((q) => q.id);

/** An earlier version of the instrument exactly as it was published (fixtures/, pinned by content hash). */
export const publishedInstrument = (version: '1.0' | '2.0'): Instrument =>
  loadInstrument(path.join(__dirname, 'fixtures', `instrument-${version}.yaml`));

/** One answer per question of the authored instrument, in question order. */
export const sheetOf = (answer: (questionId: number) => number): PsychologyResponse[] =>
  QUESTION_IDS.map((questionId) => ({ questionId, value: answer(questionId) }));

/** Every question answered with the same value. */
export const uniformSheet = (value: number) => sheetOf(() => value);

/**
 * A mixed sheet scored by hand. The authored layout is 5 items per category in id order (1-5
 * emotionalIntelligence, 6-10 cognitiveControl, 11-15 stressResilience, 16-20 behavioralDiscipline,
 * 21-25 riskManagement, 26-30 performanceOptimization); reverse-keyed: 2, 5, 7, 9, 12, 14, 17, 19, 22, 24,
 * 27, 29 (item score 6 − value).
 *   EI  5 1 5 5 1 → 5 5 5 5 5 = 25 → (25−5)/20 = 100
 *   CC  1 5 1 5 1 → 1 1 1 1 1 =  5 → 0
 *   SR  4 2 3 2 4 → 4 4 3 4 4 = 19 → 70
 *   BD  2 4 2 4 2 → 2 2 2 2 2 = 10 → 25
 *   RM  5 5 5 5 5 → 5 1 5 1 5 = 17 → 60
 *   PO  3 1 4 5 2 → 3 5 4 1 2 = 15 → 50
 *   overall = 305 / 6 = 50.83… → 51; cognitiveControl < 50 and behavioralDiscipline < 50 → In-the-Moment Trader
 */
export const MIXED_VALUES = [
  5, 1, 5, 5, 1, 1, 5, 1, 5, 1, 4, 2, 3, 2, 4, 2, 4, 2, 4, 2, 5, 5, 5, 5, 5, 3, 1, 4, 5, 2,
] as const;
export const MIXED_SHEET = sheetOf((id) => MIXED_VALUES[id - 1] ?? 0);
export const MIXED_SCORES: Record<PsychologyCategory, number> = {
  emotionalIntelligence: 100,
  cognitiveControl: 0,
  stressResilience: 70,
  behavioralDiscipline: 25,
  riskManagement: 60,
  performanceOptimization: 50,
};
export const MIXED_OVERALL = 305 / 6;
export const MIXED_ARCHETYPE = 'In-the-Moment Trader';

/** The archetype as authored, by name (fails when the instrument has no such archetype). */
export function archetypeNamed(name: string) {
  const archetype = INSTRUMENT.archetypes.find((a) => a.name === name);
  if (!archetype) throw new Error(`the instrument has no archetype "${name}"`);
  return archetype;
}
