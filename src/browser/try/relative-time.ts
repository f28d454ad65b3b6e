/**
 * Times as the error views show them: "last seen" relative to now ("5 minutes ago"), with the exact
 * moment in UTC for a tooltip, and "first seen" as a date. Written out here rather than left to the
 * browser's locale so the page reads the same everywhere and tests are exact.
 */

const UNITS = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
] as const;

/**
 * How long ago (or how far ahead) `at` is from `now`, in the largest whole unit: "just now" under a
 * minute, "1 minute ago", "3 hours ago", "in 2 days". Both are ms since the epoch.
 */
export function relativeTime(at: number, now: number): string {
  const distance = Math.abs(now - at);
  for (const [unit, size] of UNITS) {
    const count = Math.floor(distance / size);
    if (count >= 1) {
      const amount = `${count} ${unit}${count === 1 ? '' : 's'}`;
      return now >= at ? `${amount} ago` : `in ${amount}`;
    }
  }
  return 'just now';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The exact moment in UTC, to the second: `2026-11-20 22:14:05 UTC`. */
export function fullTimestamp(at: number): string {
  const date = new Date(at);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}

/** The clock hour in UTC: `22:00`. */
export function utcHour(at: number): string {
  return `${pad(new Date(at).getUTCHours())}:00`;
}
