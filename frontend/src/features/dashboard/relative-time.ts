/**
 * Recent Activity's relative times: under an hour 'Just now', then whole hours, then whole days.
 * A time in the future (a clock a little ahead) also reads 'Just now'; a time that is not a date reads ''.
 */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export function relativeTime(at: string | Date, now: Date | number = Date.now()): string {
  const then = (at instanceof Date ? at : new Date(at)).getTime();
  const current = now instanceof Date ? now.getTime() : now;
  if (Number.isNaN(then) || Number.isNaN(current)) return '';
  const elapsed = current - then;
  if (elapsed < HOUR_MS) return 'Just now';
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  const days = Math.floor(elapsed / DAY_MS);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}
