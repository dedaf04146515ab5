/**
 * Times on the audit screen are shown and entered in UTC, to the millisecond, as the event log records
 * them: an auditor compares them with exports and other systems, never with a browser's time zone.
 */

const INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** '2026-11-25T23:23:12.016Z' → '2026-11-25 23:23:12.016 UTC'; anything unreadable is shown as it is. */
export function formatUtc(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return `${new Date(time).toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}

/** The value of a datetime-local input (read as UTC, to the second) for an ISO time; '' for none. */
export function toUtcInputValue(iso: string | null): string {
  if (iso === null) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : new Date(time).toISOString().slice(0, 19);
}

/**
 * A datetime-local value read as UTC ('2026-11-25T23:23' or with seconds) → ISO time; null when it is
 * empty, incomplete or not a real date (a 31 February is refused, not rolled over).
 */
export function fromUtcInputValue(value: string): string | null {
  const match = INPUT_VALUE.exec(value.trim());
  if (match === null) return null;
  const [, y, mo, d, h, mi, s = '0', ms = '0'] = match;
  const parts = [y, mo, d, h, mi, s].map(Number);
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
  const millis = Number(ms.padEnd(3, '0'));
  const time = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const back = new Date(time);
  if (
    back.getUTCFullYear() !== year ||
    back.getUTCMonth() !== month - 1 ||
    back.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null;
  }
  return back.toISOString();
}
