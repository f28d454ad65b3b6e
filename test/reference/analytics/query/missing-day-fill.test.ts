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

describe('missing-day fill under an order by a dimension the query does not select', () => {
  // Three days with events, the page titles ranking them B < C (2 Jan has none), and two days left to fill.
  const titled = storeOf([
    event({ utcTime: '2024-01-01T12:00:00Z', pageTitle: 'B' }),
    event({ utcTime: '2024-01-01T13:00:00Z', pageTitle: 'B' }),
    event({ utcTime: '2024-01-02T12:00:00Z', pageTitle: null }),
    event({ utcTime: '2024-01-04T12:00:00Z', pageTitle: 'C' }),
  ]);
  const days = (order: unknown) =>
    runQuery(
      titled,
      createMemberCatalog([]),
      {
        measures: ['TrackedEvents.count'],
        timeDimensions: [{ ...byDay, dateRange: ['2024-01-01', '2024-01-05'] }],
        order,
      },
      0,
    ).data.map((row) => `${(row['TrackedEvents.utcTime.day'] as string).slice(8, 10)}=${row['TrackedEvents.count']}`);

  it('puts filled days, which have no title, last ascending, as a null title sorts', () => {
    expect(days({ 'TrackedEvents.pageTitle': 'asc' })).toEqual(['01=2', '04=1', '02=1', '03=0', '05=0']);
  });

  it('puts filled days first descending, with the day whose title is null', () => {
    expect(days({ 'TrackedEvents.pageTitle': 'desc' })).toEqual(['02=1', '03=0', '05=0', '04=1', '01=2']);
  });

  it('keeps the unselected dimension ahead of a later key that would order the other way', () => {
    // By count alone 01 (2) would lead descending; the title puts C (04) ahead of B (01).
    expect(
      days([
        ['TrackedEvents.pageTitle', 'desc'],
        ['TrackedEvents.count', 'desc'],
      ]),
    ).toEqual(['02=1', '03=0', '05=0', '04=1', '01=2']);
    expect(
      days([
        ['TrackedEvents.pageTitle', 'asc'],
        ['TrackedEvents.count', 'asc'],
      ]),
    ).toEqual(['01=2', '04=1', '03=0', '05=0', '02=1']);
  });
});
