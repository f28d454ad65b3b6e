import { loadPagefind, type PagefindApi, type PagefindSearch, resultHtml, searchSite } from './pagefind-client.ts';

const FILTERS = ['release', 'area', 'kind'] as const;
/** Results shown at once; "Show more" adds as many again, so every result can be reached. */
const PAGE = 20;

/**
 * The search page island. Pagefind loads when the field is focused or typed in, or straight away when the
 * URL already carries a query (`/search/?q=CI_JOB_JWT`, which entry pages link to). The query and filters
 * are kept in the URL.
 */
export function bindSearch(): void {
  const form = document.querySelector<HTMLFormElement>('#search-form');
  const input = document.querySelector<HTMLInputElement>('#search-input');
  const status = document.querySelector<HTMLElement>('#search-status');
  const list = document.querySelector<HTMLOListElement>('#search-results');
  const filterBox = document.querySelector<HTMLElement>('#search-filters');
  if (!form || !input || !status || !list || !filterBox) return;
  const params = new URLSearchParams(location.search);
  input.value = params.get('q') ?? '';
  const select = (name: string) => form.elements.namedItem(name) as HTMLSelectElement | null;

  let filtersShown = false;
  const showFilters = async (api: PagefindApi) => {
    if (filtersShown) return;
    filtersShown = true;
    const available = await api.filters();
    for (const name of FILTERS) {
      const element = select(name);
      const values = Object.keys(available[name] ?? {}).sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
      if (!element) continue;
      for (const value of name === 'release' ? values : values.reverse()) element.add(new Option(value, value));
      element.value = params.get(name) ?? '';
    }
    filterBox.hidden = false;
  };

  const run = async () => {
    let api: PagefindApi;
    try {
      api = await loadPagefind();
    } catch {
      status.textContent = 'The search index is missing: it is built by npm run build.';
      return;
    }
    await showFilters(api);
    more.hidden = true;
    const term = input.value.trim();
    const filters: Record<string, string> = {};
    for (const name of FILTERS) {
      const value = select(name)?.value;
      if (value) filters[name] = value;
    }
    const query = new URLSearchParams({ ...(term ? { q: term } : {}), ...filters }).toString();
    history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}`);
    if (!term) {
      list.replaceChildren();
      status.textContent = '';
      return;
    }
    const search = await searchSite(api, term, filters);
    if (!search) return; // a newer search replaced this one
    current = { search, shown: 0, term, filters };
    list.replaceChildren();
    await showMore();
  };

  let current: { search: PagefindSearch; shown: number; term: string; filters: Record<string, string> } | undefined;
  const showMore = async () => {
    if (!current) return;
    const answer = current;
    const next = answer.search.results.slice(answer.shown, answer.shown + PAGE);
    const results = await Promise.all(next.map((result) => result.data()));
    if (current !== answer) return;
    list.insertAdjacentHTML('beforeend', results.map(resultHtml).join(''));
    answer.shown += next.length;
    const total = answer.search.results.length;
    // Saying the filters in the status tells the reader (and a screen reader) which search the list answers.
    const within = Object.entries(answer.filters).map(([name, value]) => `${name} ${value}`);
    const scope = within.length > 0 ? ` (${within.join(', ')})` : '';
    status.textContent =
      total === 0
        ? `Nothing found for “${answer.term}”${scope}.`
        : `${total} result${total === 1 ? '' : 's'} for “${answer.term}”${scope}${total > answer.shown ? `, ${answer.shown} shown` : ''}.`;
    more.hidden = answer.shown >= total;
    if (answer.shown > PAGE) list.querySelectorAll<HTMLAnchorElement>('li > a')[answer.shown - next.length]?.focus();
  };
  const more = document.createElement('button');
  more.type = 'button';
  more.textContent = `Show ${PAGE} more`;
  more.hidden = true;
  more.addEventListener('click', () => void showMore());
  list.after(more);

  input.addEventListener('focus', () => void loadPagefind().catch(() => undefined), { once: true });
  input.addEventListener('input', () => void run());
  form.addEventListener('change', () => void run());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });
  if (input.value.trim()) void run();
}
