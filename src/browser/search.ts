/** The part of Pagefind's browser API the search page uses. */
interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string>;
}
interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
  debouncedSearch(
    term: string,
    options: { filters: Record<string, string> },
    timeout?: number,
  ): Promise<{ results: { data(): Promise<PagefindResultData> }[] } | null>;
}

const FILTERS = ['release', 'area', 'kind'] as const;
const SHOWN = 20;

let pagefind: Promise<PagefindApi> | undefined;

/** Loads Pagefind's script on first use; it is not part of the page so the page stays light. */
function loadPagefind(): Promise<PagefindApi> {
  // A variable keeps the bundler from resolving a file that only exists after the index is built.
  const url = '/pagefind/pagefind.js';
  pagefind ??= import(/* @vite-ignore */ url).then(async (module: PagefindApi) => {
    await module.options({ excerptLength: 24 });
    await module.init();
    return module;
  });
  return pagefind;
}

function escapeText(text: string): string {
  const span = document.createElement('span');
  span.textContent = text;
  return span.innerHTML;
}

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
    const search = await api.debouncedSearch(term, { filters }, 150);
    if (!search) return; // a newer search replaced this one
    const results = await Promise.all(search.results.slice(0, SHOWN).map((result) => result.data()));
    list.innerHTML = results
      .map(
        (result) =>
          `<li><a href="${escapeText(result.url)}">${escapeText(result.meta.title ?? result.url)}</a><p>${result.excerpt}</p></li>`,
      )
      .join('');
    // Saying the filters in the status tells the reader (and a screen reader) which search the list answers.
    const within = Object.entries(filters).map(([name, value]) => `${name} ${value}`);
    const scope = within.length > 0 ? ` (${within.join(', ')})` : '';
    status.textContent =
      search.results.length === 0
        ? `Nothing found for “${term}”${scope}.`
        : `${search.results.length} result${search.results.length === 1 ? '' : 's'} for “${term}”${scope}${search.results.length > SHOWN ? `, the first ${SHOWN} shown` : ''}.`;
  };

  input.addEventListener('focus', () => void loadPagefind().catch(() => undefined), { once: true });
  input.addEventListener('input', () => void run());
  form.addEventListener('change', () => void run());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });
  if (input.value.trim()) void run();
}
