import { describe, expect, it } from 'vitest';
import { parseInstant, resolveDateRange } from '../../../../src/reference/analytics/query/date-range.ts';

/** A range as its local start and end, at `now`. */
const range = (value: string | string[], now: string, zone = 'UTC') => {
  const resolved = resolveDateRange(value, zone, Date.parse(now), 'dateRange');
  return [resolved.fromLocal, resolved.toLocal];
};
const instant = (text: string, bound: 'start' | 'end' = 'start') => {
  const at = parseInstant(text, 'UTC', bound);
  return at === undefined ? undefined : new Date(at).toISOString();
};

describe('date range edges', () => {
  it('reads offsets east and west, with or without a colon, and Z', () => {
    expect(instant('2024-03-13T10:00:00+02:00')).toBe('2024-03-13T08:00:00.000Z');
    expect(instant('2024-03-13T10:00:00-05:30')).toBe('2024-03-13T15:30:00.000Z');
    expect(instant('2024-03-13T10:00+0530')).toBe('2024-03-13T04:30:00.000Z');
    expect(instant('2024-03-13T10:00:00Z')).toBe('2024-03-13T10:00:00.000Z');
    expect(parseInstant('2024-03-13T10:00:00Z', 'Asia/Tokyo', 'start')).toBe(Date.parse('2024-03-13T10:00:00Z'));
  });

  it('reads seconds and up to three digits of milliseconds, and trims the text', () => {
    expect(instant('2024-03-13T10:20:30.25Z')).toBe('2024-03-13T10:20:30.250Z');
    expect(instant('2024-03-13T10:20:30.5')).toBe('2024-03-13T10:20:30.500Z');
    expect(instant('2024-03-13T10:20:30.12345Z')).toBe('2024-03-13T10:20:30.123Z');
    expect(instant('2024-03-13 10:20')).toBe('2024-03-13T10:20:00.000Z');
    expect(instant('  2024-03-13  ', 'end')).toBe('2024-03-13T23:59:59.999Z');
  });

  it('takes each field up to its last value and refuses the one after', () => {
    expect(instant('2024-12-31T23:59:59Z')).toBe('2024-12-31T23:59:59.000Z');
    expect(instant('2024-01-01T00:00:00Z')).toBe('2024-01-01T00:00:00.000Z');
    for (const text of [
      '2024-00-10',
      '2024-13-10',
      '2024-03-00',
      '2024-03-32',
      '2024-02-30',
      '2024-03-13T24:00',
      '2024-03-13T10:60',
      '2024-03-13T10:00:60',
    ])
      expect(instant(text), text).toBeUndefined();
    expect(instant('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(instant('2023-02-29')).toBeUndefined();
  });

  it('takes a range that starts and ends at the same instant, and names the end when only it is wrong', () => {
    expect(range(['2024-03-13T10:00:00Z', '2024-03-13T10:00:00Z'], '2024-03-13T15:00:00Z')).toEqual([
      '2024-03-13T10:00:00.000',
      '2024-03-13T10:00:00.000',
    ]);
    expect(() => range(['2024-03-13', 'soon'], '2024-03-13T15:00:00Z')).toThrow(
      'dateRange: "soon" is not a date; write YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss.SSS',
    );
    expect(() => range(['later', '2024-03-13'], '2024-03-13T15:00:00Z')).toThrow('dateRange: "later" is not a date');
  });

  it('reads relative phrases with any spacing, and next units', () => {
    const now = '2024-03-13T15:00:00Z';
    expect(range('  last   7  days ', now)).toEqual(['2024-03-06T00:00:00.000', '2024-03-12T23:59:59.999']);
    expect(range(' today ', now)).toEqual(['2024-03-13T00:00:00.000', '2024-03-13T23:59:59.999']);
    expect(range('next week', now)).toEqual(['2024-03-18T00:00:00.000', '2024-03-24T23:59:59.999']);
    expect(range('last 1 day', now)).toEqual(['2024-03-12T00:00:00.000', '2024-03-12T23:59:59.999']);
    expect(() => range('last 0 days', now)).toThrow(/cannot read the date range "last 0 days"/);
    expect(range('from 2 hours ago to now', now)).toEqual(['2024-03-13T13:00:00.000', '2024-03-13T15:00:00.000']);
  });

  it('reads quarters apart from years, and months across a year end and at month ends', () => {
    expect(range('this quarter', '2024-08-20T12:00:00Z')).toEqual(['2024-07-01T00:00:00.000', '2024-09-30T23:59:59.999']);
    expect(range('this year', '2024-08-20T12:00:00Z')).toEqual(['2024-01-01T00:00:00.000', '2024-12-31T23:59:59.999']);
    expect(range('last quarter', '2024-01-20T12:00:00Z')).toEqual(['2023-10-01T00:00:00.000', '2023-12-31T23:59:59.999']);
    expect(range('next month', '2024-11-30T12:00:00Z')).toEqual(['2024-12-01T00:00:00.000', '2024-12-31T23:59:59.999']);
    expect(range('last month', '2024-01-31T12:00:00Z')).toEqual(['2023-12-01T00:00:00.000', '2023-12-31T23:59:59.999']);
    // 31 March less a month is 29 February, not 2 March; 1 March at 15:00 less a month is 1 February, not 31 January.
    expect(range('last month', '2024-03-31T12:00:00Z')).toEqual(['2024-02-01T00:00:00.000', '2024-02-29T23:59:59.999']);
    expect(range('last month', '2024-03-01T15:00:00Z')).toEqual(['2024-02-01T00:00:00.000', '2024-02-29T23:59:59.999']);
    expect(range('next month', '2024-01-31T12:00:00Z')).toEqual(['2024-02-01T00:00:00.000', '2024-02-29T23:59:59.999']);
    expect(range('next year', '2024-02-29T12:00:00Z')).toEqual(['2025-01-01T00:00:00.000', '2025-12-31T23:59:59.999']);
  });

  it('takes relative ranges that reach exactly the first and the last instant of years 0001 to 9999', () => {
    const now = '2024-06-15T12:00:00Z';
    expect(range('from 2023 years ago to now', now)[0]).toBe('0001-01-01T00:00:00.000');
    expect(() => range('from 2024 years ago to now', now)).toThrow(/reaches outside the years 0001 to 9999/);
    expect(range('next 7975 years', now)[1]).toBe('9999-12-31T23:59:59.999');
    expect(() => range('next 7976 years', now)).toThrow(/reaches outside the years 0001 to 9999/);
  });
});
