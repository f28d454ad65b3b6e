/**
 * Calendar arithmetic on plain numbers. "Local" milliseconds are wall-clock time written as if it were UTC,
 * so the same integer maths serves every time zone once the zone's offset has been added.
 */

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

/** Units of a fixed length in local time, in milliseconds; weeks and longer units go by the calendar. */
export const FIXED_UNIT_MS: Readonly<Partial<Record<string, number>>> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: DAY_MS,
};

/** A calendar date. `month` is 1–12. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/** Days since 1970-01-01 of a calendar date (proleptic Gregorian). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The calendar date of a day number (days since 1970-01-01). */
export function civilFromDays(days: number): CivilDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Month index (year × 12 + month − 1) of a day number. */
export function monthIndexOfDay(days: number): number {
  const { year, month } = civilFromDays(days);
  return year * 12 + month - 1;
}

/** Day number of the first day of a month index. */
export function dayOfMonthIndex(monthIndex: number): number {
  const year = Math.floor(monthIndex / 12);
  return daysFromCivil(year, monthIndex - year * 12 + 1, 1);
}

/** Day number of the Monday that starts the ISO week holding `days` (1970-01-01 was a Thursday). */
export function mondayOfDay(days: number): number {
  return days - ((((days + 3) % 7) + 7) % 7);
}

/** Formats local milliseconds the way the query layer writes times: `YYYY-MM-DDTHH:mm:ss.SSS`. */
export function formatLocal(localMs: number): string {
  return new Date(localMs).toISOString().slice(0, 23);
}

/** `YYYY-MM` of UTC milliseconds: the month a usage count belongs to. */
export function utcMonth(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}
