import { describe, expect, it } from 'vitest';
import { dataTable, joinHref } from '../../../src/browser/playground/data-table.ts';
import type { QueryResult } from '../../../src/browser/playground/query-result.ts';

const titled = (title: string, type = 'string') => ({ title: `Tracked Events ${title}`, shortTitle: title, type });

const topPages: QueryResult = {
  query: {},
  data: [
    {
      'TrackedEvents.docHost': 'shop.example.com',
      'TrackedEvents.docPath': '/products',
      'TrackedEvents.pageTitle': 'Products',
      'TrackedEvents.pageViewsCount': '120',
    },
    {
      'TrackedEvents.docHost': 'shop.example.com',
      'TrackedEvents.docPath': null,
      'TrackedEvents.pageTitle': '<img src=x onerror=alert(1)>',
      'TrackedEvents.pageViewsCount': '3',
    },
  ],
  annotation: {
    measures: { 'TrackedEvents.pageViewsCount': titled('Page views', 'number') },
    dimensions: {
      'TrackedEvents.docHost': titled('Host'),
      'TrackedEvents.docPath': titled('Path'),
      'TrackedEvents.pageTitle': titled('Page title'),
    },
    timeDimensions: {},
  },
};

describe('joinHref', () => {
  it('joins several dimension values into one URL with one slash between parts', () => {
    expect(joinHref(['shop.example.com', '/products'])).toBe('https://shop.example.com/products');
    expect(joinHref(['https://shop.example.com/', '/blog/', 'hello'])).toBe('https://shop.example.com/blog/hello');
    expect(joinHref(['http://shop.example.com'])).toBe('http://shop.example.com/');
  });

  it('makes no link from a missing value, a bare path or a scheme other than http(s)', () => {
    expect(joinHref(['shop.example.com', null])).toBeUndefined();
    expect(joinHref(['shop.example.com', ''])).toBeUndefined();
    expect(joinHref(['/products'])).toBeUndefined();
    expect(joinHref(['javascript:alert(1)'])).toBeUndefined();
    expect(joinHref(['data:text/html,x', '/y'])).toBeUndefined();
    expect(joinHref([])).toBeUndefined();
  });
});

describe('dataTable', () => {
  it('turns the text column into links built from the href dimensions and hides those', () => {
    const table = dataTable(topPages, [
      { text: 'TrackedEvents.pageTitle', href: ['TrackedEvents.docHost', 'TrackedEvents.docPath'] },
    ]);
    expect(table.columns).toEqual([
      {
        key: 'TrackedEvents.pageTitle',
        title: 'Page title',
        href: ['TrackedEvents.docHost', 'TrackedEvents.docPath'],
      },
      { key: 'TrackedEvents.pageViewsCount', title: 'Page views' },
    ]);
    expect(table.rows).toEqual([
      [{ text: 'Products', href: 'https://shop.example.com/products' }, { text: '120' }],
      [{ text: '<img src=x onerror=alert(1)>' }, { text: '3' }],
    ]);
  });

  it('accepts one href dimension as a string and shows every column without links', () => {
    const linked = dataTable(topPages, [{ text: 'TrackedEvents.pageTitle', href: 'TrackedEvents.docHost' }]);
    expect(linked.columns.map((column) => column.key)).toEqual([
      'TrackedEvents.docPath',
      'TrackedEvents.pageTitle',
      'TrackedEvents.pageViewsCount',
    ]);
    expect(linked.rows[1]?.[1]).toEqual({ text: '<img src=x onerror=alert(1)>', href: 'https://shop.example.com/' });
    expect(dataTable(topPages).columns.map((column) => column.title)).toEqual(['Host', 'Path', 'Page title', 'Page views']);
    expect(dataTable(topPages).rows[1]?.[1]).toEqual({ text: '' });
  });

  it('shows a time dimension with a granularity once', () => {
    const result: QueryResult = {
      query: {},
      data: [{ 'E.t.day': '2024-05-01T00:00:00.000', 'E.t': '2024-05-01T00:00:00.000', 'E.count': '4' }],
      annotation: {
        measures: { 'E.count': titled('Count', 'number') },
        dimensions: {},
        timeDimensions: { 'E.t.day': titled('Day', 'time'), 'E.t': titled('Time', 'time') },
      },
    };
    expect(dataTable(result)).toEqual({
      columns: [
        { key: 'E.t.day', title: 'Day' },
        { key: 'E.count', title: 'Count' },
      ],
      rows: [[{ text: '2024-05-01T00:00:00.000' }, { text: '4' }]],
    });
  });
});
