import type { SiteSearch } from './pagefind-client.ts';

/**
 * What the search boxes say about an answer, in one place so the search page and the header's list say the
 * same: how many results, whether they hold every word, and where to look when nothing is found.
 */

/**
 * The status line for an answer, without its closing full stop (the caller may add how many are shown):
 * the count, said as partial when no page holds every word.
 */
export function answerStatus(search: SiteSearch, term: string, scope = ''): string {
  const total = search.results.length;
  const results = `${total} result${total === 1 ? '' : 's'}`;
  if (total === 0) return `Nothing found for “${term}”${scope}`;
  if (search.partial) return `No page has every word of “${term}”${scope}; ${results} with some of them, most words first`;
  return `${results} for “${term}”${scope}`;
}

/**
 * What a reader can do when nothing is found, as HTML: fewer or other words, the register's filters, and the
 * release pages, so an empty answer is never a dead end. (No word of the query alone finds a page, or the
 * pages holding some would have answered, so no single word is offered as a link.)
 */
export function nothingFoundHtml(): string {
  return [
    '<p class="search-hint">Try fewer or other words: a product name, or an identifier as a CI file or the API writes it.',
    ' Or browse <a href="/register/">the register by area, release and kind</a>,',
    ' or <a href="/releases/">the changes release by release</a>.</p>',
  ].join('');
}
