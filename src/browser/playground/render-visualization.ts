import type { VisualizationDefinition } from '../../schemas/visualization-definition.ts';
import { h, replaceChildren } from '../try/build-element.ts';
import { type ChartColors, type ChartOption, chartOption, singleStat, visualizationKind } from './chart-option.ts';
import { type DataTable, dataTable } from './data-table.ts';
import { getInstanceByDom, init } from './echarts-runtime.ts';
import type { QueryResult } from './query-result.ts';

/**
 * The page's theme colours, read when a chart is drawn so it matches light and dark. The custom properties
 * hold `light-dark(…)`, which only a colour property resolves, so each is read back through a hidden probe's
 * `color` as the rgb() ECharts understands.
 */
function pageColors(): ChartColors {
  const probe = document.body.appendChild(h('span', { hidden: true }));
  const read = (name: string) => {
    probe.style.color = `var(${name})`;
    return getComputedStyle(probe).color;
  };
  try {
    return { text: read('--fg'), muted: read('--muted'), line: read('--border') };
  } finally {
    probe.remove();
  }
}

/** Charts on the page and how to redraw each, for theme changes. */
const redraws = new Map<HTMLElement, () => void>();
let watchingTheme = false;

function watchTheme(): void {
  if (watchingTheme) return;
  watchingTheme = true;
  const redrawAll = () => {
    for (const [element, redraw] of redraws) {
      if (element.isConnected) redraw();
      else redraws.delete(element);
    }
  };
  new MutationObserver(redrawAll).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', redrawAll);
}

/**
 * What the chart holds, as the chart itself reports it (`getOption()`): axis types, names and categories, and
 * each series' name, type and data. Written to `data-chart-option` so readers' tools and tests can check it.
 */
function optionSummary(option: Record<string, unknown>): string {
  const axis = (value: unknown) => {
    const first = (Array.isArray(value) ? value[0] : value) as Record<string, unknown> | undefined;
    return first && { type: first.type, name: first.name, data: first.data };
  };
  const series = ((option.series as Record<string, unknown>[] | undefined) ?? []).map(({ name, type, data }) => ({
    name,
    type,
    data,
  }));
  return JSON.stringify({ xAxis: axis(option.xAxis), yAxis: axis(option.yAxis), series });
}

function drawChart(container: HTMLElement, option: (width: number) => ChartOption): void {
  const element = h('div', { class: 'chart', role: 'img', 'aria-label': 'Chart; the rows are listed below it' });
  container.append(element);
  const chart = init(element, undefined, { renderer: 'svg' });
  const draw = () => {
    chart.setOption(option(element.clientWidth), { notMerge: true });
    element.dataset.chartOption = optionSummary(chart.getOption() as Record<string, unknown>);
  };
  draw();
  redraws.set(element, draw);
  watchTheme();
  let width = element.clientWidth;
  const observer = new ResizeObserver(() => {
    // A chart replaced by a new render is disposed; its element may still be measured once more.
    if (chart.isDisposed()) return observer.disconnect();
    chart.resize();
    // Labels are fitted to the width, so a new width needs a new option, not only a resize.
    if (element.clientWidth !== width) {
      width = element.clientWidth;
      draw();
    }
  });
  observer.observe(element);
}

/** A data table built from text nodes; link cells are anchors whose URLs {@link dataTable} checked. */
export function tableElement(table: DataTable, caption?: string): HTMLElement {
  const head = h('tr', {}, ...table.columns.map((column) => h('th', { scope: 'col' }, column.title)));
  const body = table.rows.map((row) =>
    h(
      'tr',
      {},
      ...row.map((cell) =>
        h('td', {}, cell.href ? h('a', { href: cell.href, rel: 'noopener noreferrer nofollow' }, cell.text) : cell.text),
      ),
    ),
  );
  return h(
    'div',
    { class: 'table-wrap', tabindex: 0 },
    h('table', { class: 'data-table' }, caption && h('caption', {}, caption), h('thead', {}, head), h('tbody', {}, ...body)),
  );
}

/** Disposes the charts inside `container`, so a redraw does not leak the old ones. */
function disposeCharts(container: HTMLElement): void {
  for (const element of container.querySelectorAll<HTMLElement>('.chart')) {
    getInstanceByDom(element)?.dispose();
    redraws.delete(element);
  }
}

/**
 * Renders a visualization from its query's answer into `container`: an ECharts chart (with its rows listed
 * below for readers who cannot see it), a single number, a data table with links, or why it cannot be shown.
 * Every string from the data is set as text.
 */
export function renderVisualization(container: HTMLElement, definition: VisualizationDefinition, result: QueryResult): void {
  disposeCharts(container);
  replaceChildren(container);
  const kind = visualizationKind(definition);
  container.dataset.kind = kind.kind;
  if (kind.kind === 'chart') {
    drawChart(container, (width) => chartOption(kind.type, definition.options, result, pageColors(), width));
    container.append(
      h('details', { class: 'chart-rows' }, h('summary', {}, `Rows (${result.data.length})`), tableElement(dataTable(result))),
    );
  } else if (kind.kind === 'stat') {
    const stat = singleStat(result);
    container.append(h('p', { class: 'single-stat' }, h('span', { class: 'stat-value' }, stat.value), h('span', {}, stat.title)));
  } else if (kind.kind === 'table') {
    container.append(tableElement(dataTable(result, definition.options.links)));
  } else {
    container.append(h('p', { class: 'problem', role: 'alert' }, `type: ${kind.message}`));
  }
}
