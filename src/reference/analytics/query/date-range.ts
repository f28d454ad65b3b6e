import { GRANULARITIES } from '../../../schemas/query.ts';
import { ApiError } from '../../platform/api-error.ts';
import { civilFromDays, DAY_MS, daysFromCivil, FIXED_UNIT_MS, formatLocal, mondayOfDay } from '../time/civil-date.ts';
import { localToUtc, zoneOffsetMs } from '../time/zone.ts';
import type { Granularity } from './compiled-query.ts';

/** An inclusive range of instants, with the local wall-clock form the normalised query reports. */
export interface DateRange {
  /** First instant, UTC ms. */
  from: number;
  /** Last instant (inclusive), UTC ms. */
  to: number;
  /** `from` as local time `YYYY-MM-DDTHH:mm:ss.SSS` in the query's zone. */
  fromLocal: string;
  /** `to` as local time. */
  toLocal: string;
}

/** A unit of a relative range: any granularity, written singular or plural. */
const UNIT = `(${GRANULARITIES.join('|')})s?`;

/** Start of the unit holding a local time. */
function startOfLocal(local: number, unit: Granularity): number {
  const fixed = FIXED_UNIT_MS[unit];
  if (fixed) return Math.floor(local / fixed) * fixed;
  const day = Math.floor(local / DAY_MS);
  if (unit === 'week') return mondayOfDay(day) * DAY_MS;
  const { year, month } = civilFromDays(day);
  if (unit === 'month') return daysFromCivil(year, month, 1) * DAY_MS;
  if (unit === 'quarter') return daysFromCivil(year, month - ((month - 1) % 3), 1) * DAY_MS;
  return daysFromCivil(year, 1, 1) * DAY_MS;
}

/** A local time moved by `count` units; months keep the day of month where it exists (31 Jan + 1 month = 28/29 Feb). */
function addLocal(local: number, unit: Granularity, count: number): number {
  const fixed = FIXED_UNIT_MS[unit];
  if (fixed) return local + count * fixed;
  if (unit === 'week') return local + count * 7 * DAY_MS;
  const months = unit === 'month' ? count : unit === 'quarter' ? count * 3 : count * 12;
  const day = Math.floor(local / DAY_MS);
  const timeOfDay = local - day * DAY_MS;
  const date = civilFromDays(day);
  const index = date.year * 12 + date.month - 1 + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const lastDay = daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - daysFromCivil(year, month, 1);
  return daysFromCivil(year, month, Math.min(date.day, lastDay)) * DAY_MS + timeOfDay;
}

const endOfLocal = (local: number, unit: Granularity) => addLocal(startOfLocal(local, unit), unit, 1) - 1;

const ABSOLUTE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Reads an absolute date or date-time. A date alone is the start of that day for a start bound and its last
 * millisecond for an end bound. Without `Z` or an offset the time is local to `zone`. Undefined when the text is
 * not a date.
 */
export function parseInstant(text: string, zone: string, bound: 'start' | 'end'): number | undefined {
  const match = ABSOLUTE.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, ms, zoneSuffix] = match;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h ?? 0) > 23 || Number(mi ?? 0) > 59 || Number(s ?? 0) > 59)
    return undefined;
  const dayNumber = daysFromCivil(Number(y), month, day);
  if (civilFromDays(dayNumber).day !== day) return undefined;
  if (h === undefined) {
    const local = bound === 'start' ? dayNumber * DAY_MS : dayNumber * DAY_MS + DAY_MS - 1;
    return localToUtc(zone, local);
  }
  const local =
    dayNumber * DAY_MS + Number(h) * 3_600_000 + Number(mi) * 60_000 + Number(s ?? 0) * 1000 + Number((ms ?? '0').padEnd(3, '0'));
  if (zoneSuffix === undefined) return localToUtc(zone, local);
  if (zoneSuffix === 'Z') return local;
  const sign = zoneSuffix.startsWith('-') ? -1 : 1;
  const digits = zoneSuffix.slice(1).replace(':', '');
  return local - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
}

/** The relative phrases understood, for error messages. */
const RELATIVE_FORMS =
  '"today", "yesterday", "tomorrow", "this|last|next <unit>", "last|next <n> <units>", "from <n> <units> ago to now"';

function relativeLocalRange(phrase: string, nowLocal: number): [number, number] | undefined {
  const text = phrase.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === 'today') return [startOfLocal(nowLocal, 'day'), endOfLocal(nowLocal, 'day')];
  if (text === 'yesterday' || text === 'tomorrow') {
    const day = addLocal(nowLocal, 'day', text === 'yesterday' ? -1 : 1);
    return [startOfLocal(day, 'day'), endOfLocal(day, 'day')];
  }
  let match = new RegExp(`^(this|last|next) ${UNIT}$`).exec(text);
  if (match) {
    const unit = match[2] as Granularity;
    const at = addLocal(nowLocal, unit, match[1] === 'last' ? -1 : match[1] === 'next' ? 1 : 0);
    return [startOfLocal(at, unit), endOfLocal(at, unit)];
  }
  // As the query layer does: "last 7 days" are the seven whole days before today; "next 7 days" the seven after.
  match = new RegExp(`^(last|next) (\\d+) ${UNIT}$`).exec(text);
  if (match) {
    const count = Number(match[2]);
    const unit = match[3] as Granularity;
    if (count < 1) return undefined;
    if (match[1] === 'last')
      return [startOfLocal(addLocal(nowLocal, unit, -count), unit), endOfLocal(addLocal(nowLocal, unit, -1), unit)];
    return [startOfLocal(addLocal(nowLocal, unit, 1), unit), endOfLocal(addLocal(nowLocal, unit, count), unit)];
  }
  match = new RegExp(`^from (\\d+) ${UNIT} ago to now$`).exec(text);
  if (match) {
    const unit = match[2] as Granularity;
    return [startOfLocal(addLocal(nowLocal, unit, -Number(match[1])), unit), nowLocal];
  }
  return undefined;
}

/**
 * The span a date range may cover: 0001-01-01 to 9999-12-31, the years an absolute date can be written with.
 * A relative range reaching past it ("last 300000 years") is a 400 before any time-zone arithmetic runs.
 */
const EARLIEST_LOCAL = daysFromCivil(1, 1, 1) * DAY_MS;
const LATEST_LOCAL = daysFromCivil(10000, 1, 1) * DAY_MS - 1;

const withinYears = (local: number) => local >= EARLIEST_LOCAL && local <= LATEST_LOCAL;

function toRange(zone: string, from: number, to: number): DateRange {
  return {
    from,
    to,
    fromLocal: formatLocal(from + zoneOffsetMs(zone, from)),
    toLocal: formatLocal(to + zoneOffsetMs(zone, to)),
  };
}

/**
 * Resolves a `dateRange` (a relative phrase, one date, or two dates) in `zone` at `now`. `field` names the
 * place in the query for the error message.
 */
export function resolveDateRange(value: string | readonly string[], zone: string, now: number, field: string): DateRange {
  const parts = typeof value === 'string' ? [value] : value;
  if (parts.length === 1) {
    const text = parts[0] as string;
    const start = parseInstant(text, zone, 'start');
    if (start !== undefined) return toRange(zone, start, parseInstant(text, zone, 'end') as number);
    const local = relativeLocalRange(text, now + zoneOffsetMs(zone, now));
    if (local && !(withinYears(local[0]) && withinYears(local[1])))
      throw new ApiError(
        400,
        `${field}: the date range "${text}" reaches outside the years 0001 to 9999; ask for a shorter range`,
      );
    if (local) return toRange(zone, localToUtc(zone, local[0]), localToUtc(zone, local[1]));
    throw new ApiError(400, `${field}: cannot read the date range "${text}"; use YYYY-MM-DD dates or one of ${RELATIVE_FORMS}`);
  }
  const [first, second] = parts as [string, string];
  const from = parseInstant(first, zone, 'start');
  const to = parseInstant(second, zone, 'end');
  if (from === undefined || to === undefined) {
    const bad = from === undefined ? first : second;
    throw new ApiError(400, `${field}: "${bad}" is not a date; write YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss.SSS`);
  }
  if (to < from) throw new ApiError(400, `${field}: the range ends (${second}) before it starts (${first}); swap the dates`);
  return toRange(zone, from, to);
}
