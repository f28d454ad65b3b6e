import { DAY_MS, dayOfMonthIndex, FIXED_UNIT_MS, formatLocal, monthIndexOfDay } from '../time/civil-date.ts';
import { offsetAt, type ZoneOffsets, zoneOffsetsBetween } from '../time/zone-offsets.ts';
import type { Granularity } from './compiled-query.ts';

/** Bucket codes of some rows, their range, and how to write a code back as the bucket's local start time. */
export interface TimeBuckets {
  /** One code per given row; codes order like the buckets' start times. */
  codes: Int32Array;
  /** Smallest and largest code. */
  min: number;
  max: number;
  /** `YYYY-MM-DDTHH:mm:ss.SSS` of the bucket's start, in the query's zone. */
  label(code: number): string;
}

/** The earliest and latest time of the rows, and the zone's offsets between them. */
export interface RowsSpan {
  min: number;
  max: number;
  offsets: ZoneOffsets;
}

/**
 * The span of the rows' times and the zone's offsets over it. `rows` undefined means every row; then the
 * store's own range is passed as `known` and no scan is needed.
 */
export function spanOf(zone: string, times: Float64Array, rows: Int32Array | undefined, known?: [number, number]): RowsSpan {
  if (!rows && known) return { min: known[0], max: known[1], offsets: zoneOffsetsBetween(zone, known[0], known[1]) };
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const size = rows ? rows.length : times.length;
  // Two loops rather than one with a branch per row: the plain scan is twice as fast.
  if (rows) {
    for (let index = 0; index < size; index++) {
      const time = times[rows[index] as number] as number;
      if (time < min) min = time;
      if (time > max) max = time;
    }
  } else {
    for (let index = 0; index < size; index++) {
      const time = times[index] as number;
      if (time < min) min = time;
      if (time > max) max = time;
    }
  }
  if (size === 0) return { min: 0, max: 0, offsets: zoneOffsetsBetween(zone, 0, 0) };
  return { min, max, offsets: zoneOffsetsBetween(zone, min, max) };
}

/** A unit's index of a local time: fixed units by division, weeks from Monday, months and longer by calendar. */
export function unitIndex(granularity: Granularity, local: number): number {
  const fixed = FIXED_UNIT_MS[granularity];
  if (fixed) return Math.floor(local / fixed);
  const day = Math.floor(local / DAY_MS);
  if (granularity === 'week') return Math.floor((day + 3) / 7);
  const month = monthIndexOfDay(day);
  return granularity === 'month' ? month : granularity === 'quarter' ? Math.floor(month / 3) : Math.floor(month / 12);
}

function unitStart(granularity: Granularity, index: number): number {
  const fixed = FIXED_UNIT_MS[granularity];
  if (fixed) return index * fixed;
  if (granularity === 'week') return (index * 7 - 3) * DAY_MS;
  const month = granularity === 'month' ? index : granularity === 'quarter' ? index * 3 : index * 12;
  return dayOfMonthIndex(month) * DAY_MS;
}

/**
 * Buckets the rows' times by a granularity in the zone's local time, in one pass. Codes count from the earliest
 * bucket so they fit 32 bits at any granularity. Weeks start on Monday; quarters in January, April, July, October.
 */
export function bucketTimes(
  times: Float64Array,
  rows: Int32Array | undefined,
  span: RowsSpan,
  granularity: Granularity,
): TimeBuckets {
  const size = rows ? rows.length : times.length;
  const codes = new Int32Array(size);
  if (size === 0) return { codes, min: 0, max: 0, label: () => '' };
  const { offsets } = span;
  const single = offsets.offsets.length === 1;
  const constant = offsets.offsets[0] as number;
  // Clocks going back can make a later instant an earlier local time, so start from the smallest offset.
  const first = unitIndex(granularity, span.min + Math.min(...offsets.offsets));
  const max = unitIndex(granularity, span.max + Math.max(...offsets.offsets)) - first;
  const label = (code: number) => formatLocal(unitStart(granularity, code + first));
  const fixed = FIXED_UNIT_MS[granularity];
  if (fixed && single && !rows) {
    for (let index = 0; index < size; index++) codes[index] = Math.floor(((times[index] as number) + constant) / fixed) - first;
    return { codes, min: 0, max, label };
  }
  // Calendar units: consecutive rows usually share a day, so remember the last day's index.
  let lastDay = Number.NaN;
  let lastCode = 0;
  for (let index = 0; index < size; index++) {
    const time = times[rows ? (rows[index] as number) : index] as number;
    const local = time + (single ? constant : offsetAt(offsets, time));
    if (fixed) lastCode = Math.floor(local / fixed) - first;
    else {
      const day = Math.floor(local / DAY_MS);
      if (day !== lastDay) {
        lastDay = day;
        lastCode = unitIndex(granularity, local) - first;
      }
    }
    codes[index] = lastCode;
  }
  return { codes, min: 0, max, label };
}
