/**
 * The Monitor-style errors list: open errors of demo-app, sorted by last seen, first seen or frequency,
 * searched by text. Every cell is text; the title is a button that opens the details view.
 */
import type { ErrorSummary } from '../../reference/errors/error-views.ts';
import { showExchange, showFailure } from '../exchange-view.ts';
import { h, replaceChildren } from '../try/build-element.ts';
import { errorRow } from '../try/error-view-model.ts';
import { listErrors } from './demo-api.ts';

/** The elements the list lives in. */
export interface ErrorsListElements {
  sort: HTMLSelectElement;
  search: HTMLInputElement;
  rows: HTMLTableSectionElement;
  exchange: HTMLElement;
}

function rowOf(summary: ErrorSummary, now: number, open: (id: number) => void): HTMLTableRowElement {
  const row = errorRow(summary, now);
  // The title is the error's own text, shown as the SDK sent it (backticks and all).
  const button = h(
    'button',
    { type: 'button', class: 'link-button', 'data-open-error': row.id, 'data-verbatim': true },
    row.title,
  );
  button.addEventListener('click', () => open(row.id));
  return h(
    'tr',
    { 'data-error-id': row.id },
    h('td', { 'data-label': 'Error' }, button, h('br'), h('small', { class: 'culprit', 'data-verbatim': true }, row.culprit)),
    h('td', { 'data-occurrences': true, 'data-label': 'Events' }, row.occurrences),
    h('td', { 'data-users': true, 'data-label': 'Users' }, row.users),
    h('td', { 'data-label': 'First seen' }, h('span', { title: row.firstSeen.title }, row.firstSeen.text)),
    h('td', { 'data-label': 'Last seen' }, h('span', { title: row.lastSeen.title, 'data-last-seen': true }, row.lastSeen.text)),
  );
}

/** Binds the sort and search controls; returns a function that reloads the list. */
export function bindErrorsList(elements: ErrorsListElements, open: (id: number) => void): () => Promise<void> {
  let latest = 0;
  const reload = async () => {
    const call = ++latest;
    try {
      const exchange = await listErrors(elements.sort.value, elements.search.value);
      // A slower answer to an older search must not overwrite a newer one.
      if (call !== latest) return;
      showExchange(elements.exchange, exchange);
      const errors = Array.isArray(exchange.json) ? (exchange.json as ErrorSummary[]) : [];
      const now = Date.now();
      const rows = errors.map((summary) => rowOf(summary, now, open));
      if (rows.length === 0) {
        const empty = elements.search.value.trim() ? 'No open error matches the search.' : 'No open errors yet.';
        rows.push(h('tr', {}, h('td', { colspan: 5 }, empty)));
      }
      replaceChildren(elements.rows, ...rows);
    } catch (error) {
      showFailure(elements.exchange, `The errors list could not be loaded: ${String(error)}`);
    }
  };
  let typing: ReturnType<typeof setTimeout> | undefined;
  elements.sort.addEventListener('change', () => void reload());
  elements.search.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => void reload(), 250);
  });
  elements.search.form?.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(typing);
    void reload();
  });
  return reload;
}
