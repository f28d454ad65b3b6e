import { type Html, html } from './html.ts';

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

/**
 * A whole page, with the main site's structure and class names (skip link, `site-header` with `brand`
 * and main navigation, `main#main`, `site-footer`) and its stylesheet, so both sites look alike. Links
 * are relative and pages end in `.html`, so the site reads from a folder as well as from a server.
 */
export function sitePage(frame: PageFrame, content: Html): string {
  const { root } = frame;
  const nav: [Section, string, string][] = [
    ['overview', 'index.html', 'Overview'],
    ['entries', 'entries.html', 'Entries'],
    ['projects', 'projects/index.html', 'Projects'],
    ...(frame.trends ? ([['trends', 'trends.html', 'Trends']] as [Section, string, string][]) : []),
    ['coverage', 'coverage.html', 'Coverage'],
  ];
  return html`<!doctype html>
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
${content}
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
}
