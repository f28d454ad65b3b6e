import { type BrowserReference, startBrowserReference } from '../../reference/browser/start-browser-reference.ts';
import { formatProblem } from '../../register/content-error.ts';
import { readYamlWith } from '../../register/yaml-source.ts';
import { dashboardDefinitionSchema } from '../../schemas/dashboard-definition.ts';
import { DEMO_PROJECT_ID } from '../../site/demo-world.ts';
import { h, replaceChildren } from '../try/build-element.ts';
import { identifierCode } from '../try/identifier-code.ts';
import { type DateRange, dashboardPanels, filledDays, type PanelPlan, withDateRange } from './dashboard-panels.ts';
import { loadQuery, QueryRefused } from './load-query.ts';

function part<T extends HTMLElement = HTMLElement>(root: HTMLElement, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`the dashboard needs ${selector} inside it`);
  return element;
}

/** Draws one panel from its query's answer, saying how many days the missing-day fill added. */
async function drawPanel(
  body: HTMLElement,
  note: HTMLElement,
  plan: PanelPlan,
  dateRange: DateRange | undefined,
  renderer: Promise<typeof import('./render-visualization.ts')>,
): Promise<void> {
  if (!plan.visualization) {
    replaceChildren(body, h('ul', { class: 'problem' }, ...plan.problems.map((problem) => h('li', {}, problem))));
    return;
  }
  body.setAttribute('aria-busy', 'true');
  try {
    const result = await loadQuery(withDateRange(plan.visualization.data.query, dateRange));
    const { renderVisualization } = await renderer;
    renderVisualization(body, plan.visualization, result);
    const filled = filledDays(result);
    note.dataset.filledDays = String(filled);
    note.textContent =
      filled > 0
        ? `${filled} day${filled === 1 ? '' : 's'} of this range had no events: the query layer filled ${filled === 1 ? 'it' : 'them'} with 0 (missing-day fill).`
        : '';
  } catch (error) {
    const message = error instanceof QueryRefused ? `The endpoint answered ${error.status}: ${error.message}` : String(error);
    replaceChildren(body, h('p', { class: 'problem', role: 'alert' }, message));
  } finally {
    body.removeAttribute('aria-busy');
  }
}

/** The range option that starts on the day of the project's first event. */
const SINCE_DATA_STARTS = 'since the data starts';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The `dateRange` a range option stands for: relative ranges as written, the data's own range from the day
 * of the first event to today, and none (each panel's own) for the empty option.
 */
function resolveRange(value: string, browser: BrowserReference): DateRange | undefined {
  if (value !== SINCE_DATA_STARTS) return value || undefined;
  const [first] = browser.reference.analytics.state.store(DEMO_PROJECT_ID).timeRange();
  const today = Date.now();
  return Number.isFinite(first) && first <= today ? [isoDay(first), isoDay(today)] : 'last 60 days';
}

/** Lays the panels out on the dashboard's 12-column grid; each panel's source file is named below it. */
function panelElements(grid: HTMLElement, plans: PanelPlan[]) {
  return plans.map((plan, index) => {
    const body = h('div', { class: 'panel-body' });
    const note = h('p', { class: 'panel-note', 'data-fill-note': '' });
    const section = h(
      'section',
      {
        class: 'panel',
        'aria-labelledby': `panel-${index}`,
        'data-panel': plan.title,
        style: `--x:${plan.grid.xPos + 1};--y:${plan.grid.yPos + 1};--w:${plan.grid.width};--h:${plan.grid.height}`,
      },
      h('h2', { id: `panel-${index}` }, plan.title),
      body,
      note,
      plan.file && h('p', { class: 'panel-source' }, identifierCode(plan.file)),
    );
    grid.append(section);
    return { plan, body, note };
  });
}

/**
 * The dashboard demo: reads the dashboard definition and the visualizations it names from project 1's
 * repository in the in-browser reference, draws every panel from the analytics query endpoint, and draws
 * them again when the date range changes or the demo world does (a reset, events from another tab).
 */
export async function startDashboard(root: HTMLElement): Promise<void> {
  // ECharts is most of the weight: it loads while the reference starts.
  const renderer = import('./render-visualization.ts');
  const file = root.dataset.dashboardFile ?? '';
  const configDir = root.dataset.configDir ?? '.gitlab';
  const grid = part(root, '[data-panels]');
  const range = part<HTMLSelectElement>(root, 'select[name="date-range"]');
  const heading = part(root, '[data-dashboard-title]');
  const description = part(root, '[data-dashboard-description]');
  const source = part(root, '[data-dashboard-source]');

  let browser: BrowserReference;
  try {
    browser = await startBrowserReference();
    await browser.loadRepositories();
  } catch (error) {
    replaceChildren(
      grid,
      h('p', { class: 'problem', role: 'alert' }, `The in-browser reference did not start: ${String(error)}`),
    );
    return;
  }
  const files = browser.reference.analytics.state.repository(DEMO_PROJECT_ID);
  const text = files.get(file) ?? '';
  source.textContent = text;
  const dashboard = readYamlWith(dashboardDefinitionSchema, file, text);
  if (!dashboard.ok) {
    replaceChildren(
      grid,
      h('ul', { class: 'problem' }, ...dashboard.problems.map((problem) => h('li', {}, formatProblem(problem)))),
    );
    return;
  }
  heading.textContent = dashboard.data.title;
  description.textContent = dashboard.data.description ?? '';
  const panels = panelElements(grid, dashboardPanels(dashboard.data, files, configDir));

  const status = root.querySelector<HTMLElement>('[data-dashboard-status]');
  const drawAll = async () => {
    const dateRange = resolveRange(range.value, browser);
    root.dataset.ready = 'false';
    await Promise.all(panels.map(({ plan, body, note }) => drawPanel(body, note, plan, dateRange, renderer)));
    root.dataset.ready = 'true';
    // One short line for screen readers; the panels themselves are not a live region.
    const label = range.selectedOptions[0]?.textContent?.trim().toLowerCase() ?? '';
    if (status) status.textContent = `${panels.length} panels drawn, ${label}.`;
  };
  let pending: ReturnType<typeof setTimeout> | undefined;
  const redrawSoon = () => {
    clearTimeout(pending);
    pending = setTimeout(() => void drawAll(), 250);
  };
  range.addEventListener('change', () => void drawAll());
  browser.onChange(redrawSoon);
  await drawAll();
}
