import { formatUtc, fromUtcInputValue, toUtcInputValue } from './time';

describe('audit times (UTC, as the log records them)', () => {
  it('shows an ISO time in UTC to the millisecond', () => {
    expect(formatUtc('2026-11-25T23:23:12.016Z')).toBe('2026-11-25 23:23:12.016 UTC');
    expect(formatUtc('2026-11-25T23:23:12+02:00')).toBe('2026-11-25 21:23:12.000 UTC');
    expect(formatUtc('not a time')).toBe('not a time');
  });

  it('fills the datetime-local input with the UTC time to the second, or nothing', () => {
    expect(toUtcInputValue('2026-11-25T23:23:12.916Z')).toBe('2026-11-25T23:23:12');
    expect(toUtcInputValue(null)).toBe('');
    expect(toUtcInputValue('garbage')).toBe('');
  });

  it('reads the input as UTC, with or without seconds and milliseconds', () => {
    expect(fromUtcInputValue('2026-11-25T23:23')).toBe('2026-11-25T23:23:00.000Z');
    expect(fromUtcInputValue('2026-11-25T23:23:12')).toBe('2026-11-25T23:23:12.000Z');
    expect(fromUtcInputValue('2026-11-25T23:23:12.5')).toBe('2026-11-25T23:23:12.500Z');
  });

  it('refuses what is empty, incomplete or not a real date instead of rolling it over', () => {
    for (const value of ['', '2026-11-25', '2026-02-31T10:00', '2026-11-25T24:00', '2026-11-25T10:60', 'x']) {
      expect(fromUtcInputValue(value)).toBeNull();
    }
  });

  it('round-trips: what the input shows reads back as the same second', () => {
    const iso = '2027-01-02T03:04:05.000Z';
    expect(fromUtcInputValue(toUtcInputValue(iso))).toBe(iso);
  });
});
