import { funnelDefinitionSchema } from '../../schemas/funnel-definition.ts';
import { type VisualizationDefinition, visualizationDefinitionSchema } from '../../schemas/visualization-definition.ts';
import { DEMO_PROJECT_ID } from '../../site/demo-world.ts';
import { setUnusable } from '../keep-focus.ts';
import { replaceChildren } from '../try/build-element.ts';
import { visualizationKind } from './chart-option.ts';
import { type CheckedDefinition, checkDefinition, type FieldProblem } from './editor-problems.ts';
import { loadQuery, QueryRefused } from './load-query.ts';
import { bindYamlEditor } from './yaml-editor.ts';

/** A visualization the playground cannot draw is a problem at its `type` line, like a schema problem. */
function renderable(definition: VisualizationDefinition): FieldProblem[] {
  const kind = visualizationKind(definition);
  return kind.kind === 'unsupported' ? [{ path: ['type'], message: kind.message }] : [];
}

function part<T extends HTMLElement = HTMLElement>(root: HTMLElement, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`the funnel playground needs ${selector} inside it`);
  return element;
}

/**
 * The funnel playground: a funnel definition and its visualization, edited as YAML and checked against their
 * schemas at every keystroke. Running it writes the edited funnel into project 1's repository in the
 * in-browser reference (this page's copy only), sends the visualization's query to the analytics query
 * endpoint and draws the answer. It runs once on load with the example.
 */
export async function startFunnelPlayground(root: HTMLElement): Promise<void> {
  // The reference and ECharts are most of the weight: they load beside the editors, which work before they arrive.
  const runtime = import('../../reference/browser/start-browser-reference.ts');
  const renderer = import('./render-visualization.ts');
  const funnelFile = root.dataset.funnelFile ?? '';
  const visualizationFile = root.dataset.visualizationFile ?? '';
  const run = part<HTMLButtonElement>(root, '[data-run]');
  const status = part(root, '[data-run-status]');
  const output = part(root, '[data-output]');
  const sent = part(root, '[data-query]');
  const say = (text: string, problem = false) => {
    status.className = problem ? 'problem' : '';
    status.textContent = text;
  };

  let funnelValid = false;
  let visualizationValid = false;
  const refreshRun = () => {
    const blocked = !(funnelValid && visualizationValid);
    setUnusable(run, blocked);
    run.title = blocked ? 'Fix the problems listed under the editors first' : '';
  };
  const funnel = bindYamlEditor(
    part(root, '[data-yaml-editor="funnel"]'),
    (text) => checkDefinition(funnelDefinitionSchema, funnelFile, text),
    (checked) => {
      funnelValid = checked.ok;
      refreshRun();
    },
  );
  const visualization = bindYamlEditor(
    part(root, '[data-yaml-editor="visualization"]'),
    (text) => checkDefinition(visualizationDefinitionSchema, visualizationFile, text, renderable),
    (checked: CheckedDefinition<VisualizationDefinition>) => {
      visualizationValid = checked.ok;
      refreshRun();
    },
  );

  const runQuery = async () => {
    const definition = visualization.checked();
    if (!funnel.checked().ok || !definition.ok) {
      say('Fix the problems listed under the editors first.', true);
      return;
    }
    setUnusable(run, true);
    say('Running the query against the sample data…');
    try {
      const browser = await (await runtime).startBrowserReference();
      await browser.loadRepositories();
      browser.reference.analytics.state.writeRepositoryFile(DEMO_PROJECT_ID, funnelFile, funnel.textarea.value);
      const query = definition.data.data.query;
      sent.textContent = JSON.stringify({ query }, null, 2);
      const result = await loadQuery(query);
      const { renderVisualization } = await renderer;
      renderVisualization(output, definition.data, result);
      output.dataset.rows = String(result.data.length);
      say(`The query answered ${result.data.length} row${result.data.length === 1 ? '' : 's'}.`);
    } catch (error) {
      replaceChildren(output);
      const message = error instanceof QueryRefused ? `The endpoint answered ${error.status}: ${error.message}` : String(error);
      say(message, true);
    } finally {
      refreshRun();
    }
  };

  run.addEventListener('click', () => void runQuery());
  const restore = part<HTMLButtonElement>(root, '[data-restore]');
  // Written disabled, like Run: without a script it would do nothing.
  restore.disabled = false;
  restore.addEventListener('click', () => {
    funnel.restore();
    visualization.restore();
    void runQuery();
  });
  root.dataset.ready = 'true';
  await runQuery();
}
