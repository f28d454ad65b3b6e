import { DAY_MS, dayOfMonthIndex, formatLocal, monthIndexOfDay } from '../time/civil-date.ts';
import { offsetAt, type ZoneOffsets, zoneOffsetsBetween } from '../time/zone-offsets.ts';
import type { Granularity } from './compiled-query.ts';

const FIXED_MS: Partial<Record<Granularity, number>> = { second: 1000, minute: 60_000, hour: 3_600_000, day: DAY_MS };

/** Bucket codes of some rows, and how to write a code back as the bucket's local start time. */
export interface TimeBuckets {
  /** One code per given row; codes order like the buckets' start times. */
  codes: Int32Array;
  /** `YYYY-MM-DDTHH:mm:ss.SSS` of the bucket's start, in the query's zone. */
  label(code: number): string;
}

/** The zone's offsets over the span of the given rows. */
export function offsetsFor(zone: string, times: Float64Array, rows: Int32Array): ZoneOffsets {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < rows.length; index++) {
    const time = times[rows[index] as number] as number;
    if (time < min) min = time;
    if (time > max) max = time;
  }
  return rows.length === 0 ? zoneOffsetsBetween(zone, 0, 0) : zoneOffsetsBetween(zone, min, max);
}

/** Local time (ms written as UTC) of each row. */
export function localTimes(times: Float64Array, rows: Int32Array, offsets: ZoneOffsets): Float64Array {
  const local = new Float64Array(rows.length);
  if (offsets.offsets.length === 1) {
    const offset = offsets.offsets[0] as number;
    for (let index = 0; index < rows.length; index++) local[index] = (times[rows[index] as number] as number) + offset;
  } else {
    for (let index = 0; index < rows.length; index++) {
      const time = times[rows[index] as number] as number;
      local[index] = time + offsetAt(offsets, time);
    }
  }
  return local;
}

/**
 * Buckets local times by a granularity. Weeks start on Monday; quarters in January, April, July and October.
 * Fixed-length units are counted from the earliest bucket so codes fit 32 bits.
 */
export function bucketTimes(local: Float64Array, granularity: Granularity): TimeBuckets {
  const codes = new Int32Array(local.length);
  const fixed = FIXED_MS[granularity];
  if (fixed) {
    let base = Number.POSITIVE_INFINITY;
    for (let index = 0; index < local.length; index++) base = Math.min(base, Math.floor((local[index] as number) / fixed));
    if (!Number.isFinite(base)) base = 0;
    for (let index = 0; index < local.length; index++) codes[index] = Math.floor((local[index] as number) / fixed) - base;
    return { codes, label: (code) => formatLocal((code + base) * fixed) };
  }
  if (granularity === 'week') {
    for (let index = 0; index < local.length; index++)
      codes[index] = Math.floor((Math.floor((local[index] as number) / DAY_MS) + 3) / 7);
    return { codes, label: (code) => formatLocal((code * 7 - 3) * DAY_MS) };
  }
  // Months, quarters and years need the calendar; consecutive rows usually share a day, so remember the last one.
  let lastDay = Number.NaN;
  let lastMonth = 0;
  for (let index = 0; index < local.length; index++) {
    const day = Math.floor((local[index] as number) / DAY_MS);
    if (day !== lastDay) {
      lastDay = day;
      lastMonth = monthIndexOfDay(day);
    }
    codes[index] =
      granularity === 'month' ? lastMonth : granularity === 'quarter' ? Math.floor(lastMonth / 3) : Math.floor(lastMonth / 12);
  }
  const monthOf = (code: number) => (granularity === 'month' ? code : granularity === 'quarter' ? code * 3 : code * 12);
  return { codes, label: (code) => formatLocal(dayOfMonthIndex(monthOf(code)) * DAY_MS) };
}
