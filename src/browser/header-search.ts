import { loadPagefind, resultHtml } from './pagefind-client.ts';

/** Results the header's drop-down shows; the full list is one link away on /search/. */
const SHOWN = 6;

/**
 * The header search box once focused: results under the box as the reader types, and a link to the search
 * page with every result. Enter still opens /search/ (the form's own action). Escape closes the list.
 */
export function bindHeaderSearch(form: HTMLFormElement, input: HTMLInputElement): void {
  const panel = form.querySelector<HTMLElement>('.header-search-results');
  if (!panel) return;
  const api = loadPagefind();
  api.catch(() => undefined);
  const run = async () => {
    const term = input.value.trim();
    if (!term) {
      panel.hidden = true;
      panel.replaceChildren();
      return;
    }
    let search: Awaited<ReturnType<Awaited<typeof api>['debouncedSearch']>>;
    try {
      search = await (await api).debouncedSearch(term, { filters: {} }, 150);
    } catch {
      panel.textContent = 'The search index is missing: it is built by npm run build.';
      panel.hidden = false;
      return;
    }
    if (!search) return; // a newer search replaced this one
    const results = await Promise.all(search.results.slice(0, SHOWN).map((result) => result.data()));
    const all = `/search/?q=${encodeURIComponent(term)}`;
    const total = search.results.length;
    panel.innerHTML =
      total === 0
        ? `<p>Nothing found.</p>`
        : `<ol>${results.map(resultHtml).join('')}</ol><p><a href="${all}">All ${total} result${total === 1 ? '' : 's'}</a></p>`;
    panel.hidden = false;
  };
  input.addEventListener('input', () => void run());
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') panel.hidden = true;
  });
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) panel.hidden = true;
  });
  input.addEventListener('focus', () => {
    if (panel.childElementCount > 0 && input.value.trim()) panel.hidden = false;
  });
  if (input.value.trim()) void run();
}
