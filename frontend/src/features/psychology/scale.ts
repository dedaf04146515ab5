/**
 * The psychology instrument as the screens need it: the 1–5 answer scale, the six
 * categories in the order they are shown, and the score colours (≥80 green, ≥60 yellow, else red).
 */
import type { PsychologyCategory, PsychologyResult } from '@tickwise/contracts';
import { psychologyCategories, psychologyCategoryLabels } from '@tickwise/contracts/words';

export interface AnswerOption {
  readonly value: number;
  readonly label: string;
}

/** The five answers, 1 Strongly Disagree … 5 Strongly Agree. */
export const answerOptions: readonly AnswerOption[] = [
  { value: 1, label: 'Strongly Disagree' },
  { value: 2, label: 'Disagree' },
  { value: 3, label: 'Neutral' },
  { value: 4, label: 'Agree' },
  { value: 5, label: 'Strongly Agree' },
];

/** A category's key, as the contracts name it. */
export type CategoryKey = PsychologyCategory;

export interface Category {
  readonly key: CategoryKey;
  readonly label: string;
}

/** The six categories, in the instrument's order. */
export const categories: readonly Category[] = psychologyCategories.map((key) => ({
  key,
  label: psychologyCategoryLabels[key],
}));

export interface CategoryScore extends Category {
  readonly score: number;
}

/** A result's six category scores, labelled, in order. */
export const categoryScores = (result: Pick<PsychologyResult, CategoryKey>): CategoryScore[] =>
  categories.map((c) => ({ ...c, score: result[c.key] }));

/** A colour name a score is drawn in; each maps to a fill that reads on the dark panels. */
export type Tone = 'green' | 'yellow' | 'amber' | 'red';

/** Psychology scores (categories and overall on the results screen): ≥80 green, ≥60 yellow, else red. */
export function psychologyTone(score: number): 'green' | 'yellow' | 'red' {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  return 'red';
}

/** The dashboard's overall score ring: ≥70 green, ≥50 amber, else red. */
export function overallRingTone(score: number): 'green' | 'amber' | 'red' {
  if (score >= 70) return 'green';
  if (score >= 50) return 'amber';
  return 'red';
}

/** Fills for each tone (Chakra's green/yellow/red 400 and an amber between yellow and orange). */
export const toneColor: Readonly<Record<Tone, string>> = {
  green: '#4ade80',
  yellow: '#facc15',
  amber: '#f59e0b',
  red: '#f87171',
};

/** What the psychology colours mean, for the legend beside the bars (colour is never the only cue). */
export const psychologyLegend: readonly { tone: Tone; text: string }[] = [
  { tone: 'green', text: '80 and above' },
  { tone: 'yellow', text: '60 to 79' },
  { tone: 'red', text: 'below 60' },
];
