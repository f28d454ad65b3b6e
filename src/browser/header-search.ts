import { loadPagefind, resultHtml, type SiteSearch, searchSite, searchTerm } from './pagefind-client.ts';
import { answerStatus, nothingFoundHtml } from './search-messages.ts';

/** Results the header's drop-down shows; the full list is one link away on /search/. */
const SHOWN = 6;

/**
 * The header search box once focused: results under the box as the reader types, and a link to the search
 * page with every result. Enter still opens /search/ (the form's own action). Down and Up move through the
 * results and back to the box; Escape closes the list from the box or from any result, and returns to the
 * box. A short status ("26 results, 6 shown") is announced, never the list itself.
 */
export function bindHeaderSearch(form: HTMLFormElement, input: HTMLInputElement): void {
  const panel = form.querySelector<HTMLElement>('.header-search-results');
  const status = form.querySelector<HTMLElement>('[data-header-search-status]');
  if (!panel) return;
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  const api = loadPagefind();
  api.catch(() => undefined);
  const close = () => {
    panel.hidden = true;
  };
  const run = async () => {
    const term = input.value.trim();
    if (!term) {
      close();
      panel.replaceChildren();
      say('');
      return;
    }
    let search: SiteSearch | null;
    try {
      search = await searchSite(await api, term, {});
    } catch {
      panel.textContent = 'The search index is missing: it is built by npm run build.';
      panel.hidden = false;
      return;
    }
    if (!search) return; // a newer search replaced this one
    const results = await Promise.all(search.results.slice(0, SHOWN).map((result) => result.data()));
    if (input.value.trim() !== term) return; // typed on while the results loaded
    const all = `/search/?q=${encodeURIComponent(term)}`;
    const total = search.results.length;
    const words = searchTerm(term).split(' ');
    // A partial answer says so above its list, as the search page's status does.
    const partial = search.partial ? `<p>No page has every word; these have some of them, most words first.</p>` : '';
    panel.innerHTML =
      total === 0
        ? `<p>Nothing found.</p>${nothingFoundHtml()}`
        : `${partial}<ol>${results.map((result) => resultHtml(result, words)).join('')}</ol><p><a href="${all}">All ${total} result${total === 1 ? '' : 's'}</a></p>`;
    panel.hidden = false;
    say(
      total === 0
        ? `${answerStatus(search, term)}.`
        : `${answerStatus(search, term)}${total > SHOWN ? `, ${SHOWN} shown` : ''}. Down arrow to go through them.`,
    );
  };
  const links = () => [...panel.querySelectorAll<HTMLAnchorElement>('a')];
  input.addEventListener('input', () => void run());
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      if (panel.hidden) return;
      event.preventDefault();
      // Back to the box first: focusing it shows the list again, and Escape must leave it closed.
      input.focus();
      close();
      return;
    }
    if ((event.key !== 'ArrowDown' && event.key !== 'ArrowUp') || panel.hidden) return;
    const targets = links();
    if (targets.length === 0) return;
    event.preventDefault();
    const at = targets.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? at + 1 : at < 0 ? targets.length - 1 : at - 1;
    if (next < 0 || next >= targets.length) input.focus();
    else targets[next]?.focus();
  });
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) close();
  });
  input.addEventListener('focus', () => {
    if (panel.childElementCount > 0 && input.value.trim()) panel.hidden = false;
  });
  if (input.value.trim()) void run();
}
