import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../../../src/reference/analytics/query/compile-query.ts';
import { runQuery } from '../../../../src/reference/analytics/query/cube-response.ts';
import { createMemberCatalog } from '../../../../src/reference/analytics/query/member-catalog.ts';
import { fillMissingDays } from '../../../../src/reference/analytics/query/missing-day-fill.ts';
import { event, storeOf } from '../analytics-fixtures.ts';

// Two pages on 1 January, one on 3 January, nothing on 2 January.
const store = storeOf([
  event({ utcTime: '2024-01-01T10:00:00Z', docPath: '/a' }),
  event({ utcTime: '2024-01-01T11:00:00Z', docPath: '/b' }),
  event({ utcTime: '2024-01-01T12:00:00Z', docPath: '/b' }),
  event({ utcTime: '2024-01-03T10:00:00Z', docPath: '/a' }),
]);
const catalog = createMemberCatalog([]);
const data = (query: Record<string, unknown>) => runQuery(store, catalog, query, Date.parse('2024-02-01T00:00:00Z')).data;
const days = { dimension: 'TrackedEvents.utcTime', granularity: 'day', dateRange: ['2024-01-01', '2024-01-03'] };
const line = (row: Record<string, unknown>) =>
  `${String(row['TrackedEvents.utcTime.day']).slice(0, 10)} ${row['TrackedEvents.docPath']} ${row['TrackedEvents.count']}`;

describe('missing-day fill edges', () => {
  it('gives the added day null for every other dimension, and no other keys', () => {
    const rows = data({ measures: ['TrackedEvents.count'], dimensions: ['TrackedEvents.docPath'], timeDimensions: [days] });
    expect(rows.find((row) => row['TrackedEvents.count'] === '0')).toEqual({
      'TrackedEvents.utcTime.day': '2024-01-02T00:00:00.000',
      'TrackedEvents.utcTime': '2024-01-02T00:00:00.000',
      'TrackedEvents.docPath': null,
      'TrackedEvents.count': '0',
    });
  });

  it('sorts an added day, null in a dimension, last ascending and first descending', () => {
    const ordered = (desc: 'asc' | 'desc') =>
      data({
        measures: ['TrackedEvents.count'],
        dimensions: ['TrackedEvents.docPath'],
        timeDimensions: [days],
        order: [
          ['TrackedEvents.docPath', desc],
          ['TrackedEvents.utcTime', 'asc'],
        ],
      }).map(line);
    expect(ordered('asc')).toEqual(['2024-01-01 /a 1', '2024-01-03 /a 1', '2024-01-01 /b 2', '2024-01-02 null 0']);
    expect(ordered('desc')).toEqual(['2024-01-02 null 0', '2024-01-01 /b 2', '2024-01-01 /a 1', '2024-01-03 /a 1']);
  });

  it('sorts added days by a measure, "0" as a number', () => {
    const rows = data({
      measures: ['TrackedEvents.count'],
      timeDimensions: [days],
      order: [['TrackedEvents.count', 'desc']],
    }).map(line);
    expect(rows).toEqual(['2024-01-01 undefined 3', '2024-01-03 undefined 1', '2024-01-02 undefined 0']);
  });

  it('leaves the rows as they are without a fill, or with one that names no time dimension', () => {
    const compiled = compileQuery(
      { measures: ['TrackedEvents.count'], dimensions: ['TrackedEvents.docPath'], timeDimensions: [days] },
      catalog,
      0,
    );
    if (compiled.kind !== 'events' || !compiled.fill) throw new Error('expected an events query with a fill');
    const rows = [{ 'TrackedEvents.docPath': '/a' }];
    expect(fillMissingDays(rows, { ...compiled, fill: undefined })).toBe(rows);
    const path = compiled.dimensions.findIndex((spec) => spec.kind !== 'time');
    expect(fillMissingDays(rows, { ...compiled, fill: { ...compiled.fill, dimensionIndex: path } })).toBe(rows);
    expect(fillMissingDays(rows, { ...compiled, fill: { ...compiled.fill, dimensionIndex: 9 } })).toBe(rows);
  });

  it('sorts grouped rows without a value among added ones, either way', () => {
    const withNull = storeOf([
      event({ utcTime: '2024-01-01T10:00:00Z', docPath: '/a' }),
      event({ utcTime: '2024-01-01T11:00:00Z', docPath: null }),
      event({ utcTime: '2024-01-03T10:00:00Z', docPath: '/a' }),
    ]);
    const ordered = (desc: 'asc' | 'desc') =>
      runQuery(
        withNull,
        catalog,
        {
          measures: ['TrackedEvents.count'],
          dimensions: ['TrackedEvents.docPath'],
          timeDimensions: [days],
          order: [
            ['TrackedEvents.docPath', desc],
            ['TrackedEvents.utcTime', 'asc'],
          ],
        },
        0,
      ).data.map(line);
    expect(ordered('desc')).toEqual(['2024-01-01 null 1', '2024-01-02 null 0', '2024-01-01 /a 1', '2024-01-03 /a 1']);
    expect(ordered('asc')).toEqual(['2024-01-01 /a 1', '2024-01-03 /a 1', '2024-01-01 null 1', '2024-01-02 null 0']);
  });

  it('gives an added day null in a time dimension with another granularity, and no alias for it', () => {
    const rows = data({ measures: ['TrackedEvents.count'], dimensions: ['TrackedEvents.utcTime.month'], timeDimensions: [days] });
    expect(rows.find((row) => row['TrackedEvents.count'] === '0')).toEqual({
      'TrackedEvents.utcTime.month': null,
      'TrackedEvents.utcTime.day': '2024-01-02T00:00:00.000',
      'TrackedEvents.utcTime': '2024-01-02T00:00:00.000',
      'TrackedEvents.count': '0',
    });
  });

  it('gives an added day the value of the last time dimension under their shared plain name, as grouped rows have', () => {
    const rows = data({
      measures: ['TrackedEvents.count'],
      timeDimensions: [days, { dimension: 'TrackedEvents.utcTime', granularity: 'month' }],
    });
    expect(rows.slice(0, 2)).toEqual([
      {
        'TrackedEvents.utcTime.day': '2024-01-01T00:00:00.000',
        'TrackedEvents.utcTime': '2024-01-01T00:00:00.000',
        'TrackedEvents.utcTime.month': '2024-01-01T00:00:00.000',
        'TrackedEvents.count': '3',
      },
      {
        'TrackedEvents.utcTime.day': '2024-01-02T00:00:00.000',
        'TrackedEvents.utcTime': null,
        'TrackedEvents.utcTime.month': null,
        'TrackedEvents.count': '0',
      },
    ]);
  });
});
