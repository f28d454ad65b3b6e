import { type Html, html } from '../html.ts';
import { inlineTitle } from '../inline-title.ts';
import { pageFile, pager, paginate } from '../paginate.ts';
import type { ProjectStatus, ReadinessModel } from '../readiness-model.ts';
import type { ReportFinding } from '../report-schema.ts';
import { type PageFrame, sitePage } from '../site-layout.ts';
import { count, entryHref } from '../site-paths.ts';

/** Findings per project page, so a page keeps the content budget. */
export const FINDINGS_PER_PROJECT_PAGE = 150;
/** Projects per page of the project list. */
export const PROJECTS_PER_LIST_PAGE = 150;

type Frame = Omit<PageFrame, 'title' | 'description' | 'root' | 'section'>;

function statusBadge(status: ProjectStatus): Html {
  return status.ready ? html`<span class="badge">Ready</span>` : html`<span class="badge badge-breaking">Not ready</span>`;
}

/** Findings of one page, grouped by entry again (a group may continue from the page before). */
function groups(titles: ReadonlyMap<string, string>, items: readonly { id: string; finding: ReportFinding }[]): Html {
  const out: Html[] = [];
  let at = 0;
  while (at < items.length) {
    const id = (items[at] as { id: string }).id;
    const group: ReportFinding[] = [];
    while (at < items.length && (items[at] as { id: string }).id === id)
      group.push((items[at++] as { finding: ReportFinding }).finding);
    const title = titles.get(id) ?? id;
    const errors = group.some((finding) => finding.severity === 'error');
    out.push(html`<section class="finding-group" data-entry="${id}"><h3><a href="${entryHref('../', id)}">${inlineTitle(title)}</a></h3>
<div class="meta">${errors ? html`<span class="badge badge-breaking">Error</span>` : html`<span class="badge">Warning</span>`}<span><code>${id}</code></span></div>
<ul class="places">${group.map((finding) => html`<li><code>${finding.file}:${finding.line}:${finding.column}</code> ${finding.match ? html`<code>${finding.match}</code>` : ''}</li>`)}</ul></section>`);
  }
  return html`${out}`;
}

/** Findings by rule id, the rules with most errors first (then by id), each in report order. */
export function byEntry(findings: readonly ReportFinding[]): { id: string; findings: ReportFinding[] }[] {
  const groups = new Map<string, ReportFinding[]>();
  for (const finding of findings) {
    const group = groups.get(finding.ruleId);
    if (group) group.push(finding);
    else groups.set(finding.ruleId, [finding]);
  }
  const errorsIn = (list: readonly ReportFinding[]) =>
    list.reduce((sum, finding) => sum + (finding.severity === 'error' ? 1 : 0), 0);
  return [...groups]
    .map(([id, list]) => ({ id, findings: list, errors: errorsIn(list) }))
    .sort((a, b) => b.errors - a.errors || a.id.localeCompare(b.id));
}

/**
 * Every page of one project: its findings (those of its newest report, read back from the spool) grouped
 * by entry, what was left out, when it was scanned.
 */
export function projectPages(
  model: ReadinessModel,
  status: ProjectStatus,
  findings: readonly ReportFinding[],
  frame: Frame,
  titles: ReadonlyMap<string, string>,
): { file: string; html: string }[] {
  const { report } = status;
  const flat = byEntry(findings).flatMap(({ id, findings: group }) => group.map((finding) => ({ id, finding })));
  const pages = paginate(flat, () => 1, Number.POSITIVE_INFINITY, FINDINGS_PER_PROJECT_PAGE);
  const range = `${report.range.from} to ${report.range.to}${report.range.offering ? ` (${report.range.offering})` : ''}`;
  const intro = html`<h1>${status.project}</h1>
<div class="meta">${statusBadge(status)}</div>
<dl class="facts">
<dt>Scanned</dt><dd>${report.time}</dd>
<dt>Commit</dt><dd>${report.commit ? html`<code>${report.commit}</code>` : 'not recorded'}</dd>
<dt>Range</dt><dd>${range}</dd>
<dt>Findings</dt><dd data-total="findings">${report.findings}</dd>
<dt>Errors</dt><dd data-total="errors">${status.errors}</dd>
<dt>Warnings</dt><dd data-total="warnings">${status.warnings}</dd>
<dt>Suppressed</dt><dd>${report.summary.suppressed} (by <code>sunset-ignore</code> comments; not counted)</dd>
<dt>Baselined</dt><dd>${report.summary.baselined} (in the project's baseline; not counted)</dd>
<dt>Files scanned</dt><dd>${report.summary.scanned}</dd>
<dt>Sunset</dt><dd>${report.tool.version}, register <code>${report.register?.version ?? ''}</code></dd>
<dt>Report</dt><dd><code>${report.file}</code></dd>
</dl>
${
  status.history.length > 1
    ? html`<h2>Earlier reports</h2><div class="table-wrap"><table><caption>Reports of ${status.project}, oldest first</caption>
<thead><tr><th scope="col">Scanned</th><th scope="col">Errors</th><th scope="col">Warnings</th></tr></thead>
<tbody>${status.history.map((past) => html`<tr><td>${past.time}</td><td>${past.errors}</td><td>${past.findings - past.errors}</td></tr>`)}</tbody></table></div>`
    : ''
}
${
  status.byHand.length > 0
    ? // A count and a link, not the list: the list is the same for every project of a range, and repeated on
      // each of an instance's project pages it would be most of the site's bytes.
      html`<h2>Check by hand</h2>
<p id="by-hand">${count(status.byHand.length, 'entry', 'entries')} of this range that no rule can find: <a href="../coverage.html#by-hand">the list to check by hand</a>.</p>`
    : ''
}`;
  return pages.map((items, index) => ({
    file: `projects/${pageFile(status.slug, index)}`,
    html: sitePage(
      {
        ...frame,
        title: index === 0 ? status.project : `${status.project}, page ${index + 1}`,
        description: `What ${status.project} must change before ${model.target}.`,
        root: '../',
        section: 'projects',
      },
      html`${index === 0 ? intro : html`<h1>${status.project} (page ${index + 1})</h1>`}
<h2>Findings by entry</h2>
${items.length === 0 ? html`<p>No findings.</p>` : groups(titles, items)}
${pager(status.slug, pages.length, index, `Pages of ${status.project}`)}`,
    ),
  }));
}

/** `projects/index.html` and further pages: every counted project, not ready first. */
export function projectListPages(model: ReadinessModel, frame: Frame): { file: string; html: string }[] {
  const sorted = [...model.projects].sort((a, b) => Number(a.ready) - Number(b.ready) || a.project.localeCompare(b.project));
  const pages = paginate(sorted, () => 1, Number.POSITIVE_INFINITY, PROJECTS_PER_LIST_PAGE);
  return pages.map((items, index) => ({
    file: `projects/${pageFile('index', index)}`,
    html: sitePage(
      {
        ...frame,
        title: 'Projects',
        description: `Every counted project and whether it is ready for ${model.target}.`,
        root: '../',
        section: 'projects',
      },
      html`<h1>Projects${index ? ` (page ${index + 1})` : ''}</h1>
<p class="lede">${count(model.totals.projects, 'project')}, not ready first.</p>
<div class="table-wrap"><table>
<caption>Projects and their newest report</caption>
<thead><tr><th scope="col">Project</th><th scope="col">Status</th><th scope="col">Errors</th><th scope="col">Warnings</th><th scope="col">Scanned</th></tr></thead>
<tbody>${items.map(
        (status) =>
          html`<tr><td><a href="${pageFile(status.slug, 0)}">${status.project}</a></td><td>${status.ready ? 'Ready' : 'Not ready'}</td><td>${status.errors}</td><td>${status.warnings}</td><td>${status.report.time.slice(0, 10)}</td></tr>`,
      )}</tbody>
</table></div>
${pager('index', pages.length, index, 'Pages of projects')}`,
    ),
  }));
}
