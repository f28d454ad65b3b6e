import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { VisualizationDefinition } from '../../schemas/visualization-definition.ts';
import type { QueryResult, ResultValue } from './query-result.ts';

/** The ECharts option a chart visualization becomes (only the parts the playground registers). */
export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** How each chart `type` is drawn: the ECharts series, whether bars lie down, whether the line is filled. */
export const CHART_TYPES = {
  ColumnChart: { series: 'bar', horizontal: false, area: false },
  BarChart: { series: 'bar', horizontal: true, area: false },
  LineChart: { series: 'line', horizontal: false, area: false },
  AreaChart: { series: 'line', horizontal: false, area: true },
} as const;

/** The visualization types the playground renders without ECharts. */
export const OTHER_TYPES = ['SingleStat', 'DataTable'] as const;

/** A chart type the playground draws with ECharts. */
export type ChartType = keyof typeof CHART_TYPES;

/** Colours taken from the page, so the chart follows the light or dark theme. */
export interface ChartColors {
  text: string;
  muted: string;
  line: string;
}

/** Whether a visualization `type` is drawn as an ECharts chart. */
export const isChartType = (type: string): type is ChartType => Object.hasOwn(CHART_TYPES, type);

/** Every type the playground renders, for messages. */
export const RENDERED_TYPES: readonly string[] = [...Object.keys(CHART_TYPES), ...OTHER_TYPES];

/** A time dimension with a granularity is keyed `Cube.member.granularity` in the answer. */
const GRANULARITY_KEY = /^[^.]+\.[^.]+\.(second|minute|hour|day|week|month|quarter|year)$/;

/** The label of a time bucket on a category axis: as long as its granularity needs, no longer. */
export function bucketLabel(value: string, granularity: string): string {
  const cut: Record<string, number> = { year: 4, quarter: 7, month: 7, week: 10, day: 10, hour: 13, minute: 16 };
  const length = cut[granularity];
  if (length === undefined) return value.replace('T', ' ');
  const label = value.slice(0, length).replace('T', ' ');
  return granularity === 'hour' ? `${label}:00` : label;
}

const numberOf = (value: ResultValue) => {
  const number = Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
};

/** The answer's columns in the roles a chart gives them: one along the axis, one that splits series, the measures. */
function chartColumns(result: QueryResult) {
  const timeKeys = Object.keys(result.annotation.timeDimensions).filter((key) => GRANULARITY_KEY.test(key));
  const dimensionKeys = Object.keys(result.annotation.dimensions);
  const [axisKey, splitKey] = [...timeKeys, ...dimensionKeys];
  const granularity = axisKey && GRANULARITY_KEY.exec(axisKey)?.[1];
  return { axisKey, splitKey, granularity, measures: Object.keys(result.annotation.measures) };
}

/** The room left of and right of the plot, in pixels. */
const GRID = { left: 64, right: 24 };

/**
 * Turns a chart visualization and its query's answer into an ECharts option. The first time dimension with a
 * granularity (else the first dimension) runs along the category axis; a further dimension splits each
 * measure into one series per value. `options.xAxis` and `options.yAxis` give the axes' names and types
 * (`category`, `time`, `value` …): a `ColumnChart`, `LineChart` or `AreaChart` has its categories along x, a
 * `BarChart` along y, unless the definition says otherwise.
 */
export function chartOption(
  type: ChartType,
  options: VisualizationDefinition['options'],
  result: QueryResult,
  colors?: ChartColors,
  /** The chart's width in pixels, when known: labels along x are fitted to it. */
  width?: number,
): ChartOption {
  const shape = CHART_TYPES[type];
  const { axisKey, splitKey, granularity, measures } = chartColumns(result);
  const categoryAxis = shape.horizontal ? 'yAxis' : 'xAxis';
  const valueAxis = shape.horizontal ? 'xAxis' : 'yAxis';
  const categoryType = options[categoryAxis]?.type ?? 'category';
  const valueType = options[valueAxis]?.type ?? 'value';

  const label = (row: Record<string, ResultValue>) => {
    const value = axisKey === undefined ? '' : row[axisKey];
    if (value === null || value === undefined) return '∅';
    return granularity && categoryType === 'category' ? bucketLabel(String(value), granularity) : String(value);
  };
  const categories = [...new Set(result.data.map(label))];
  const splits = splitKey === undefined ? [undefined] : [...new Set(result.data.map((row) => row[splitKey] ?? null))];

  const series = measures.flatMap((measure) =>
    splits.map((split) => {
      const rows = result.data.filter(
        (row) => split === undefined || splitKey === undefined || (row[splitKey] ?? null) === split,
      );
      const title = result.annotation.measures[measure]?.title ?? measure;
      const name = split === undefined ? title : measures.length > 1 ? `${title} · ${split ?? '∅'}` : String(split ?? '∅');
      const data =
        categoryType === 'category'
          ? categories.map((category) => numberOf(rows.find((row) => label(row) === category)?.[measure]))
          : rows.map((row) => {
              const along = categoryType === 'time' ? label(row) : numberOf(row[axisKey ?? '']);
              const value = numberOf(row[measure]);
              return shape.horizontal ? [value, along] : [along, value];
            });
      const item = { name, data, ...(shape.series === 'line' && { showSymbol: categories.length <= 31 }) };
      return shape.series === 'bar'
        ? ({ ...item, type: 'bar' } as BarSeriesOption)
        : ({ ...item, type: 'line', ...(shape.area && { areaStyle: {} }) } as LineSeriesOption);
    }),
  );

  const axis = (which: 'xAxis' | 'yAxis', axisType: string) => ({
    type: axisType as 'category',
    ...(options[which]?.name !== undefined && { name: options[which]?.name }),
    nameLocation: 'middle' as const,
    nameGap: which === 'xAxis' ? 32 : 48,
    ...(axisType === 'category' && { data: categories }),
    // A few categories (funnel steps) each keep their label, cut to the room each one has on a narrow
    // chart; many (days) let ECharts thin them out and drop any label that would still overlap.
    axisLabel: {
      hideOverlap: true,
      ...(axisType === 'category' && categories.length <= 8 && { interval: 0 }),
      ...(axisType === 'category' &&
        which === 'xAxis' &&
        width !== undefined &&
        categories.length > 0 && {
          width: Math.max(24, Math.floor((width - GRID.left - GRID.right) / categories.length) - 8),
          overflow: 'truncate' as const,
        }),
      ...(colors && { color: colors.muted }),
    },
    ...(colors && {
      nameTextStyle: { color: colors.text },
      axisLine: { lineStyle: { color: colors.line } },
      splitLine: { lineStyle: { color: colors.line } },
    }),
  });

  return {
    animation: false,
    grid: { ...GRID, top: series.length > 1 ? 40 : 16, bottom: 48 },
    tooltip: { trigger: 'axis' },
    ...(series.length > 1 && { legend: { top: 0, ...(colors && { textStyle: { color: colors.text } }) } }),
    [categoryAxis]: axis(categoryAxis, categoryType),
    [valueAxis]: axis(valueAxis, valueType),
    series,
  };
}

/** What a visualization renders as: a chart, a single number, a data table, or why it cannot be shown. */
export type VisualizationKind =
  | { kind: 'chart'; type: ChartType }
  | { kind: 'stat' }
  | { kind: 'table' }
  | { kind: 'unsupported'; message: string };

/** Sorts a visualization by its `type`. */
export function visualizationKind(definition: Pick<VisualizationDefinition, 'type'>): VisualizationKind {
  const { type } = definition;
  if (isChartType(type)) return { kind: 'chart', type };
  if (type === 'SingleStat') return { kind: 'stat' };
  if (type === 'DataTable') return { kind: 'table' };
  return {
    kind: 'unsupported',
    message: `"${type}" is not a type the playground renders; use one of ${RENDERED_TYPES.join(', ')}`,
  };
}

/** A single-stat visualization's number: the first measure of the first row, grouped in thousands. */
export function singleStat(result: QueryResult): { value: string; title: string } {
  const measure = Object.keys(result.annotation.measures)[0];
  const title = (measure && result.annotation.measures[measure]?.title) ?? '';
  const raw = measure === undefined ? undefined : result.data[0]?.[measure];
  const value = raw === undefined || raw === null ? 'No data' : numberOf(raw).toLocaleString('en');
  return { value, title };
}
