import type { QuizItemAnalytics } from '@tickwise/contracts';
import {
  filterItems,
  funnelRows,
  itemFlag,
  itemPlotSummary,
  itemSource,
  linearScale,
  needsReview,
  plottableItems,
  seriesText,
  shareOf,
  ticks,
} from './charts';

const item = (
  questionId: number,
  facility: number | null,
  discrimination: number | null,
): QuizItemAnalytics => ({
  kind: 'quiz',
  moduleId: 1,
  lessonId: null,
  lessonTitle: null,
  questionId,
  question: `Question ${questionId}`,
  firstAttempts: facility === null ? 0 : 10,
  facility,
  discrimination,
});

describe('chart geometry', () => {
  it('gives a bar its share of the largest value, clamped, and none when there is no data', () => {
    expect(shareOf(5, 10)).toBe(0.5);
    expect(shareOf(12, 10)).toBe(1);
    expect(shareOf(-1, 10)).toBe(0);
    expect(shareOf(3, 0)).toBe(0);
    expect(shareOf(Number.NaN, 10)).toBe(0);
  });

  it('maps a domain onto a range, flipping for SVG y', () => {
    const y = linearScale(-1, 1, 300, 0);
    expect(y(-1)).toBe(300);
    expect(y(0)).toBe(150);
    expect(y(1)).toBe(0);
    expect(linearScale(2, 2, 5, 9)(2)).toBe(5);
  });

  it('spaces ticks evenly and exactly', () => {
    expect(ticks(0, 1, 0.25)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(ticks(0, 1, 0.2)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(ticks(-1, 1, 0.5)).toEqual([-1, -0.5, 0, 0.5, 1]);
    expect(ticks(0, 1, 0)).toEqual([]);
  });
});

describe('the funnel', () => {
  it('gives each step its share of registrations and its conversion from the step before', () => {
    const rows = funnelRows([
      { step: 'registered', label: 'Registered', learners: 10 },
      { step: 'compliant', label: 'Compliant', learners: 8 },
      { step: 'module-1', label: 'Module 1', learners: 0 },
      { step: 'module-2', label: 'Module 2', learners: 0 },
    ]);
    expect(rows.map((r) => [r.ofFirst, r.ofPrevious])).toEqual([
      [1, null],
      [0.8, 0.8],
      [0, 0],
      [0, null],
    ]);
  });

  it('has no shares when nobody registered', () => {
    expect(funnelRows([{ step: 'registered', label: 'Registered', learners: 0 }])[0]?.ofFirst).toBeNull();
    expect(funnelRows([])).toEqual([]);
  });
});

describe('item analysis', () => {
  it('reads an item worst first: negative, weak, very hard, very easy, good, no data', () => {
    expect(itemFlag(item(1, 0.6, -0.1))).toBe('negative');
    expect(itemFlag(item(2, 0.95, 0.1))).toBe('weak');
    expect(itemFlag(item(3, 0.2, 0.5))).toBe('too-hard');
    expect(itemFlag(item(4, 0.95, 0.3))).toBe('too-easy');
    expect(itemFlag(item(5, 0.6, 0.4))).toBe('ok');
    expect(itemFlag(item(6, 0.6, null))).toBe('ok');
    expect(itemFlag(item(7, null, null))).toBe('no-data');
    expect(['negative', 'weak', 'too-hard'].every((f) => needsReview(f as never))).toBe(true);
    expect(needsReview('too-easy')).toBe(false);
  });

  it('plots only items with both indices', () => {
    const items = [item(1, 0.6, 0.4), item(2, 0.5, null), item(3, null, null)];
    expect(plottableItems(items).map((i) => i.questionId)).toEqual([1]);
  });

  it('sums the plot up in words', () => {
    expect(itemPlotSummary([item(1, null, null)])).toBe('No question has been answered yet.');
    expect(itemPlotSummary([item(1, 0.5, null)])).toMatch(/^1 questions have first attempts, but none/);
    expect(itemPlotSummary([item(1, 0.4, 0.5), item(2, 0.9, -0.25), item(3, null, null)])).toBe(
      '2 of 3 questions plotted. Facility from 40% to 90%; discrimination from −0.25 to 0.50. ' +
        '1 question flagged for review. Exact values are in the table below.',
    );
  });

  const check = (questionId: number, facility: number | null, discrimination: number | null) => ({
    ...item(questionId, facility, discrimination),
    kind: 'check' as const,
    moduleId: 2,
    lessonId: 5,
    lessonTitle: 'Reading a Specification',
  });

  it('names a quiz question by its number and a lesson check by its lesson', () => {
    expect(itemSource(item(101, 0.5, 0.3))).toBe('Module 1 · question 101');
    expect(itemSource(check(10051, 0.5, 0.3))).toBe('Module 2 · Reading a Specification');
    expect(itemSource({ ...check(10051, 0.5, 0.3), lessonTitle: null })).toBe('Module 2 · lesson 5');
  });

  it('filters by module, kind and reading', () => {
    const items = [item(1, 0.6, 0.4), item(2, 0.2, 0.5), check(3, 0.6, -0.2), check(4, null, null)];
    const ids = (filters: Parameters<typeof filterItems>[1]) =>
      filterItems(items, filters).map((i) => i.questionId);
    expect(ids({ show: 'all', kind: 'all', moduleId: 'all' })).toEqual([1, 2, 3, 4]);
    expect(ids({ show: 'answered', kind: 'check', moduleId: 'all' })).toEqual([3]);
    expect(ids({ show: 'review', kind: 'all', moduleId: 'all' })).toEqual([2, 3]);
    expect(ids({ show: 'all', kind: 'quiz', moduleId: '2' })).toEqual([]);
    expect(ids({ show: 'all', kind: 'all', moduleId: '2' })).toEqual([3, 4]);
  });

  it('says how many plotted items are lesson checks', () => {
    expect(itemPlotSummary([item(1, 0.4, 0.5), check(2, 0.9, -0.25)])).toMatch(
      /^2 of 2 questions plotted, 1 of them lesson checks \(hollow markers\)\. /,
    );
  });

  it('writes a series as text', () => {
    expect(
      seriesText([
        { label: 'A', value: 1200 },
        { label: 'B', value: 3 },
      ]),
    ).toBe('A: 1,200; B: 3');
  });
});
