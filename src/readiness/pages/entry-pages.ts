import { plainText, renderMarkdown } from '../../markdown/markdown.ts';
import { KIND_LABELS } from '../../register/entry-kind-labels.ts';
import { type OrderedRows, PLACES_PER_PROJECT } from '../entry-rows.ts';
import { type Html, html, raw } from '../html.ts';
import { inlineTitle as title } from '../inline-title.ts';
import { FIRST_ENTRY_PAGE_WEIGHT, LIST_PAGE_WEIGHT, pageWeight } from '../page-weight.ts';
import { pageFile, pager, paginate } from '../paginate.ts';
import type { EntryImpact, ReadinessModel } from '../readiness-model.ts';
import { type PageFrame, type PageParts, pageFrame, sitePage } from '../site-layout.ts';
import { amount, count, entrySlug } from '../site-paths.ts';
import { trendChart } from '../trend-chart.ts';

/** What every page's frame needs of the site. */
export type Frame = Omit<PageFrame, 'title' | 'description' | 'root' | 'section'>;

/** The entry's badges, as the main site's `EntryBadges` shows them. */
function badges(impact: EntryImpact, siteUrl: string): Html {
  const { entry } = impact;
  if (!entry) return html``;
  return html`<div class="meta">${entry.breaking ? html`<span class="badge badge-breaking">Breaking</span>` : ''}<span class="badge">${KIND_LABELS[entry.kind] ?? entry.kind}</span><a class="badge" href="${siteUrl}/releases/${entry.removed_in}/">${entry.removed_in}</a></div>`;
}

/**
 * Cuts the rows into pages: the first is the entry's document (what to do, then the first projects) and
 * keeps the content budget; the others list projects and keep the list budget. Each page as where its
 * rows start and end in the blocking rows followed by the warning rows.
 */
function pageBreaks(rows: OrderedRows): [number, number][] {
  const all = rows.blocking.length + rows.warning.length;
  const pages: [number, number][] = [];
  let start = 0;
  let weight = 0;
  for (let at = 0; at < all; at++) {
    const row = (at < rows.blocking.length ? rows.blocking[at] : rows.warning[at - rows.blocking.length]) as string;
    const rowWeight = pageWeight(row, PLACES_PER_PROJECT);
    if (weight + rowWeight > (pages.length === 0 ? FIRST_ENTRY_PAGE_WEIGHT : LIST_PAGE_WEIGHT) && at > start) {
      pages.push([start, at]);
      start = at;
      weight = 0;
    }
    weight += rowWeight;
  }
  pages.push([start, all]);
  return pages;
}

/** What one entry's pages show besides its rows. */
export interface EntryPageInput {
  impact: EntryImpact;
  target: string;
  siteUrl: string;
  frame: Frame;
  /** The days of the trend and the entry's findings on each, when there is a chart to draw. */
  trend?: { dates: string[]; values: number[] };
}

/**
 * Every page of one entry, one at a time: its migration, a link to the main site, and each project that uses
 * it (those it blocks first) with the count and first places of its findings, linked to the project's section.
 */
export function* entryPages(input: EntryPageInput, rows: OrderedRows): Generator<PageParts> {
  const { impact, siteUrl, target, trend } = input;
  const base = entrySlug(impact.id);
  const pages = pageBreaks(rows);
  const intro = html`<h1>${title(impact.title)}</h1>
${badges(impact, siteUrl)}
<p class="lede">${count(impact.projects, 'project')} ${impact.projects === 1 ? 'uses' : 'use'} it, ${amount(impact.blocking)} of them blocked by it for ${target}; ${count(impact.findings, 'finding')}.</p>
${impact.entry ? html`<p><a href="${siteUrl}/register/${impact.id}/">The entry on the main site</a></p><h2>What to do</h2>${raw(renderMarkdown(impact.entry.migration))}` : ''}
${trend ? trendChart({ id: 'entry-trend', caption: `Findings of ${impact.id}`, dates: trend.dates, values: trend.values }) : ''}`;
  const blocked = rows.blocking.length;
  // One list's rows on a page, under its heading; a list that began on an earlier page says it goes on.
  const list = (out: string[], kind: 'blocking' | 'warning', from: number, to: number) => {
    if (from >= to) return;
    const heading = `${kind === 'blocking' ? 'Blocked by it' : 'Warned'}: ${count(rows[kind].length, 'project')}${from > 0 ? ' (continued)' : ''}`;
    out.push(`<h3>${heading}</h3>\n<ul class="project-uses">\n`);
    for (let at = from; at < to; at++) out.push(rows[kind][at] as string, '\n');
    out.push('</ul>\n');
  };
  for (const [index, [start, end]] of pages.entries()) {
    const [top, bottom] = pageFrame({
      ...input.frame,
      title: index === 0 ? plainText(impact.title) : `${plainText(impact.title)}, page ${index + 1}`,
      description: `Projects that use ${impact.id}, with file and line.`,
      root: '../',
      section: 'entries',
    });
    const parts = [
      top,
      html`${index === 0 ? intro : html`<h1>${title(impact.title)} (page ${index + 1})</h1>`}
<h2>Projects</h2>
<p>Each with its count of findings and its first places (file and line); every place is in the project's section.</p>
<div id="projects">
`.value,
    ];
    list(parts, 'blocking', start, Math.min(end, blocked));
    list(parts, 'warning', Math.max(start, blocked) - blocked, end - blocked);
    parts.push('</div>\n', pager(base, pages.length, index, `Pages of ${impact.id}`).value, bottom);
    yield { file: `entries/${pageFile(base, index)}`, parts };
  }
}

/** `entries.html` (and its further pages): every entry with findings, most blocking first. */
export function entryListPages(model: ReadinessModel, frame: Frame): { file: string; html: string }[] {
  const pages = paginate(model.entries, () => 1, Number.POSITIVE_INFINITY, 200);
  return pages.map((items, index) => ({
    file: pageFile('entries', index),
    html: sitePage(
      {
        ...frame,
        title: 'Entries with findings',
        description: 'Every register entry a project still uses.',
        root: '',
        section: 'entries',
      },
      html`<h1>Entries with findings</h1>
<p class="lede">${count(model.entries.length, 'entry', 'entries')} of the register are used by at least one counted project.</p>
<div class="table-wrap"><table>
<caption>Entries by projects blocked</caption>
<thead><tr><th scope="col">Entry</th><th scope="col">Projects blocked</th><th scope="col">Projects affected</th><th scope="col">Findings</th></tr></thead>
<tbody>${items.map(
        (impact) =>
          html`<tr><td><a href="entries/${entrySlug(impact.id)}.html">${title(impact.title)}</a></td><td>${impact.blocking}</td><td>${impact.projects}</td><td>${impact.findings}</td></tr>`,
      )}</tbody>
</table></div>
${pager('entries', pages.length, index, 'Pages of entries')}`,
    ),
  }));
}
