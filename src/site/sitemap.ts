import { escapeHtml } from '../markdown/markdown.ts';

/**
 * Whether a built path is an HTML page. With `build.format: 'directory'` Astro reports pages as `''` or
 * `dir/` and file routes (`feed.xml`, `releases/17.0.json`) without the slash; a release number such as
 * `17.0` is not an extension.
 */
export function isHtmlPage(pathname: string): boolean {
  return pathname === '' || pathname === '/' || pathname.endsWith('/') || pathname.endsWith('.html');
}

/** The sitemap XML for page paths (`/register/`, `register/x/`), absolute against the site URL, sorted. */
export function buildSitemap(siteUrl: string, pathnames: Iterable<string>): string {
  const base = siteUrl.replace(/\/+$/, '');
  const urls = [...new Set([...pathnames].filter(isHtmlPage).map((pathname) => `/${pathname.replace(/^\/+/, '')}`))]
    .filter((pathname) => pathname !== '/404/' && pathname !== '/404')
    .sort();
  const body = urls.map((pathname) => `  <url><loc>${escapeHtml(base + pathname)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
