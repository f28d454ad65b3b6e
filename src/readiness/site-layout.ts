import { type Html, html, raw } from './html.ts';

/** The sections of the readiness site, for its navigation. */
export type Section = 'overview' | 'entries' | 'projects' | 'trends' | 'coverage';

/** What every page of the readiness site needs around its content. */
export interface PageFrame {
  title: string;
  /** One sentence for the description meta tag. */
  description: string;
  /** The path back to the site's root from this page: `''` or `'../'`. */
  root: string;
  section: Section;
  /** Whether a trends page exists. */
  trends: boolean;
  /** The main site, where entries are explained. */
  siteUrl: string;
}

/** A page as parts written one after another: large pages are never joined into one string. */
export interface PageParts {
  file: string;
  parts: readonly string[];
}

/** Marks where a page's content goes between its top and its bottom. */
const CONTENT = '\u0000content\u0000';

/**
 * A whole page, with the main site's structure and class names (skip link, `site-header` with `brand`
 * and main navigation, `main#main`, `site-footer`) and its stylesheet, so both sites look alike. Links
 * are relative and pages end in `.html`, so the site reads from a folder as well as from a server.
 */
export function sitePage(frame: PageFrame, content: Html): string {
  const [top, bottom] = pageFrame(frame);
  return `${top}${content.value}${bottom}`;
}

/** What comes before and after the content of a page (see {@link sitePage}). */
export function pageFrame(frame: PageFrame): [top: string, bottom: string] {
  const { root } = frame;
  const nav: [Section, string, string][] = [
    ['overview', 'index.html', 'Overview'],
    ['entries', 'entries.html', 'Entries'],
    ['projects', 'projects/index.html', 'Projects'],
    ...(frame.trends ? ([['trends', 'trends.html', 'Trends']] as [Section, string, string][]) : []),
    ['coverage', 'coverage.html', 'Coverage'],
  ];
  const page = html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${frame.title} · Sunset readiness</title>
    <meta name="description" content="${frame.description}" />
    <meta name="color-scheme" content="light dark" />
    <link rel="stylesheet" href="${root}site.css" />
    <link rel="stylesheet" href="${root}header.css" />
    <link rel="stylesheet" href="${root}readiness.css" />
  </head>
  <body>
    <a class="skip" href="#main">Skip to content</a>
    <header class="site-header">
      <a class="brand" href="${root}index.html">Sunset readiness</a>
      <div class="site-menu" id="site-menu">
        <nav aria-label="Main">
          <ul>
            ${nav.map(
              ([section, href, label]) =>
                html`<li><a href="${root}${href}"${section === frame.section ? html` aria-current="page"` : ''}>${label}</a></li>`,
            )}
          </ul>
        </nav>
      </div>
    </header>
    <main id="main">
${raw(CONTENT)}
    </main>
    <footer class="site-footer">
      <nav aria-label="Data and more">
        <ul>
          <li><a href="${root}readiness.json">readiness.json</a></li>
          <li><a href="${root}findings.csv">findings.csv</a></li>
          <li><a href="${frame.siteUrl}/register/">The register</a></li>
        </ul>
      </nav>
    </footer>
  </body>
</html>
`.value;
  // The last one: a title or description before it may hold any text.
  const at = page.lastIndexOf(CONTENT);
  return [page.slice(0, at), page.slice(at + CONTENT.length)];
}
