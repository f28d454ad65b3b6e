import { describe, expect, it } from 'vitest';
import { runQuery } from '../../../../src/reference/analytics/query/cube-response.ts';
import { createMemberCatalog } from '../../../../src/reference/analytics/query/member-catalog.ts';
import { event, storeOf } from '../analytics-fixtures.ts';

const store = storeOf([
  event({ utcTime: '2024-03-01T09:00:00Z', docPath: '/', userAnonymousId: 'a' }),
  event({ utcTime: '2024-03-01T09:01:00Z', docPath: '/products', userAnonymousId: 'a' }),
  event({ utcTime: '2024-03-01T23:30:00Z', docPath: '/', userAnonymousId: 'b' }),
  event({ utcTime: '2024-03-04T10:00:00Z', docPath: '/products', userAnonymousId: 'b', eventType: 'add_to_cart' }),
  event({ utcTime: '2024-04-02T10:00:00Z', docPath: '/', userAnonymousId: null }),
  event({ utcTime: '2024-07-15T10:00:00Z', docPath: '/about', userAnonymousId: 'c' }),
]);
const NOW = Date.parse('2024-07-20T12:00:00Z');
const data = (query: Record<string, unknown>) => runQuery(store, createMemberCatalog([]), query, NOW).data;
const day = (granularity: string, timezone = 'UTC') =>
  data({
    measures: ['TrackedEvents.count'],
    timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity }],
    timezone,
  }).map((row) => `${row[`TrackedEvents.utcTime.${granularity}`]}=${row['TrackedEvents.count']}`);

describe('query execution', () => {
  it('counts events, page views and distinct users, as strings', () => {
    expect(data({ measures: ['TrackedEvents.count', 'TrackedEvents.pageViewsCount', 'TrackedEvents.uniqueUsersCount'] })).toEqual(
      [{ 'TrackedEvents.count': '6', 'TrackedEvents.pageViewsCount': '5', 'TrackedEvents.uniqueUsersCount': '3' }],
    );
  });

  it('answers one row of zeros when nothing matches a measure-only query', () => {
    const filters = [{ member: 'TrackedEvents.docPath', operator: 'equals', values: ['/nowhere'] }];
    expect(data({ measures: ['TrackedEvents.count'], filters })).toEqual([{ 'TrackedEvents.count': '0' }]);
  });

  it('buckets by every granularity, weeks from Monday', () => {
    expect(day('year')).toEqual(['2024-01-01T00:00:00.000=6']);
    expect(day('quarter')).toEqual(['2024-01-01T00:00:00.000=4', '2024-04-01T00:00:00.000=1', '2024-07-01T00:00:00.000=1']);
    expect(day('month')).toEqual(['2024-03-01T00:00:00.000=4', '2024-04-01T00:00:00.000=1', '2024-07-01T00:00:00.000=1']);
    expect(day('week').slice(0, 2)).toEqual(['2024-02-26T00:00:00.000=3', '2024-03-04T00:00:00.000=1']);
    expect(day('day').slice(0, 2)).toEqual(['2024-03-01T00:00:00.000=3', '2024-03-04T00:00:00.000=1']);
    expect(day('hour').slice(0, 2)).toEqual(['2024-03-01T09:00:00.000=2', '2024-03-01T23:00:00.000=1']);
    expect(day('minute').slice(0, 2)).toEqual(['2024-03-01T09:00:00.000=1', '2024-03-01T09:01:00.000=1']);
    expect(day('second')).toHaveLength(6);
  });

  it('buckets in the query time zone', () => {
    expect(day('day', 'Europe/Berlin').slice(0, 2)).toEqual(['2024-03-01T00:00:00.000=2', '2024-03-02T00:00:00.000=1']);
    expect(day('hour', 'Asia/Kolkata')[0]).toBe('2024-03-01T14:00:00.000=2');
    expect(day('minute', 'Asia/Kolkata')[0]).toBe('2024-03-01T14:30:00.000=1');
  });

  it('buckets across a daylight-saving change by local wall-clock time', () => {
    const dst = storeOf([
      event({ utcTime: '2024-03-30T23:30:00Z' }),
      event({ utcTime: '2024-03-31T00:30:00Z' }),
      event({ utcTime: '2024-03-31T01:30:00Z' }),
      event({ utcTime: '2024-03-31T22:30:00Z' }),
    ]);
    const buckets = (granularity: string) =>
      runQuery(
        dst,
        createMemberCatalog([]),
        {
          measures: ['TrackedEvents.count'],
          timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity }],
          timezone: 'Europe/Berlin',
        },
        NOW,
      ).data.map((row) => `${row[`TrackedEvents.utcTime.${granularity}`]}=${row['TrackedEvents.count']}`);
    expect(buckets('day')).toEqual(['2024-03-31T00:00:00.000=3', '2024-04-01T00:00:00.000=1']);
    expect(buckets('hour')).toEqual([
      '2024-03-31T00:00:00.000=1',
      '2024-03-31T01:00:00.000=1',
      '2024-03-31T03:00:00.000=1',
      '2024-04-01T00:00:00.000=1',
    ]);
    expect(buckets('month')).toEqual(['2024-03-01T00:00:00.000=3', '2024-04-01T00:00:00.000=1']);
  });

  it('returns a bucketed time dimension under both names', () => {
    const [row] = data({
      measures: ['TrackedEvents.count'],
      timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'month' }],
    });
    expect(row).toEqual({
      'TrackedEvents.utcTime.month': '2024-03-01T00:00:00.000',
      'TrackedEvents.utcTime': '2024-03-01T00:00:00.000',
      'TrackedEvents.count': '4',
    });
  });

  it('orders by either form and by default', () => {
    const paths = (query: Record<string, unknown>) =>
      data({ measures: ['TrackedEvents.count'], dimensions: ['TrackedEvents.docPath'], ...query }).map(
        (row) => row['TrackedEvents.docPath'],
      );
    expect(paths({})).toEqual(['/', '/products', '/about']);
    expect(paths({ order: { 'TrackedEvents.docPath': 'asc' } })).toEqual(['/', '/about', '/products']);
    expect(
      paths({
        order: [
          ['TrackedEvents.count', 'asc'],
          ['TrackedEvents.docPath', 'desc'],
        ],
      }),
    ).toEqual(['/about', '/products', '/']);
    expect(data({ dimensions: ['TrackedEvents.userAnonymousId'] }).map((row) => row['TrackedEvents.userAnonymousId'])).toEqual([
      'a',
      'b',
      'c',
      null,
    ]);
    expect(
      data({ dimensions: ['TrackedEvents.userAnonymousId'], order: { 'TrackedEvents.userAnonymousId': 'desc' } }).map(
        (row) => row['TrackedEvents.userAnonymousId'],
      ),
    ).toEqual([null, 'c', 'b', 'a']);
  });

  it('pages with limit and offset', () => {
    const query = { dimensions: ['TrackedEvents.docPath'], order: { 'TrackedEvents.docPath': 'asc' } };
    expect(data({ ...query, limit: 2 }).map((row) => row['TrackedEvents.docPath'])).toEqual(['/', '/about']);
    expect(data({ ...query, limit: 2, offset: 2 }).map((row) => row['TrackedEvents.docPath'])).toEqual(['/products']);
    expect(data({ ...query, offset: 9 })).toEqual([]);
  });

  it('filters on measures after grouping', () => {
    const filters = [{ member: 'TrackedEvents.count', operator: 'gte', values: ['2'] }];
    expect(data({ measures: ['TrackedEvents.count'], dimensions: ['TrackedEvents.docPath'], filters })).toEqual([
      { 'TrackedEvents.docPath': '/', 'TrackedEvents.count': '3' },
      { 'TrackedEvents.docPath': '/products', 'TrackedEvents.count': '2' },
    ]);
    const paths = (filter: unknown) =>
      data({ measures: ['TrackedEvents.count'], dimensions: ['TrackedEvents.docPath'], filters: [filter] }).map(
        (row) => row['TrackedEvents.docPath'],
      );
    const count = (operator: string, values: string[]) => ({ member: 'TrackedEvents.count', operator, values });
    expect(paths(count('equals', ['1', '3']))).toEqual(['/', '/about']);
    expect(paths(count('notEquals', ['3']))).toEqual(['/products', '/about']);
    expect(paths(count('lt', ['2']))).toEqual(['/about']);
    expect(paths({ or: [count('gt', ['2']), count('lte', ['1'])] })).toEqual(['/', '/about']);
    expect(paths({ member: 'TrackedEvents.count', operator: 'set' })).toEqual(['/', '/products', '/about']);
    expect(paths({ member: 'TrackedEvents.count', operator: 'notSet' })).toEqual([]);
    expect(paths({ member: 'TrackedEvents.uniqueUsersCount', operator: 'gte', values: ['2'] })).toEqual(['/', '/products']);
  });

  it('reads relative date ranges against the clock', () => {
    const rows = data({
      measures: ['TrackedEvents.count'],
      timeDimensions: [{ dimension: 'TrackedEvents.utcTime', dateRange: 'this month' }],
    });
    expect(rows).toEqual([{ 'TrackedEvents.count': '1' }]);
  });

  it('groups by a number dimension and by raw time', () => {
    expect(data({ measures: ['TrackedEvents.count'], dimensions: ['TrackedEvents.localTzOffset'] })).toEqual([
      { 'TrackedEvents.localTzOffset': 0, 'TrackedEvents.count': '6' },
    ]);
    const [first] = data({ dimensions: ['TrackedEvents.utcTime'], timezone: 'America/New_York' });
    expect(first).toEqual({ 'TrackedEvents.utcTime': '2024-03-01T04:00:00.000' });
  });
});
