import { describe, expect, it } from 'vitest';
import {
  byDayQuery,
  byPathQuery,
  consoleLink,
  dayViews,
  pathViews,
  resultRows,
} from '../../../src/browser/try/page-view-queries.ts';
import { queryObjectSchema } from '../../../src/schemas/query.ts';

describe('page view queries', () => {
  it('are valid query objects that keep to the site host', () => {
    const now = Date.parse('2026-11-20T22:14:05Z');
    for (const query of [byPathQuery('127.0.0.1:4321'), byDayQuery('127.0.0.1:4321', now)]) {
      expect(queryObjectSchema.safeParse(query).success).toBe(true);
      expect(query.filters).toEqual([{ member: 'TrackedEvents.docHost', operator: 'equals', values: ['127.0.0.1:4321'] }]);
    }
    expect(byDayQuery('h', now).timeDimensions?.[0]?.dateRange).toEqual(['2026-11-07', '2026-11-20']);
  });

  it('reads rows of a multi answer into paths and days', () => {
    const answer = {
      queryType: 'regularQuery',
      results: [
        {
          data: [
            {
              'TrackedEvents.docPath': '/register/',
              'TrackedEvents.pageTitle': 'Register · Sunset',
              'TrackedEvents.pageViewsCount': '2',
            },
          ],
        },
      ],
    };
    expect(pathViews(resultRows(answer))).toEqual([{ path: '/register/', title: 'Register · Sunset', views: 2 }]);
    const days = [
      { 'TrackedEvents.utcTime.day': '2026-11-20T00:00:00.000', 'TrackedEvents.pageViewsCount': '3' },
      { 'TrackedEvents.utcTime.day': '2026-11-19T00:00:00.000', 'TrackedEvents.pageViewsCount': '0' },
    ];
    expect(dayViews(days)).toEqual([
      { day: '2026-11-19', views: 0 },
      { day: '2026-11-20', views: 3 },
    ]);
  });

  it('reads answers without results as no rows', () => {
    expect(resultRows(null)).toEqual([]);
    expect(resultRows({ message: 'x' })).toEqual([]);
    expect(resultRows({ results: [{ data: 'x' }] })).toEqual([]);
  });

  it('link the query endpoint console with the query as its body', () => {
    const link = new URL(consoleLink(byPathQuery('127.0.0.1:4321')), 'http://127.0.0.1:4321');
    expect(link.pathname).toBe('/api/product-analytics-load/');
    expect(link.hash).toBe('#console');
    expect(JSON.parse(link.searchParams.get('body') ?? '')).toEqual({ query: byPathQuery('127.0.0.1:4321') });
  });
});
