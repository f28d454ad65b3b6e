import { describe, expect, it } from 'vitest';
import { dashboardPanels, filledDays, withDateRange } from '../../../src/browser/playground/dashboard-panels.ts';
import type { QueryResult } from '../../../src/browser/playground/query-result.ts';

const LINE = `version: 1
type: LineChart
data:
  type: semantic_analytics
  query:
    measures: [TrackedEvents.pageViewsCount]
    timeDimensions:
      - { dimension: TrackedEvents.utcTime, granularity: day, dateRange: last 30 days }
`;

const files = new Map([
  ['.gitlab/analytics/visualizations/views.yaml', LINE],
  ['.gitlab/analytics/visualizations/broken.yml', 'version: 1\ntype: LineChart\ndata:\n  type: sql\n  query: {}\n'],
]);

describe('dashboardPanels', () => {
  it('reads named visualization files, keeps inline ones and places panels without a grid below', () => {
    const panels = dashboardPanels(
      {
        title: 'D',
        panels: [
          { title: 'Views', visualization: 'views', gridAttributes: { xPos: 0, yPos: 0, width: 6, height: 3 } },
          {
            title: 'Inline',
            visualization: {
              version: 1,
              type: 'SingleStat',
              data: { type: 'semantic_analytics', query: { measures: ['TrackedEvents.count'] } },
              options: {},
            },
          },
        ],
      },
      files,
      '.gitlab',
    );
    expect(panels[0]).toMatchObject({
      title: 'Views',
      file: '.gitlab/analytics/visualizations/views.yaml',
      grid: { xPos: 0, yPos: 0, width: 6, height: 3 },
      visualization: { type: 'LineChart' },
      problems: [],
    });
    expect(panels[1]).toMatchObject({ file: undefined, grid: { xPos: 0, yPos: 3, width: 12, height: 4 } });
    expect(panels[1]?.visualization?.type).toBe('SingleStat');
  });

  it('says which file is missing and where a named file is wrong', () => {
    const panels = dashboardPanels(
      {
        title: 'D',
        panels: [
          { title: 'Gone', visualization: 'gone' },
          { title: 'Broken', visualization: 'broken' },
        ],
      },
      files,
      '.gitlab/',
    );
    expect(panels[0]?.problems).toEqual([
      '.gitlab/analytics/visualizations/gone.yaml does not exist; the panel "Gone" names the visualization "gone"',
    ]);
    expect(panels[1]?.visualization).toBeUndefined();
    expect(panels[1]?.problems).toEqual([
      '.gitlab/analytics/visualizations/broken.yml:4:3 data.type: data.type must be "semantic_analytics"',
    ]);
  });
});

describe('withDateRange', () => {
  it('replaces every time dimension range and leaves other queries alone', () => {
    const query = {
      measures: ['TrackedEvents.count'],
      timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'day' as const, dateRange: 'last 30 days' }],
    };
    expect(withDateRange(query, 'last 90 days').timeDimensions).toEqual([
      { dimension: 'TrackedEvents.utcTime', granularity: 'day', dateRange: 'last 90 days' },
    ]);
    expect(query.timeDimensions[0]?.dateRange).toBe('last 30 days');
    expect(withDateRange(query, undefined)).toBe(query);
    const plain = { measures: ['TrackedEvents.count'] };
    expect(withDateRange(plain, 'last 90 days')).toBe(plain);
  });
});

describe('filledDays', () => {
  const result = (granularity: string, counts: string[]): QueryResult => ({
    query: {},
    data: counts.map((count, day) => ({ [`E.t.${granularity}`]: `2024-05-0${day + 1}`, 'E.count': count })),
    annotation: {
      measures: { 'E.count': { title: 'Count', shortTitle: 'Count', type: 'number' } },
      dimensions: {},
      timeDimensions: { [`E.t.${granularity}`]: { title: 'T', shortTitle: 'T', type: 'time' } },
    },
  });

  it('counts the zero rows of a daily answer only', () => {
    expect(filledDays(result('day', ['0', '4', '0']))).toBe(2);
    expect(filledDays(result('week', ['0', '4']))).toBe(0);
  });
});
