import { html } from '../html.ts';
import { inlineTitle as title } from '../inline-title.ts';
import type { ReadinessModel } from '../readiness-model.ts';
import { type PageFrame, sitePage } from '../site-layout.ts';
import { entryHref } from '../site-paths.ts';
import { drawable } from '../trend.ts';
import { trendChart } from '../trend-chart.ts';

/** Entries and days the per-entry table shows; the full series are in readiness.json and on entry pages. */
export const TREND_TABLE = { entries: 30, days: 12 };

/** `trends.html`: findings and ready projects over the days reports were taken, overall and per entry. */
export function trendsPage(
  model: ReadinessModel,
  frame: Omit<PageFrame, 'title' | 'description' | 'root' | 'section'>,
): string | undefined {
  const { trend } = model;
  if (!drawable(trend)) return undefined;
  const dates = trend.points.map((point) => point.date);
  const shownDays = dates.slice(-TREND_TABLE.days);
  const offset = dates.length - shownDays.length;
  const entries = model.entries.slice(0, TREND_TABLE.entries).filter((impact) => trend.byEntry.has(impact.id));
  return sitePage(
    { ...frame, title: 'Trends', description: 'Findings and ready projects over time.', root: '', section: 'trends' },
    html`<h1>Trends</h1>
<p class="lede">Each day counts every project by its newest report on or before that day.</p>
<h2>Findings overall</h2>
${trendChart({ id: 'findings-trend', caption: 'Findings across all projects', dates, values: trend.points.map((point) => point.findings) })}
<h2>Ready projects</h2>
${trendChart({ id: 'ready-trend', caption: 'Ready projects', dates, values: trend.points.map((point) => point.ready) })}
<h2>Findings per entry</h2>
<div class="table-wrap"><table id="entry-trends"><caption>Findings per entry, the last ${shownDays.length} days</caption>
<thead><tr><th scope="col">Entry</th>${shownDays.map((date) => html`<th scope="col">${date}</th>`)}</tr></thead>
<tbody>${entries.map((impact) => {
      const series = trend.byEntry.get(impact.id) ?? [];
      return html`<tr><th scope="row"><a href="${entryHref('', impact.id)}">${title(impact.title)}</a></th>${shownDays.map((_, at) => html`<td>${series[offset + at] ?? 0}</td>`)}</tr>`;
    })}</tbody></table></div>`,
  );
}
