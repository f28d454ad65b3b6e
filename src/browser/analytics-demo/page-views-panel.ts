/**
 * The analytics demo's panel: this site's page views tracked from this browser, by page and by day, read
 * through spec endpoint 1 like any other query. Paths and titles come from events, so they are shown as text.
 */
import type { QueryObject } from '../../schemas/query.ts';
import { DEMO_TOKEN, LOAD_PATH } from '../../site/demo-world.ts';
import { callApi } from '../call-api.ts';
import { showExchange, showFailure } from '../exchange-view.ts';
import { h, replaceChildren } from '../try/build-element.ts';
import { identifierCode } from '../try/identifier-code.ts';
import { byDayQuery, byPathQuery, consoleLink, dayViews, pathViews, resultRows } from '../try/page-view-queries.ts';

/** The panel's elements. */
export interface PanelElements {
  byPath: HTMLTableSectionElement;
  byDay: HTMLTableSectionElement;
  byPathExchange: HTMLElement;
  byDayExchange: HTMLElement;
  /** Links to the query endpoint's console with each query filled in. */
  byPathConsole: HTMLAnchorElement;
  byDayConsole: HTMLAnchorElement;
}

const load = (query: QueryObject) =>
  callApi({ method: 'POST', path: LOAD_PATH, headers: { 'PRIVATE-TOKEN': DEMO_TOKEN.read }, json: { query } });

const emptyRow = (columns: number, text: string) => h('tr', {}, h('td', { colspan: columns }, text));

/** Queries both tables and fills them. */
export async function refreshPanel(elements: PanelElements): Promise<void> {
  const pathQuery = byPathQuery(location.host);
  const dayQuery = byDayQuery(location.host, Date.now());
  elements.byPathConsole.href = consoleLink(pathQuery);
  elements.byDayConsole.href = consoleLink(dayQuery);
  try {
    const [byPath, byDay] = await Promise.all([load(pathQuery), load(dayQuery)]);
    showExchange(elements.byPathExchange, byPath);
    showExchange(elements.byDayExchange, byDay);
    const paths = pathViews(resultRows(byPath.json));
    replaceChildren(
      elements.byPath,
      ...(paths.length === 0
        ? [emptyRow(3, 'No page views tracked yet.')]
        : paths.map((row) =>
            h(
              'tr',
              { 'data-path': row.path },
              h('td', {}, identifierCode(row.path)),
              h('td', {}, row.title),
              h('td', {}, row.views),
            ),
          )),
    );
    const days = dayViews(resultRows(byDay.json));
    replaceChildren(
      elements.byDay,
      ...(days.length === 0
        ? [emptyRow(2, 'No days to show.')]
        : days.map((row) => h('tr', { 'data-day': row.day }, h('td', {}, row.day), h('td', {}, row.views)))),
    );
  } catch (failure) {
    showFailure(elements.byPathExchange, `The page views could not be queried: ${String(failure)}`);
  }
}
