import { escapeHtml } from '../markdown/markdown.ts';
import { endpointPathKeys, PATH_FILTER } from './path-search-keys.ts';

/**
 * Block-level tags whose end separates words. The template compiler writes `<dt>Result</dt><dd>HTTP 410`
 * with nothing between the two, and a text extractor such as Pagefind's then reads "ResultHTTP 410".
 */
const BLOCK_END =
  /<\/(address|blockquote|caption|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|li|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)>(?=<)/gi;

/** The page with a space after every block end that a tag follows directly, so extracted text keeps its words apart. */
export function spaceBlocks(html: string): string {
  return html.replace(BLOCK_END, '$& ');
}

/**
 * The page with each path segment a word of its own for the index: a path is written with `<wbr>` after each
 * `/` (see `breakableIdentifier`), which the index would drop, reading `/api/v4/projects/{id}/…` as one word
 * that no spelling of the path but the exact one finds. A space there lets `projects/:id/…`,
 * `/api/v4/projects/{id}/…` and the path without its leading slash all find it (the search box splits a
 * query at `/` alike). Only the indexed copy changes; the page keeps its `<wbr>`.
 */
export function splitPathSegments(html: string): string {
  return html.replace(/\/<wbr>/g, '/ ');
}

/**
 * The page with its endpoint's path keys as search filters (see path-search-keys.ts), read from the
 * `data-search-path="METHOD /path"` an endpoint page marks its path with. They are added to the indexed copy
 * only, so the page a reader downloads does not carry them.
 */
export function endpointPathFilters(html: string): string {
  return html.replace(/<[^>]*\sdata-search-path="([A-Z]+) ([^"]+)"[^>]*>/, (tag, method: string, path: string) => {
    const filters = endpointPathKeys(method, path.replace(/&amp;/g, '&'))
      .map((key) => `<span data-pagefind-filter="${PATH_FILTER}:${escapeHtml(key)}"></span>`)
      .join('');
    return `${filters}${tag}`;
  });
}

/** The page as the search index reads it: blocks spaced apart, path segments split, path keys filed. */
export function indexedText(html: string): string {
  return endpointPathFilters(splitPathSegments(spaceBlocks(html)));
}
