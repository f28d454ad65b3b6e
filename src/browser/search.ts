import { loadPagefind, type PagefindApi, resultHtml, type SiteSearch, searchSite, searchTerm } from './pagefind-client.ts';
import { answerStatus, nothingFoundHtml } from './search-messages.ts';

const FILTERS = ['release', 'area', 'kind'] as const;
/** Results shown at once; "Show more" adds as many again, so every result can be reached. */
const PAGE = 20;

/**
 * The search page island. Pagefind loads when the field is focused or typed in, or straight away when the
 * URL already carries a query (`/search/?q=CI_JOB_JWT`, which entry pages link to). The query and filters
 * are kept in the URL. The keys work as in the header's box: Down from the field goes into the results,
 * Down and Up move through them and back to the field, Escape returns to the field.
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
      hint.hidden = true;
      status.textContent = '';
      return;
    }
    const search = await searchSite(api, term, filters);
    if (!search) return; // a newer search replaced this one
    if (input.value.trim() !== term) return; // typed on while the pages holding some words were looked up
    current = { search, shown: 0, term, filters };
    list.replaceChildren();
    await showMore();
  };

  let current: { search: SiteSearch; shown: number; term: string; filters: Record<string, string> } | undefined;
  const showMore = async () => {
    if (!current) return;
    const answer = current;
    const next = answer.search.results.slice(answer.shown, answer.shown + PAGE);
    const results = await Promise.all(next.map((result) => result.data()));
    if (current !== answer) return;
    const words = searchTerm(answer.term).split(' ');
    list.insertAdjacentHTML('beforeend', results.map((result) => resultHtml(result, words)).join(''));
    answer.shown += next.length;
    const total = answer.search.results.length;
    // Saying the filters in the status tells the reader (and a screen reader) which search the list answers.
    const within = Object.entries(answer.filters).map(([name, value]) => `${name} ${value}`);
    const scope = within.length > 0 ? ` (${within.join(', ')})` : '';
    status.textContent = `${answerStatus(answer.search, answer.term, scope)}${total > answer.shown ? `, ${answer.shown} shown` : ''}.`;
    hint.innerHTML = total === 0 ? nothingFoundHtml() : '';
    hint.hidden = total > 0;
    more.hidden = answer.shown >= total;
    if (answer.shown > PAGE) list.querySelectorAll<HTMLAnchorElement>('li > a')[answer.shown - next.length]?.focus();
  };
  const more = document.createElement('button');
  more.type = 'button';
  more.textContent = `Show ${PAGE} more`;
  more.hidden = true;
  more.addEventListener('click', () => void showMore());
  list.after(more);
  const hint = document.createElement('div');
  hint.id = 'search-hint';
  hint.hidden = true;
  status.after(hint);

  const links = () => [...list.querySelectorAll<HTMLAnchorElement>('li > a')];
  form.addEventListener('keydown', (event) => {
    if (event.target === input && event.key === 'ArrowDown') {
      const first = links()[0];
      if (!first) return;
      event.preventDefault();
      first.focus();
    }
  });
  list.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Escape') return;
    const targets = links();
    const at = targets.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    event.preventDefault();
    const next = event.key === 'Escape' ? -1 : event.key === 'ArrowDown' ? at + 1 : at - 1;
    if (next < 0) input.focus();
    else (targets[next] ?? targets[at])?.focus();
  });

  input.addEventListener('focus', () => void loadPagefind().catch(() => undefined), { once: true });
  input.addEventListener('input', () => void run());
  form.addEventListener('change', () => void run());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });
  if (input.value.trim()) void run();
}
