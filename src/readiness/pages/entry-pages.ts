import { KIND_LABELS } from '../../register/entry-kind-labels.ts';
import { plainText, renderMarkdown } from '../../site/markdown.ts';
import type { EntryRows } from '../entry-rows.ts';
import { type Html, html, raw } from '../html.ts';
import { inlineTitle as title } from '../inline-title.ts';
import { pageFile, pager, paginate } from '../paginate.ts';
import type { EntryImpact, ProjectStatus, ReadinessModel } from '../readiness-model.ts';
import { type PageFrame, sitePage } from '../site-layout.ts';
import { count, entrySlug, projectHref } from '../site-paths.ts';
import { drawable } from '../trend.ts';
import { trendChart } from '../trend-chart.ts';

/** Projects per entry page, and places per page, so a page keeps the content budget. */
export const ENTRY_PAGE = { projects: 100, places: 500 };

type Frame = Omit<PageFrame, 'title' | 'description' | 'root' | 'section'>;

/** The entry's badges, as the main site's `EntryBadges` shows them. */
function badges(impact: EntryImpact, siteUrl: string): Html {
  const { entry } = impact;
  if (!entry) return html``;
  return html`<div class="meta">${entry.breaking ? html`<span class="badge badge-breaking">Breaking</span>` : ''}<span class="badge">${KIND_LABELS[entry.kind] ?? entry.kind}</span><a class="badge" href="${siteUrl}/releases/${entry.removed_in}/">${entry.removed_in}</a></div>`;
}

/** Every page of one entry: its migration, a link to the main site, and each affected project's places. */
export function entryPages(
  model: ReadinessModel,
  impact: EntryImpact,
  rows: EntryRows,
  frame: Frame,
): { file: string; html: string }[] {
  const base = entrySlug(impact.id);
  const pages = paginate(rows.ordered(), (row) => row.places.length + 2, ENTRY_PAGE.places, ENTRY_PAGE.projects);
  const series = model.trend?.byEntry.get(impact.id);
  const intro = html`<h1>${title(impact.title)}</h1>
${badges(impact, model.siteUrl)}
<p class="lede">${count(impact.projects, 'project')} ${impact.projects === 1 ? 'uses' : 'use'} it, ${impact.blocking} of them blocked by it for ${model.target}; ${count(impact.findings, 'finding')}.</p>
${impact.entry ? html`<p><a href="${model.siteUrl}/register/${impact.id}/">The entry on the main site</a></p><h2>What to do</h2>${raw(renderMarkdown(impact.entry.migration))}` : ''}
${series && drawable(model.trend) ? trendChart({ id: 'entry-trend', caption: `Findings of ${impact.id}`, dates: model.trend.points.map((point) => point.date), values: series }) : ''}`;
  return pages.map((items, index) => {
    const list = html`<ul class="entry-list" id="projects">${items.map((item) => {
      const status = model.projects[item.project] as ProjectStatus;
      return html`<li class="entry-row" data-project="${status.project}"><a href="${projectHref('../', status.slug)}">${status.project}</a>
<div class="meta">${item.blocking ? html`<span class="badge badge-breaking">Blocks</span>` : html`<span class="badge">Warning</span>`}</div>
<p class="places">${item.places.map((place, at) => html`${at ? ', ' : ''}<code>${place}</code>`)}${item.more > 0 ? html` and ${item.more} more on <a href="${projectHref('../', status.slug)}">the project's page</a>` : ''}</p></li>`;
    })}</ul>`;
    const content = html`${index === 0 ? intro : html`<h1>${title(impact.title)} (page ${index + 1})</h1>`}
<h2>Projects</h2>
${list}
${pager(base, pages.length, index, `Pages of ${impact.id}`)}`;
    return {
      file: `entries/${pageFile(base, index)}`,
      html: sitePage(
        {
          ...frame,
          title: index === 0 ? plainText(impact.title) : `${plainText(impact.title)}, page ${index + 1}`,
          description: `Projects that use ${impact.id}, with file and line.`,
          root: '../',
          section: 'entries',
        },
        content,
      ),
    };
  });
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
