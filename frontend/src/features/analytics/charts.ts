/** The pure part of the charts: shares, scales, ticks, funnel conversion, item flags, text alternatives. */
import type { FunnelStep, ItemKind, QuizItemAnalytics } from '@tickwise/contracts';
import { formatCount, formatIndex, formatPercent } from './format';

/** value / max, clamped to 0-1; 0 when max is not positive (an empty chart draws no bars). */
export function shareOf(value: number, max: number): number {
  if (!(max > 0) || !Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value / max));
}

/** Maps [d0, d1] linearly onto [r0, r1]. */
export function linearScale(d0: number, d1: number, r0: number, r1: number): (value: number) => number {
  const span = d1 - d0;
  return (value) => (span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0));
}

/** Evenly spaced ticks from min to max inclusive (rounded against floating-point drift). */
export function ticks(min: number, max: number, step: number): number[] {
  if (!(step > 0) || max < min) return [];
  const out: number[] = [];
  for (let i = 0; min + i * step <= max + step / 1e6; i++) out.push(Math.round((min + i * step) * 1e6) / 1e6);
  return out;
}

export interface FunnelRow extends FunnelStep {
  /** Share of the first step (registrations); null when the first step is empty. */
  readonly ofFirst: number | null;
  /** Share of the step before (conversion); null for the first step or after an empty step. */
  readonly ofPrevious: number | null;
}

/** Each step with its share of the first step and its conversion from the step before. */
export function funnelRows(steps: readonly FunnelStep[]): FunnelRow[] {
  const first = steps[0]?.learners ?? 0;
  return steps.map((step, index) => {
    const previous = index === 0 ? undefined : steps[index - 1];
    return {
      ...step,
      ofFirst: first > 0 ? step.learners / first : null,
      ofPrevious:
        previous === undefined || previous.learners === 0 ? null : step.learners / previous.learners,
    };
  });
}

/** Classic item-analysis thresholds. */
export const ITEM_THRESHOLDS = {
  /** Facility below this: too hard. */
  hard: 0.3,
  /** Facility above this: too easy. */
  easy: 0.9,
  /** Discrimination below this: separates strong and weak learners poorly. */
  weak: 0.2,
} as const;

export type ItemFlag = 'no-data' | 'negative' | 'weak' | 'too-hard' | 'too-easy' | 'ok';

export const itemFlagLabels: Readonly<Record<ItemFlag, string>> = {
  'no-data': 'No data yet',
  negative: 'Review: negative discrimination',
  weak: 'Review: weak discrimination',
  'too-hard': 'Review: very hard',
  'too-easy': 'Very easy',
  ok: 'Good',
};

/**
 * What an item's numbers say, worst first: negative discrimination (strong learners get it wrong more often
 * than weak ones, often a wrong key), weak discrimination, very hard, very easy, or good.
 */
export function itemFlag(item: Pick<QuizItemAnalytics, 'facility' | 'discrimination'>): ItemFlag {
  const { facility, discrimination } = item;
  if (facility === null) return 'no-data';
  if (discrimination !== null && discrimination < 0) return 'negative';
  if (discrimination !== null && discrimination < ITEM_THRESHOLDS.weak) return 'weak';
  if (facility < ITEM_THRESHOLDS.hard) return 'too-hard';
  if (facility > ITEM_THRESHOLDS.easy) return 'too-easy';
  return 'ok';
}

/** Whether a flag asks for the question to be looked at. */
export const needsReview = (flag: ItemFlag): boolean =>
  flag === 'negative' || flag === 'weak' || flag === 'too-hard';

/** Where an item comes from: its module and number, or for a lesson check its module and lesson. */
export function itemSource(item: QuizItemAnalytics): string {
  if (item.kind === 'quiz') return `Module ${item.moduleId} · question ${item.questionId}`;
  return `Module ${item.moduleId} · ${item.lessonTitle ?? `lesson ${item.lessonId ?? '?'}`}`;
}

export const itemKindLabels: Readonly<Record<ItemKind, string>> = {
  quiz: 'Quiz question',
  check: 'Lesson check',
};

export type ItemFilter = 'all' | 'answered' | 'review';

export interface ItemFilters {
  readonly show: ItemFilter;
  readonly kind: ItemKind | 'all';
  /** A module id, or 'all'. */
  readonly moduleId: string;
}

/** The items the table shows for its filters. */
export function filterItems(items: readonly QuizItemAnalytics[], filters: ItemFilters): QuizItemAnalytics[] {
  return items.filter((item) => {
    if (filters.moduleId !== 'all' && String(item.moduleId) !== filters.moduleId) return false;
    if (filters.kind !== 'all' && item.kind !== filters.kind) return false;
    const flag = itemFlag(item);
    if (filters.show === 'answered') return flag !== 'no-data';
    if (filters.show === 'review') return needsReview(flag);
    return true;
  });
}

/** The items that can be placed on the facility × discrimination plot. */
export function plottableItems(
  items: readonly QuizItemAnalytics[],
): (QuizItemAnalytics & { facility: number; discrimination: number })[] {
  return items.flatMap((item) =>
    item.facility !== null && item.discrimination !== null
      ? [{ ...item, facility: item.facility, discrimination: item.discrimination }]
      : [],
  );
}

/** The text alternative of the item-analysis plot. */
export function itemPlotSummary(items: readonly QuizItemAnalytics[]): string {
  const plotted = plottableItems(items);
  const answered = items.filter((i) => i.facility !== null).length;
  if (plotted.length === 0) {
    return answered === 0
      ? 'No question has been answered yet.'
      : `${answered} questions have first attempts, but none has enough learners in both the strong and the weak group for a discrimination index yet.`;
  }
  const review = plotted.filter((i) => needsReview(itemFlag(i))).length;
  const checks = plotted.filter((i) => i.kind === 'check').length;
  const fac = plotted.map((i) => i.facility);
  const dis = plotted.map((i) => i.discrimination);
  return (
    `${plotted.length} of ${items.length} questions plotted${
      checks === 0 ? '' : `, ${checks} of them lesson checks (hollow markers)`
    }. Facility from ${formatPercent(Math.min(...fac))} to ` +
    `${formatPercent(Math.max(...fac))}; discrimination from ${formatIndex(Math.min(...dis))} to ` +
    `${formatIndex(Math.max(...dis))}. ${review} question${review === 1 ? '' : 's'} flagged for review. ` +
    'Exact values are in the table below.'
  );
}

/** 'Label: value; Label: value' — the text alternative of a bar chart. */
export function seriesText(
  rows: readonly { readonly label: string; readonly value: number }[],
  unit = '',
): string {
  return rows.map((r) => `${r.label}: ${formatCount(r.value)}${unit}`).join('; ');
}
