/** The part of Pagefind's browser API the site uses. */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string>;
  filters?: Record<string, string[]>;
}

/** One search's answer: every hit, each loaded on demand. */
export interface PagefindSearch {
  results: { data(): Promise<PagefindResultData> }[];
}

/** Pagefind's module as the site uses it. */
export interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
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
    try: 'Try it',
  };
  return types[section] ?? 'Page';
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * One result as list-item HTML: its title, a line with its type and release (where the page has one), and
 * Pagefind's excerpt (already escaped by Pagefind, with `<mark>` around the hits).
 */
export function resultHtml(result: PagefindResultData): string {
  const release = result.filters?.release?.[0];
  const meta = [resultType(result.url), release ? `release ${release}` : undefined].filter(Boolean).join(' · ');
  return [
    `<li><a href="${escapeText(result.url)}">${escapeText(result.meta.title ?? result.url)}</a>`,
    `<div class="result-meta">${escapeText(meta)}</div>`,
    `<p>${result.excerpt}</p></li>`,
  ].join('');
}
