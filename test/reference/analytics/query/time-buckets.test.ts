import { describe, expect, it } from 'vitest';
import { bucketTimes, spanOf, unitIndex } from '../../../../src/reference/analytics/query/time-buckets.ts';
import { zoneOffsetsBetween } from '../../../../src/reference/analytics/time/zone-offsets.ts';

const at = (iso: string) => Date.parse(iso);
const times = Float64Array.from([
  at('2024-03-05T10:00:00Z'),
  at('2024-03-01T10:00:00Z'),
  at('2024-03-09T10:00:00Z'),
  at('2024-03-03T10:00:00Z'),
]);

describe('time spans', () => {
  it('scans every row, or only the given ones, for the earliest and latest time', () => {
    expect(spanOf('UTC', times, undefined)).toMatchObject({ min: times[1], max: times[2] });
    expect(spanOf('UTC', times, Int32Array.from([3, 0]))).toMatchObject({ min: times[3], max: times[0] });
    expect(spanOf('UTC', times, Int32Array.from([0, 3]))).toMatchObject({ min: times[3], max: times[0] });
    expect(spanOf('UTC', times, Int32Array.from([2]))).toMatchObject({ min: times[2], max: times[2] });
  });

  it("takes the store's own range without a scan when every row is asked for, and scans rows when given", () => {
    const known: [number, number] = [0, 1000];
    expect(spanOf('Asia/Tokyo', times, undefined, known)).toEqual({
      min: 0,
      max: 1000,
      offsets: zoneOffsetsBetween('Asia/Tokyo', 0, 1000),
    });
    expect(spanOf('UTC', times, Int32Array.from([1]), known)).toMatchObject({ min: times[1], max: times[1] });
  });

  it('has an empty span at 0 for no rows', () => {
    const none = { min: 0, max: 0, offsets: zoneOffsetsBetween('UTC', 0, 0) };
    expect(spanOf('UTC', times, Int32Array.from([]))).toEqual(none);
    expect(spanOf('UTC', new Float64Array(0), undefined)).toEqual(none);
  });
});

describe('time buckets', () => {
  it('counts codes from the earliest local bucket, in a zone ahead of UTC too', () => {
    const span = spanOf('Asia/Tokyo', times, undefined);
    const days = bucketTimes(times, undefined, span, 'day');
    expect([...days.codes]).toEqual([4, 0, 8, 2]);
    expect([days.min, days.max, days.label(0), days.label(8)]).toEqual([
      0,
      8,
      '2024-03-01T00:00:00.000',
      '2024-03-09T00:00:00.000',
    ]);
    const hours = bucketTimes(times, Int32Array.from([2, 1]), spanOf('Asia/Tokyo', times, Int32Array.from([2, 1])), 'hour');
    expect([...hours.codes]).toEqual([192, 0]);
    expect([hours.max, hours.label(0)]).toEqual([192, '2024-03-01T19:00:00.000']);
  });

  it('buckets across a change of clocks by the offset at each instant', () => {
    // Berlin moves from +1 to +2 on 31 March 2024 at 01:00 UTC.
    const around = Float64Array.from([at('2024-03-30T23:30:00Z'), at('2024-03-31T22:30:00Z')]);
    const span = spanOf('Europe/Berlin', around, undefined);
    const hours = bucketTimes(around, undefined, span, 'hour');
    expect([hours.label(hours.codes[0] as number), hours.label(hours.codes[1] as number)]).toEqual([
      '2024-03-31T00:00:00.000',
      '2024-04-01T00:00:00.000',
    ]);
    const days = bucketTimes(around, undefined, span, 'day');
    expect([...days.codes]).toEqual([0, 1]);
  });

  it('gives no codes and an empty label for no rows', () => {
    const empty = bucketTimes(new Float64Array(0), undefined, spanOf('UTC', new Float64Array(0), undefined), 'day');
    expect([empty.codes.length, empty.min, empty.max, empty.label(0)]).toEqual([0, 0, 0, '']);
  });

  it('starts weeks on Monday and quarters in January, April, July and October', () => {
    const sunday = at('2024-03-10T12:00:00Z');
    const monday = at('2024-03-11T00:00:00Z');
    expect(unitIndex('week', monday) - unitIndex('week', sunday)).toBe(1);
    expect(unitIndex('quarter', at('2024-04-01T00:00:00Z')) - unitIndex('quarter', at('2024-03-31T23:59:59.999Z'))).toBe(1);
    expect(unitIndex('year', at('2025-01-01T00:00:00Z')) - unitIndex('year', at('2024-12-31T23:59:59.999Z'))).toBe(1);
  });
});
