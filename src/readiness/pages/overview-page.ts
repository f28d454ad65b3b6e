import { html } from '../html.ts';
import { inlineTitle as title } from '../inline-title.ts';
import type { ProjectStatus, ReadinessModel } from '../readiness-model.ts';
import { type PageFrame, sitePage } from '../site-layout.ts';
import { count, entryHref, projectHref } from '../site-paths.ts';
import { drawable } from '../trend.ts';

/** How many entries and projects the overview names before linking to the full lists. */
export const OVERVIEW_TOP = 20;

/**
 * The `top` projects that are not ready, most errors first (then in name order): picked in one pass, as
 * sorting every project of an instance for twenty would cost more than the rest of the page.
 */
function mostErrors(projects: readonly ProjectStatus[], top: number): ProjectStatus[] {
  const picked: ProjectStatus[] = [];
  // The model's projects are in name order, so among equal counts the first met stays first.
  for (const status of projects) {
    if (status.ready) continue;
    if (picked.length === top && status.errors <= (picked[top - 1] as ProjectStatus).errors) continue;
    let at = picked.length;
    while (at > 0 && (picked[at - 1] as ProjectStatus).errors < status.errors) at--;
    picked.splice(at, 0, status);
    if (picked.length > top) picked.pop();
  }
  return picked;
}

/** `index.html`: ready or not, findings by severity, the entries that block the most projects. */
export function overviewPage(
  model: ReadinessModel,
  frame: Omit<PageFrame, 'title' | 'description' | 'root' | 'section'>,
): string {
  const { totals } = model;
  const blocking = model.entries.filter((impact) => impact.blocking > 0).slice(0, OVERVIEW_TOP);
  const notReady = mostErrors(model.projects, OVERVIEW_TOP);
  const content = html`<h1>Ready for ${model.target}?</h1>
<p class="lede">${totals.ready.toLocaleString('en')} of ${count(totals.projects, 'project')} can move to ${model.target}; ${totals.notReady.toLocaleString('en')} still use what it removes. Counted from each project's newest <code>sunset check</code> report.</p>
<dl class="facts" id="totals">
<dt>Target release</dt><dd>${model.target}</dd>
<dt>Projects counted</dt><dd data-total="projects">${totals.projects}</dd>
<dt>Ready</dt><dd data-total="ready">${totals.ready}</dd>
<dt>Not ready</dt><dd data-total="not-ready">${totals.notReady}</dd>
<dt>Findings</dt><dd><span data-total="findings">${totals.findings}</span>: <span data-total="errors">${totals.errors}</span> errors (removed by ${model.target}), <span data-total="warnings">${totals.warnings}</span> warnings (deprecated or announced)</dd>
<dt>Check by hand</dt><dd><a href="coverage.html#by-hand">${count(model.byHand.length, 'entry', 'entries')}</a> that no rule can find</dd>
<dt>Without a report</dt><dd><a href="coverage.html#missing" data-total="missing">${count(model.missing.length, 'expected project')}</a></dd>
<dt>Not counted</dt><dd><a href="coverage.html#unread" data-total="unread">${count(model.unread.length, 'report file')}</a></dd>
<dt>Register</dt><dd><code>${model.registerVersion}</code></dd>
<dt>Generated</dt><dd>${model.generatedAt}</dd>
</dl>
<h2>Entries that block the most projects</h2>
${
  blocking.length === 0
    ? html`<p>No entry blocks a project: no counted report has a finding at error level.</p>`
    : html`<div class="table-wrap"><table id="blocking">
<caption>Entries by projects blocked, most first</caption>
<thead><tr><th scope="col">Entry</th><th scope="col">Projects blocked</th><th scope="col">Projects affected</th><th scope="col">Findings</th></tr></thead>
<tbody>${blocking.map(
        (impact) =>
          html`<tr><td><a href="${entryHref('', impact.id)}">${title(impact.title)}</a></td><td>${impact.blocking}</td><td>${impact.projects}</td><td>${impact.findings}</td></tr>`,
      )}</tbody>
</table></div>`
}
<p><a href="entries.html">All ${count(model.entries.length, 'entry', 'entries')} with findings</a></p>
<h2>Projects not ready</h2>
${
  notReady.length === 0
    ? html`<p>Every counted project is ready.</p>`
    : html`<ul class="entry-list">${notReady.map(
        (status) =>
          html`<li class="entry-row"><a href="${projectHref('', status)}">${status.project}</a><div class="meta"><span class="badge badge-breaking">${count(status.errors, 'error')}</span><span>${count(status.warnings, 'warning')}</span></div></li>`,
      )}</ul>`
}
<p>The same numbers for other tools: <a href="readiness.json">readiness.json</a> (the reference's own shape, described in the README) and every finding in <a href="findings.csv">findings.csv</a>.</p>
<p><a href="projects/index.html">All ${count(totals.projects, 'project')}</a>${drawable(model.trend) ? html` · <a href="trends.html">Trends over ${model.trend.points.length} days</a>` : ''}</p>`;
  return sitePage(
    {
      ...frame,
      title: `Ready for ${model.target}?`,
      description: `Which projects can move to ${model.target}, and what blocks the others.`,
      root: '',
      section: 'overview',
    },
    content,
  );
}
