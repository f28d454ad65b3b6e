import type { ImportedFacts } from '../../register/imported-facts.ts';
import { html } from '../html.ts';
import { inlineTitle } from '../inline-title.ts';
import { pageFile, pager, paginate } from '../paginate.ts';
import type { ReadinessModel } from '../readiness-model.ts';
import { type PageFrame, sitePage } from '../site-layout.ts';
import { count } from '../site-paths.ts';

/** Rows per page of the unread and missing lists. */
export const COVERAGE_ROWS = 200;

type Frame = Omit<PageFrame, 'title' | 'description' | 'root' | 'section'>;

/** What the platform's data says about an entry to check by hand: imported, who must act, its links. */
function platformFacts(facts: ImportedFacts | undefined) {
  if (!facts) return '';
  const role = facts.resolutionRole ? html` · who must act: ${facts.resolutionRole}` : '';
  const links = facts.links.map((link) => html` · <a href="${link.href}">${link.label}</a>`);
  return html`<br><small>${facts.imported ? "imported from the platform's data" : "described by the platform's data"}${role}${links}</small>`;
}

/**
 * `coverage.html` and its further pages: what the numbers do not include. Entries to check by hand,
 * expected projects with no counted report, and files that were not counted with the reason.
 */
export function coveragePages(model: ReadinessModel, frame: Frame): { file: string; html: string }[] {
  const rows = [
    ...model.missing.map((project) => ({ kind: 'missing' as const, project })),
    ...model.unread.map((file) => ({ kind: 'unread' as const, ...file })),
  ];
  const pages = paginate(rows, () => 1, Number.POSITIVE_INFINITY, COVERAGE_ROWS);
  return pages.map((items, index) => {
    const missing = items.flatMap((row) => (row.kind === 'missing' ? [row.project] : []));
    const unread = items.flatMap((row) => (row.kind === 'unread' ? [row] : []));
    return {
      file: pageFile('coverage', index),
      html: sitePage(
        {
          ...frame,
          title: 'Coverage',
          description: 'What the readiness numbers do not include, and why.',
          root: '',
          section: 'coverage',
        },
        html`<h1>Coverage${index ? ` (page ${index + 1})` : ''}</h1>
<p class="lede">What the numbers leave out: ${count(model.byHand.length, 'entry', 'entries')} to check by hand, ${count(model.missing.length, 'expected project')} without a report, ${count(model.unread.length, 'file')} not counted.</p>
${
  index === 0
    ? html`<h2 id="by-hand">Check by hand</h2>
${
  model.byHand.length === 0
    ? html`<p>Every entry of the counted ranges has a detection rule.</p>`
    : html`<p>No rule can find these in a repository: every project whose range includes them must check by hand.</p>
<div class="table-wrap"><table><caption>Entries to check by hand</caption>
<thead><tr><th scope="col">Entry</th><th scope="col">Projects to check</th></tr></thead>
<tbody>${model.byHand.map((item) => html`<tr><td><a href="${model.siteUrl}/register/${item.id}/">${inlineTitle(item.title)}</a>${platformFacts(item.platform)}</td><td>${item.projects}</td></tr>`)}</tbody></table></div>`
}`
    : ''
}
${index === 0 || missing.length > 0 ? html`<h2 id="missing">Expected projects without a report</h2>${missing.length === 0 ? html`<p>${model.missing.length === 0 ? 'None: every expected project has a counted report (or no list of expected projects was given).' : 'On the next pages.'}</p>` : html`<ul id="missing-list">${missing.map((project) => html`<li>${project}</li>`)}</ul>`}` : ''}
${index === 0 || unread.length > 0 ? html`<h2 id="unread">Files not counted</h2>${unread.length === 0 ? html`<p>${model.unread.length === 0 ? 'None: every report file was counted.' : 'On the next pages.'}</p>` : html`<div class="table-wrap"><table id="unread-list"><caption>Report files not counted, and why</caption><thead><tr><th scope="col">File</th><th scope="col">Why</th></tr></thead><tbody>${unread.map((row) => html`<tr><td><code>${row.file}</code></td><td>${row.reason}</td></tr>`)}</tbody></table></div>`}` : ''}
${pager('coverage', pages.length, index, 'Pages of coverage')}`,
      ),
    };
  });
}
