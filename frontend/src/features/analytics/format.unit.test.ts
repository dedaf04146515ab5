import { formatClock, formatCount, formatEta, formatIndex, formatPercent, formatRate } from './format';

describe('analytics numbers for people', () => {
  it('writes shares as percents with at most one decimal', () => {
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(5 / 6)).toBe('83.3%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.9999)).toBe('100%');
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(Number.NaN)).toBe('—');
  });

  it('writes indices with two decimals and a true minus sign', () => {
    expect(formatIndex(0.456)).toBe('0.46');
    expect(formatIndex(-0.2)).toBe('−0.20');
    expect(formatIndex(-0.001)).toBe('0.00');
    expect(formatIndex(1)).toBe('1.00');
    expect(formatIndex(null)).toBe('—');
  });

  it('groups counts and rounds rates', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatRate(1234.5)).toBe('1,235 events/s');
    expect(formatRate(0)).toBe('0 events/s');
  });

  it('writes the time left of a rebuild', () => {
    expect(formatEta(null)).toBe('estimating…');
    expect(formatEta(0.4)).toBe('under 1 s');
    expect(formatEta(42.4)).toBe('42 s');
    expect(formatEta(60)).toBe('1 min');
    expect(formatEta(75)).toBe('1 min 15 s');
    expect(formatEta(3600)).toBe('1 h');
    expect(formatEta(3700)).toBe('1 h 1 min');
  });

  it('names clock times', () => {
    expect(formatClock('2026-11-25T23:23:12.016Z')).toBe('23:23:12 UTC');
  });
});
