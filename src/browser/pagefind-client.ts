import { escapeHtml, renderInline } from '../markdown/markdown.ts';
import { PATH_FILTER, queryPathKey } from '../site/path-search-keys.ts';
import { rankByWordsHeld } from './most-words-ranking.ts';
import { areaNamed, contentWords, withoutSigils } from './query-words.ts';

/** The part of Pagefind's browser API the site uses. */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string>;
  filters?: Record<string, string[]>;
}

/** One hit of a search, its data loaded on demand. */
export interface PagefindResult {
  id: string;
  /** How well the page answers the search, higher is better. */
  score?: number;
  data(): Promise<PagefindResultData>;
}

/** One search's answer: every hit, each loaded on demand. */
export interface PagefindSearch {
  results: PagefindResult[];
}

/** The site's answer to a query: Pagefind's, or, when no page holds every word, the pages holding most. */
export interface SiteSearch extends PagefindSearch {
  /**
   * Set when no page holds every word of the query: the results hold some of them, those holding more
   * first. Each result's words are in `held`, by result id.
   */
  partial?: { words: string[]; held: Map<string, string[]> };
}

/** Pagefind's module as the site uses it. */
export interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
  search(term: string, options: { filters: Record<string, string> }): Promise<PagefindSearch>;
  debouncedSearch(term: string, options: { filters: Record<string, string> }, timeout?: number): Promise<PagefindSearch | null>;
}

let pagefind: Promise<PagefindApi> | undefined;

/** Loads Pagefind's script on first use; it is not part of any page, so pages stay light. */
export function loadPagefind(): Promise<PagefindApi> {
  // A variable keeps the bundler from resolving a file that only exists after the index is built.
  const url = '/pagefind/pagefind.js';
  pagefind ??= import(/* @vite-ignore */ url).then(async (module: PagefindApi) => {
    // An exact match outranks a longer word it begins (Redis before "redirected"): the last word of a
    // query is also matched as a prefix, and by default both count nearly alike.
    await module.options({ excerptLength: 24, ranking: { termSimilarity: 4 } });
    await module.init();
    return module;
  });
  pagefind.catch(() => {
    pagefind = undefined; // a later focus tries again
  });
  return pagefind;
}

/** What kind of page a result is, from where it lives on the site. */
export function resultType(url: string): string {
  const section = new URL(url, 'https://site.invalid').pathname.split('/')[1] ?? '';
  const types: Record<string, string> = {
    register: 'Register entry',
    api: 'API endpoint',
    errors: 'Error condition',
    guides: 'Guide',
    limits: 'Limits',
    auth: 'Authentication',
    sdks: 'Error SDKs',
    flags: 'Feature flags',
    releases: 'Release',
    upgrade: 'Upgrade checklist',
    try: 'Try it',
  };
  return types[section] ?? 'Page';
}

/**
 * A query as the index reads it. A variable's `$` or `${…}` is left out, and so are quotes and backticks
 * around a pasted value, and the words every question is made of ("how do I …", see query-words.ts). Paths
 * are indexed one segment a word (`/api/ v4/ projects/ …`, see search-text.ts), so a path the reader types in
 * any spelling (`/api/v4/projects/:id/…`, `projects/{id}/…`, without the leading slash) is searched for by
 * its segments. A path parameter (`:id`, `{project_id}`) is left out: readers name it as they like, and the
 * segments around it find the page.
 */
export function searchTerm(query: string): string {
  const bare = withoutSigils(query).replace(/["`]/g, ' ');
  if (!bare.includes('/')) return contentWords(bare).join(' ');
  const segments = bare.split(/[/\s]+/).filter((segment) => segment !== '' && !/^(:\w+|\{[^}]*\})$/.test(segment));
  return contentWords(segments.join(' ')).join(' ');
}

/**
 * The pages holding most of the words of a search that found nothing with all of them (see
 * most-words-ranking.ts); null when the query has one word, since fewer words than one find nothing.
 */
async function mostWords(api: PagefindApi, term: string, filters: Record<string, string>): Promise<SiteSearch | null> {
  const words = [...new Set(term.split(' ').filter((word) => word !== ''))];
  if (words.length < 2) return null;
  const answers = await Promise.all(
    words.map(async (word) => ({ word, results: (await api.search(word, { filters })).results })),
  );
  const ranked = rankByWordsHeld(answers);
  if (ranked.length === 0) return null;
  return {
    results: ranked.map((hit) => hit.result),
    partial: { words, held: new Map(ranked.map((hit) => [hit.result.id, hit.words])) },
  };
}

/**
 * Searches the site the way its search boxes do: the query as the index reads it ({@link searchTerm}), and,
 * when it holds an endpoint's path, the pages of that endpoint first, found by the path's key whatever its
 * spelling (see path-search-keys.ts). When no page holds every word, the pages holding most of them answer,
 * marked `partial`. Resolves to null when a newer search replaced this one.
 */
export async function searchSite(
  api: PagefindApi,
  query: string,
  filters: Record<string, string>,
  debounce = 150,
): Promise<SiteSearch | null> {
  const term = searchTerm(query);
  const found = await api.debouncedSearch(term, { filters }, debounce);
  if (found && found.results.length === 0) return (await mostWords(api, term, filters)) ?? found;
  if (!found) return found;
  const key = queryPathKey(query);
  if (key !== undefined) {
    const byKey = async (value: string) => (await api.search(term, { filters: { ...filters, [PATH_FILTER]: value } })).results;
    let endpoints = await byKey(key);
    // A method that does not match (`GET` for a POST-only path) still finds the path.
    if (endpoints.length === 0 && key.includes(' ')) endpoints = await byKey(key.slice(key.indexOf(' ') + 1));
    return leading(found, endpoints);
  }
  // A query naming an area ("dependency proxy") leads with that area's pages.
  const area = filters.area ? undefined : areaNamed(term, Object.keys((await api.filters()).area ?? {}));
  if (area === undefined) return found;
  return leading(found, (await api.search(term, { filters: { ...filters, area } })).results);
}

/** The answer with the given results first, in the answer's order, then the rest. */
function leading(found: PagefindSearch, first: readonly PagefindResult[]): PagefindSearch {
  const ids = new Set(first.map((result) => result.id));
  return {
    results: [...found.results.filter((result) => ids.has(result.id)), ...found.results.filter((result) => !ids.has(result.id))],
  };
}

/** An excerpt with a path's segments joined again (`/api/ v4/` back to `/api/v4/`), marks kept. */
function joinPaths(excerpt: string): string {
  return excerpt.replace(/\/((?:<\/mark>)?) (?=(?:<mark>)?[\w{:$])/g, '/$1');
}

/**
 * Text with the words of a query marked where a word of the text starts with one (so `token` marks
 * `tokens`), escaped for HTML. Words of one character are not marked: they would light up every line.
 */
export function markWords(text: string, words: readonly string[]): string {
  const wanted = [...new Set(words.map((word) => word.toLowerCase()).filter((word) => word.length > 1))]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (wanted.length === 0) return escapeHtml(text);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${wanted.join('|')})[\\p{L}\\p{N}_]*`, 'giu');
  let html = '';
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    html += `${escapeHtml(text.slice(at, match.index))}<mark>${escapeHtml(match[0])}</mark>`;
    at = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(at));
}

/**
 * One result as list-item HTML: its title (its inline Markdown rendered), a line with badges (Breaking,
 * the release) and its type, and a quote: the page's summary where it gives one (register entries, error
 * conditions), with the query's words marked, else Pagefind's excerpt (already escaped by Pagefind, with
 * `<mark>` around the hits).
 */
export function resultHtml(result: PagefindResultData, words: readonly string[] = []): string {
  const release = result.filters?.release?.[0];
  const badges = [
    result.meta.breaking === 'yes' ? '<span class="badge badge-breaking">Breaking</span>' : '',
    release ? `<span class="badge">${escapeHtml(release)}</span>` : '',
  ].join('');
  const title = result.meta.markdown_title
    ? renderInline(result.meta.markdown_title, { links: false })
    : escapeHtml(result.meta.title ?? result.url);
  const quote = result.meta.summary ? markWords(result.meta.summary, words) : joinPaths(result.excerpt);
  return [
    `<li><a href="${escapeHtml(result.url)}">${title}</a>`,
    `<div class="result-meta">${badges}<span>${escapeHtml(resultType(result.url))}</span></div>`,
    `<p>${quote}</p></li>`,
  ].join('');
}
