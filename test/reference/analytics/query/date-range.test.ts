import { describe, expect, it } from 'vitest';
import { parseInstant, resolveDateRange } from '../../../../src/reference/analytics/query/date-range.ts';

// Wednesday 2024-03-13, 15:00 UTC.
const NOW = Date.parse('2024-03-13T15:00:00Z');
const range = (value: string | string[], zone = 'UTC') => {
  const resolved = resolveDateRange(value, zone, NOW, 'dateRange');
  return [resolved.fromLocal, resolved.toLocal];
};

describe('date ranges', () => {
  it('reads today, yesterday and tomorrow as whole days', () => {
    expect(range('today')).toEqual(['2024-03-13T00:00:00.000', '2024-03-13T23:59:59.999']);
    expect(range('yesterday')).toEqual(['2024-03-12T00:00:00.000', '2024-03-12T23:59:59.999']);
    expect(range('Tomorrow')).toEqual(['2024-03-14T00:00:00.000', '2024-03-14T23:59:59.999']);
  });

  it('reads "last 7 days" as the seven whole days before today, like the query layer', () => {
    expect(range('last 7 days')).toEqual(['2024-03-06T00:00:00.000', '2024-03-12T23:59:59.999']);
    expect(range('last 2 weeks')).toEqual(['2024-02-26T00:00:00.000', '2024-03-10T23:59:59.999']);
    expect(range('last 3 months')).toEqual(['2023-12-01T00:00:00.000', '2024-02-29T23:59:59.999']);
    expect(range('next 2 days')).toEqual(['2024-03-14T00:00:00.000', '2024-03-15T23:59:59.999']);
  });

  it('reads this, last and next calendar units; weeks start on Monday', () => {
    expect(range('this week')).toEqual(['2024-03-11T00:00:00.000', '2024-03-17T23:59:59.999']);
    expect(range('last week')).toEqual(['2024-03-04T00:00:00.000', '2024-03-10T23:59:59.999']);
    expect(range('this month')).toEqual(['2024-03-01T00:00:00.000', '2024-03-31T23:59:59.999']);
    expect(range('last month')).toEqual(['2024-02-01T00:00:00.000', '2024-02-29T23:59:59.999']);
    expect(range('this quarter')).toEqual(['2024-01-01T00:00:00.000', '2024-03-31T23:59:59.999']);
    expect(range('last year')).toEqual(['2023-01-01T00:00:00.000', '2023-12-31T23:59:59.999']);
    expect(range('from 2 days ago to now')).toEqual(['2024-03-11T00:00:00.000', '2024-03-13T15:00:00.000']);
  });

  it('resolves ranges in the query time zone', () => {
    const tokyo = resolveDateRange('today', 'Asia/Tokyo', NOW, 'dateRange');
    expect([tokyo.fromLocal, tokyo.toLocal]).toEqual(['2024-03-14T00:00:00.000', '2024-03-14T23:59:59.999']);
    expect(new Date(tokyo.from).toISOString()).toBe('2024-03-13T15:00:00.000Z');
  });

  it('reads absolute dates: a date alone covers the whole day', () => {
    expect(range(['2024-01-01', '2024-01-31'])).toEqual(['2024-01-01T00:00:00.000', '2024-01-31T23:59:59.999']);
    expect(range('2024-02-10')).toEqual(['2024-02-10T00:00:00.000', '2024-02-10T23:59:59.999']);
    expect(parseInstant('2024-02-01T10:30:00Z', 'Europe/Berlin', 'start')).toBe(Date.parse('2024-02-01T10:30:00Z'));
    expect(parseInstant('2024-02-01T10:30', 'Europe/Berlin', 'start')).toBe(Date.parse('2024-02-01T09:30:00Z'));
  });

  it('refuses what it cannot read, naming the field and the forms it takes', () => {
    expect(() => range('the other day')).toThrow(
      /dateRange: cannot read the date range "the other day"; use YYYY-MM-DD dates or one of "today"/,
    );
    expect(() => range(['2024-02-30', '2024-03-01'])).toThrow(/"2024-02-30" is not a date/);
    expect(() => range(['2024-03-01', '2024-02-01'])).toThrow(/ends \(2024-02-01\) before it starts/);
  });

  it('refuses relative ranges that reach outside the years 0001 to 9999, in any zone', () => {
    expect(range('last 2000 years')[0]).toBe('0024-01-01T00:00:00.000');
    for (const phrase of [
      'last 300000 years',
      'next 8000 years',
      `last ${'9'.repeat(400)} days`,
      'from 99999999 months ago to now',
    ]) {
      for (const zone of ['UTC', 'Europe/Berlin'])
        expect(() => range(phrase, zone), phrase).toThrow(/dateRange: the date range .* reaches outside the years 0001 to 9999/);
    }
  });
});
