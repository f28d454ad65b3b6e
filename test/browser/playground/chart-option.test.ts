import { describe, expect, it } from 'vitest';
import { bucketLabel, chartOption, singleStat, visualizationKind } from '../../../src/browser/playground/chart-option.ts';
import type { QueryResult } from '../../../src/browser/playground/query-result.ts';

const titled = (title: string, type = 'string') => ({ title, shortTitle: title, type });

const funnel: QueryResult = {
  query: {},
  data: [
    { 'completed_purchase.step': 'view_products', 'completed_purchase.count': '71' },
    { 'completed_purchase.step': 'open_cart', 'completed_purchase.count': '100' },
    { 'completed_purchase.step': 'purchase', 'completed_purchase.count': '92' },
  ],
  annotation: {
    measures: { 'completed_purchase.count': titled('Completed Purchase Count', 'number') },
    dimensions: { 'completed_purchase.step': titled('Completed Purchase Step') },
    timeDimensions: {},
  },
};

const perDay: QueryResult = {
  query: {},
  data: [
    { 'E.t.day': '2024-05-01T00:00:00.000', 'E.t': '2024-05-01T00:00:00.000', 'E.views': '0' },
    { 'E.t.day': '2024-05-02T00:00:00.000', 'E.t': '2024-05-02T00:00:00.000', 'E.views': '7' },
  ],
  annotation: {
    measures: { 'E.views': titled('Page views', 'number') },
    dimensions: {},
    timeDimensions: { 'E.t.day': titled('Day', 'time'), 'E.t': titled('Time', 'time') },
  },
};

describe('chartOption', () => {
  it('draws a column chart of funnel steps with the axis names and types of the definition', () => {
    const option = chartOption(
      'ColumnChart',
      { xAxis: { name: 'Furthest step reached', type: 'category' }, yAxis: { name: 'Users', type: 'value' } },
      funnel,
    );
    expect(option.xAxis).toMatchObject({
      type: 'category',
      name: 'Furthest step reached',
      data: ['view_products', 'open_cart', 'purchase'],
    });
    expect(option.yAxis).toMatchObject({ type: 'value', name: 'Users' });
    expect(option.series).toEqual([{ name: 'Completed Purchase Count', type: 'bar', data: [71, 100, 92] }]);
    expect(option.legend).toBeUndefined();
  });

  it('lays a bar chart down: categories along y, values along x', () => {
    const option = chartOption('BarChart', { xAxis: { name: 'Users' } }, funnel);
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['view_products', 'open_cart', 'purchase'] });
    expect(option.xAxis).toMatchObject({ type: 'value', name: 'Users' });
    expect(option.series).toMatchObject([{ type: 'bar', data: [71, 100, 92] }]);
  });

  it('puts a time axis as [time, value] pairs and a category axis as day labels', () => {
    const timed = chartOption('LineChart', { xAxis: { name: 'Day', type: 'time' } }, perDay);
    expect(timed.xAxis).toMatchObject({ type: 'time', name: 'Day' });
    expect(timed.xAxis).not.toHaveProperty('data');
    expect(timed.series).toEqual([
      {
        name: 'Page views',
        type: 'line',
        showSymbol: true,
        data: [
          ['2024-05-01T00:00:00.000', 0],
          ['2024-05-02T00:00:00.000', 7],
        ],
      },
    ]);
    const labelled = chartOption('AreaChart', {}, perDay);
    expect(labelled.xAxis).toMatchObject({ type: 'category', data: ['2024-05-01', '2024-05-02'] });
    expect(labelled.series).toMatchObject([{ type: 'line', areaStyle: {}, data: [0, 7] }]);
  });

  it('splits a measure into one series per value of a second dimension, with a legend', () => {
    const result: QueryResult = {
      query: {},
      data: [
        { 'E.t.week': '2024-04-29T00:00:00.000', 'E.type': 'pageview', 'E.count': '5' },
        { 'E.t.week': '2024-04-29T00:00:00.000', 'E.type': 'search', 'E.count': '2' },
        { 'E.t.week': '2024-05-06T00:00:00.000', 'E.type': 'pageview', 'E.count': '4' },
      ],
      annotation: {
        measures: { 'E.count': titled('Count', 'number') },
        dimensions: { 'E.type': titled('Type') },
        timeDimensions: { 'E.t.week': titled('Week', 'time') },
      },
    };
    const option = chartOption('ColumnChart', {}, result);
    expect(option.xAxis).toMatchObject({ data: ['2024-04-29', '2024-05-06'] });
    expect(option.series).toEqual([
      { name: 'pageview', type: 'bar', data: [5, 4] },
      { name: 'search', type: 'bar', data: [2, 0] },
    ]);
    expect(option.legend).toMatchObject({ top: 0 });
  });

  it('colours axes and legend from the page theme when given', () => {
    const option = chartOption('ColumnChart', { xAxis: { name: 'Step' } }, funnel, { text: '#111', muted: '#555', line: '#ccc' });
    expect(option.xAxis).toMatchObject({ nameTextStyle: { color: '#111' }, axisLabel: { color: '#555' } });
  });
});

describe('bucketLabel', () => {
  it('cuts a bucket to its granularity', () => {
    expect(bucketLabel('2024-05-01T13:00:00.000', 'day')).toBe('2024-05-01');
    expect(bucketLabel('2024-05-01T13:00:00.000', 'hour')).toBe('2024-05-01 13:00');
    expect(bucketLabel('2024-05-01T00:00:00.000', 'month')).toBe('2024-05');
    expect(bucketLabel('2024-01-01T00:00:00.000', 'year')).toBe('2024');
    expect(bucketLabel('2024-05-01T13:04:05.000', 'second')).toBe('2024-05-01 13:04:05.000');
  });
});

describe('visualizationKind and singleStat', () => {
  it('sorts types into charts, a stat, a table, and names the types it renders otherwise', () => {
    expect(visualizationKind({ type: 'ColumnChart' })).toEqual({ kind: 'chart', type: 'ColumnChart' });
    expect(visualizationKind({ type: 'SingleStat' })).toEqual({ kind: 'stat' });
    expect(visualizationKind({ type: 'DataTable' })).toEqual({ kind: 'table' });
    expect(visualizationKind({ type: 'PieChart' })).toEqual({
      kind: 'unsupported',
      message:
        '"PieChart" is not a type the playground renders; use one of ColumnChart, BarChart, LineChart, AreaChart, SingleStat, DataTable',
    });
    expect(visualizationKind({ type: 'toString' }).kind).toBe('unsupported');
  });

  it('shows the first measure of the first row, grouped, or says there is no data', () => {
    expect(singleStat({ ...funnel, data: [{ 'completed_purchase.count': '12345' }] })).toEqual({
      value: '12,345',
      title: 'Completed Purchase Count',
    });
    expect(singleStat({ ...funnel, data: [] }).value).toBe('No data');
  });
});

describe('category labels', () => {
  it('keeps every label of a few categories and lets many thin out', () => {
    expect(chartOption('ColumnChart', {}, funnel).xAxis).toMatchObject({ axisLabel: { interval: 0 } });
    const days: QueryResult = {
      ...perDay,
      data: Array.from({ length: 20 }, (_, day) => ({
        'E.t.day': `2024-05-${String(day + 1).padStart(2, '0')}T00:00:00.000`,
        'E.views': '1',
      })),
    };
    expect(chartOption('ColumnChart', {}, days).xAxis).toMatchObject({ axisLabel: {} });
    expect(chartOption('ColumnChart', {}, days).xAxis).not.toMatchObject({ axisLabel: { interval: 0 } });
    expect(chartOption('ColumnChart', {}, days).xAxis).toMatchObject({ axisLabel: { hideOverlap: true } });
  });

  it('cuts each label along x to the room its category has on a narrow chart', () => {
    const steps = funnel.data.length;
    const narrow = chartOption('ColumnChart', {}, funnel, undefined, 358).xAxis as { axisLabel: Record<string, unknown> };
    expect(narrow.axisLabel).toMatchObject({ overflow: 'truncate', interval: 0 });
    expect(narrow.axisLabel.width).toBe(Math.max(24, Math.floor((358 - 88) / steps) - 8));
    expect(chartOption('ColumnChart', {}, funnel).xAxis).not.toMatchObject({ axisLabel: { overflow: 'truncate' } });
  });
});
