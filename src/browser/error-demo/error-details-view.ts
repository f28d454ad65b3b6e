/**
 * The details view of one error: occurrences, users affected, first seen (date and commit), last seen
 * (relative, exact on hover), the 24-hour graph whose bars tell their hour's count on hover or focus, the
 * latest stack trace, and "Create issue", which shows the new issue's description. Everything the event
 * sent is put in the page as text.
 */
import type { ErrorDetails } from '../../reference/errors/error-views.ts';
import { stackTraceText } from '../../reference/errors/issue-description.ts';
import type { Issue } from '../../reference/errors/issues.ts';
import { announceExchange, announceFailure, showExchange, showFailure } from '../exchange-view.ts';
import { setUnusable } from '../keep-focus.ts';
import { h, replaceChildren } from '../try/build-element.ts';
import { detailFacts } from '../try/error-view-model.ts';
import { type HourlyGraph, hourlyGraph } from '../try/hourly-graph.ts';
import { identifierCode } from '../try/identifier-code.ts';
import { utcHour } from '../try/relative-time.ts';
import { createIssue, errorDetails } from './demo-api.ts';

function graphFigure(graph: HourlyGraph): HTMLElement {
  const tooltip = h(
    'p',
    { class: 'graph-tooltip', 'data-graph-tooltip': true, 'aria-live': 'polite' },
    'Point at a bar to see its count.',
  );
  const bars = graph.bars.map((bar) => {
    const element = h(
      'li',
      {
        class: `hour-bar${bar.current ? ' is-current' : ''}`,
        tabindex: 0,
        title: bar.label,
        'aria-label': bar.label,
        'data-count': bar.count,
        'data-hour': bar.hour,
        style: `--bar-height: ${bar.height}%`,
      },
      h('span', { class: 'hour-bar-fill' }),
    );
    const show = () => {
      tooltip.textContent = bar.label;
    };
    element.addEventListener('pointerenter', show);
    element.addEventListener('focus', show);
    return element;
  });
  const first = graph.bars[0];
  return h(
    'figure',
    { class: 'hour-graph', 'data-hour-graph': true },
    h('ol', { class: 'hour-bars', 'aria-label': 'Occurrences per hour, oldest first' }, ...bars),
    h(
      'div',
      { class: 'hour-axis', 'aria-hidden': 'true' },
      h('span', {}, first ? `${utcHour(Date.parse(first.hour))} UTC` : ''),
      h('span', {}, 'now'),
    ),
    tooltip,
    h('figcaption', {}, graph.summary),
  );
}

function issueBlock(issue: Issue): HTMLElement {
  return h(
    'div',
    { class: 'issue', 'data-issue': true },
    h('h4', { 'data-verbatim': true }, `Issue #${issue.iid}: `, issue.title),
    h('p', {}, 'Description (Markdown), as the issue stores it:'),
    h('pre', { 'data-issue-description': true }, issue.description),
    h('p', { class: 'meta' }, 'Would live at ', identifierCode(issue.web_url)),
  );
}

function detailsBody(error: ErrorDetails, now: number): HTMLElement[] {
  const facts = detailFacts(error, now).flatMap((fact) => [
    h('dt', {}, fact.label),
    h('dd', { title: fact.title, 'data-fact': fact.label }, fact.text),
  ]);
  const issueButton = h('button', { type: 'button', 'data-create-issue': true }, 'Create issue');
  const issueExchange = h('div', { class: 'exchange', hidden: true });
  const issueOutput = h('div', {});
  issueButton.addEventListener('click', async () => {
    setUnusable(issueButton, true);
    try {
      const exchange = await createIssue(error.id);
      showExchange(issueExchange, exchange);
      announceExchange(exchange);
      if (exchange.response.status < 300) replaceChildren(issueOutput, issueBlock(exchange.json as Issue));
    } catch (failure) {
      showFailure(issueExchange, `The issue could not be created: ${String(failure)}`);
      announceFailure(`The issue could not be created: ${String(failure)}`);
    } finally {
      setUnusable(issueButton, false);
    }
  });
  return [
    h('h3', { 'data-details-title': true, 'data-verbatim': true }, error.title),
    h('p', { class: 'culprit' }, error.culprit || '(no culprit)'),
    h('dl', { class: 'facts' }, ...facts),
    h('h4', {}, 'Last 24 hours'),
    graphFigure(hourlyGraph(error.frequency)),
    h('h4', {}, 'Stack trace (newest frame first)'),
    h(
      'pre',
      { class: 'stack-trace', 'data-stack-trace': true, tabindex: 0 },
      stackTraceText(error.stack_trace, error.latest_event.message),
    ),
    h('h4', {}, 'Create an issue'),
    h('p', {}, 'The issue’s description holds the stack trace, the counts and the first-seen commit.'),
    issueButton,
    issueExchange,
    issueOutput,
  ];
}

/** Loads and shows the details of `errorId` in `container`, with the exchange in `exchange`. */
export async function showErrorDetails(container: HTMLElement, exchange: HTMLElement, errorId: number): Promise<void> {
  container.hidden = false;
  try {
    const answer = await errorDetails(errorId);
    showExchange(exchange, answer);
    if (answer.response.status !== 200) {
      replaceChildren(
        container,
        h('p', { class: 'problem' }, `Error ${errorId} could not be shown (${answer.response.status}).`),
      );
      return;
    }
    replaceChildren(container, ...detailsBody(answer.json as ErrorDetails, Date.now()));
  } catch (failure) {
    showFailure(container, `The error's details could not be loaded: ${String(failure)}`);
  }
}
