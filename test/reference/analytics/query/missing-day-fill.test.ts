import { describe, expect, it } from 'vitest';
import { runQuery } from '../../../../src/reference/analytics/query/cube-response.ts';
import { createMemberCatalog } from '../../../../src/reference/analytics/query/member-catalog.ts';
import { event, storeOf } from '../analytics-fixtures.ts';

// One event on each of the first 20 days of January, none on 2024-01-05.
const store = storeOf(
  Array.from({ length: 20 }, (_, index) => index + 1)
    .filter((day) => day !== 5)
    .map((day) => event({ utcTime: `2024-01-${String(day).padStart(2, '0')}T12:00:00Z` })),
);
const data = (query: Record<string, unknown>) =>
  runQuery(store, createMemberCatalog([]), query, Date.parse('2024-02-01T00:00:00Z')).data;
const byDay = { dimension: 'TrackedEvents.utcTime', granularity: 'day' };
const january = ['2024-01-01', '2024-01-20'];

describe('missing-day fill', () => {
  it('gives every day of an inDateRange filter a row, with measures "0"', () => {
    const rows = data({
      measures: ['TrackedEvents.count'],
      timeDimensions: [byDay],
      filters: [{ member: 'TrackedEvents.utcTime', operator: 'inDateRange', values: january }],
    });
    expect(rows).toHaveLength(20);
    expect(rows[4]).toEqual({
      'TrackedEvents.utcTime.day': '2024-01-05T00:00:00.000',
      'TrackedEvents.utcTime': '2024-01-05T00:00:00.000',
      'TrackedEvents.count': '0',
    });
    expect(rows.map((row) => row['TrackedEvents.utcTime.day'])).toEqual(
      [...rows.map((row) => row['TrackedEvents.utcTime.day'])].sort(),
    );
  });

  it('ignores the limit: a limit of 10 over 20 days returns 20 rows, with the real counts', () => {
    const rows = data({ measures: ['TrackedEvents.count'], timeDimensions: [{ ...byDay, dateRange: january }], limit: 10 });
    expect(rows).toHaveLength(20);
    expect(rows.filter((row) => row['TrackedEvents.count'] === '1')).toHaveLength(19);
  });

  it('fills a time dimension dateRange too, which the query layer treats as inDateRange', () => {
    const rows = data({
      measures: ['TrackedEvents.count'],
      timeDimensions: [{ ...byDay, dateRange: ['2024-01-19', '2024-01-25'] }],
    });
    expect(rows.map((row) => row['TrackedEvents.count'])).toEqual(['1', '1', '0', '0', '0', '0', '0']);
  });

  it('does not fill without measures, with another granularity, or with a range set another way', () => {
    expect(data({ timeDimensions: [{ ...byDay, dateRange: january }] })).toHaveLength(19);
    expect(
      data({ measures: ['TrackedEvents.count'], timeDimensions: [{ ...byDay, granularity: 'hour', dateRange: january }] }),
    ).toHaveLength(19);
    const before = [{ member: 'TrackedEvents.utcTime', operator: 'beforeDate', values: ['2024-01-21'] }];
    expect(data({ measures: ['TrackedEvents.count'], timeDimensions: [byDay], filters: before })).toHaveLength(19);
  });
});
