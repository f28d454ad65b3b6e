import { escapeHtml, renderInline } from '../markdown/markdown.ts';
import { PATH_FILTER, queryPathKey } from '../site/path-search-keys.ts';

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
  data(): Promise<PagefindResultData>;
}

/** One search's answer: every hit, each loaded on demand. */
export interface PagefindSearch {
  results: PagefindResult[];
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
    await module.options({ excerptLength: 24 });
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
 * A query as the index reads it. Paths are indexed one segment a word (`/api/ v4/ projects/ …`, see
 * search-text.ts), so a path the reader types in any spelling (`/api/v4/projects/:id/…`, `projects/{id}/…`,
 * without the leading slash) is searched for by its segments. A path parameter (`:id`, `{project_id}`) is
 * left out: readers name it as they like, and the segments around it find the page.
 */
export function searchTerm(query: string): string {
  if (!query.includes('/')) return query.trim();
  return query
    .split(/[/\s]+/)
    .filter((segment) => segment !== '' && !/^(:\w+|\{[^}]*\})$/.test(segment))
    .join(' ');
}

/**
 * Searches the site the way its search boxes do: the query as the index reads it ({@link searchTerm}), and,
 * when it holds an endpoint's path, the pages of that endpoint first, found by the path's key whatever its
 * spelling (see path-search-keys.ts). Resolves to null when a newer search replaced this one.
 */
export async function searchSite(
  api: PagefindApi,
  query: string,
  filters: Record<string, string>,
  debounce = 150,
): Promise<PagefindSearch | null> {
  const found = await api.debouncedSearch(searchTerm(query), { filters }, debounce);
  const key = queryPathKey(query);
  if (!found || key === undefined) return found;
  const byKey = async (value: string) =>
    (await api.search(searchTerm(query), { filters: { ...filters, [PATH_FILTER]: value } })).results;
  let endpoints = await byKey(key);
  // A method that does not match (`GET` for a POST-only path) still finds the path.
  if (endpoints.length === 0 && key.includes(' ')) endpoints = await byKey(key.slice(key.indexOf(' ') + 1));
  const first = new Set(endpoints.map((result) => result.id));
  return {
    results: [
      ...found.results.filter((result) => first.has(result.id)),
      ...found.results.filter((result) => !first.has(result.id)),
    ],
  };
}

/** An excerpt with a path's segments joined again (`/api/ v4/` back to `/api/v4/`), marks kept. */
function joinPaths(excerpt: string): string {
  return excerpt.replace(/\/((?:<\/mark>)?) (?=(?:<mark>)?[\w{:$])/g, '/$1');
}

/**
 * One result as list-item HTML: its title (its inline Markdown rendered), a line with badges (Breaking,
 * the release) and its type, and Pagefind's excerpt (already escaped by Pagefind, with `<mark>` around the
 * hits).
 */
export function resultHtml(result: PagefindResultData): string {
  const release = result.filters?.release?.[0];
  const badges = [
    result.meta.breaking === 'yes' ? '<span class="badge badge-breaking">Breaking</span>' : '',
    release ? `<span class="badge">${escapeHtml(release)}</span>` : '',
  ].join('');
  const title = result.meta.markdown_title
    ? renderInline(result.meta.markdown_title, { links: false })
    : escapeHtml(result.meta.title ?? result.url);
  return [
    `<li><a href="${escapeHtml(result.url)}">${title}</a>`,
    `<div class="result-meta">${badges}<span>${escapeHtml(resultType(result.url))}</span></div>`,
    `<p>${joinPaths(result.excerpt)}</p></li>`,
  ].join('');
}
