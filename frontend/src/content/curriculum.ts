/** The landing page's curriculum overview; a test keeps it in step with content/course/NN-…/module.md. */
import { type ModuleLevel, moduleLevelLabels } from '@tickwise/contracts/words';

export interface CurriculumModule {
  readonly id: number;
  readonly title: string;
  readonly level: ModuleLevel;
}

export const curriculum: readonly CurriculumModule[] = [
  { id: 1, title: 'What Futures Are', level: 'BEGINNER' },
  { id: 2, title: 'Contract Specifications', level: 'BEGINNER' },
  { id: 3, title: 'Margin and Daily Settlement', level: 'BEGINNER' },
  { id: 4, title: 'Orders', level: 'BEGINNER' },
  { id: 5, title: 'Expiry and Rolling', level: 'INTERMEDIATE' },
  { id: 6, title: 'Term Structure', level: 'INTERMEDIATE' },
  { id: 7, title: 'Hedging', level: 'INTERMEDIATE' },
  { id: 8, title: 'Spreads and Options on Futures', level: 'INTERMEDIATE' },
  { id: 9, title: 'Position Sizing and Risk', level: 'ADVANCED' },
  { id: 10, title: 'Trading Psychology', level: 'ADVANCED' },
  { id: 11, title: 'Regulation, Protection and Tax', level: 'ADVANCED' },
  { id: 12, title: 'Trade Plan and Review', level: 'ADVANCED' },
];

export interface Tier {
  readonly level: ModuleLevel;
  readonly name: string;
  readonly range: string;
  readonly summary: string;
}

export const tiers: readonly Tier[] = [
  {
    level: 'BEGINNER',
    name: moduleLevelLabels.BEGINNER,
    range: 'Modules 1–4',
    summary: 'What futures are, how to read a contract, how margin works and which orders to use.',
  },
  {
    level: 'INTERMEDIATE',
    name: moduleLevelLabels.INTERMEDIATE,
    range: 'Modules 5–8',
    summary: 'Expiry and rolling, the term structure, hedging with worked numbers, and spreads.',
  },
  {
    level: 'ADVANCED',
    name: moduleLevelLabels.ADVANCED,
    range: 'Modules 9–12',
    summary: 'Position sizing, trading psychology, regulation and tax, and your own trade plan.',
  },
];

/** The course in numbers. */
export const courseStats = [
  { value: 12, label: 'Modules' },
  { value: 48, label: 'Lessons' },
  { value: 12, label: 'Quizzes' },
] as const;
