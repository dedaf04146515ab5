/** Numbers on the analytics screen, written for people: shares, rates, durations. */
const grouped = new Intl.NumberFormat('en-US');

/** 1234 → '1,234'. */
export const formatCount = (value: number): string => grouped.format(value);

/** A 0-1 ratio as a percent: 0.5 → '50%', 0.8333 → '83.3%' (one decimal, dropped when whole). */
export function formatPercent(ratio: number | null): string {
  if (ratio === null || !Number.isFinite(ratio)) return '—';
  const percent = Math.round(ratio * 1000) / 10;
  return `${Number.isInteger(percent) ? percent.toFixed(0) : percent.toFixed(1)}%`;
}

/** An index with two decimals, signed when negative: 0.456 → '0.46', -0.2 → '−0.20', null → '—'. */
export function formatIndex(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const fixed = Math.abs(value).toFixed(2);
  return value < 0 && fixed !== '0.00' ? `−${fixed}` : fixed;
}

/** Rebuild speed: 1234.5 → '1,235 events/s'. */
export const formatRate = (eventsPerSecond: number): string =>
  `${formatCount(Math.round(eventsPerSecond))} events/s`;

/** Time left: null → 'estimating…', 0.4 → 'under 1 s', 75 → '1 min 15 s', 3700 → '1 h 1 min'. */
export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return 'estimating…';
  if (seconds < 1) return 'under 1 s';
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) {
    const s = whole % 60;
    return `${Math.floor(whole / 60)} min${s === 0 ? '' : ` ${s} s`}`;
  }
  const m = Math.floor((whole % 3600) / 60);
  return `${Math.floor(whole / 3600)} h${m === 0 ? '' : ` ${m} min`}`;
}

/** '2026-11-25T23:23:12.016Z' → '23:23:12 UTC'. */
export function formatClock(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : `${new Date(time).toISOString().slice(11, 19)} UTC`;
}
