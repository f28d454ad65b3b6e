import { type Html, html, raw } from './html.ts';

const WIDTH = 600;
const HEIGHT = 200;
const PAD = 32;

/**
 * A line chart of a series over dates, as inline SVG (no script), followed by the same numbers as a
 * table: the picture for the eye, the table for screen readers and for copying.
 */
export function trendChart(options: { id: string; caption: string; dates: readonly string[]; values: readonly number[] }): Html {
  const { dates, values } = options;
  const max = Math.max(1, ...values);
  const step = dates.length > 1 ? (WIDTH - 2 * PAD) / (dates.length - 1) : 0;
  const points = values
    .map((value, index) => `${(PAD + index * step).toFixed(1)},${(HEIGHT - PAD - (value / max) * (HEIGHT - 2 * PAD)).toFixed(1)}`)
    .join(' ');
  const first = dates[0] ?? '';
  const last = dates[dates.length - 1] ?? '';
  const svg = html`<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${options.id}-title">
<title id="${options.id}-title">${options.caption}: from ${values[0] ?? 0} on ${first} to ${values[values.length - 1] ?? 0} on ${last}</title>
<line class="axis" x1="${PAD}" y1="${HEIGHT - PAD}" x2="${WIDTH - PAD}" y2="${HEIGHT - PAD}"/>
<line class="axis" x1="${PAD}" y1="${PAD}" x2="${PAD}" y2="${HEIGHT - PAD}"/>
<text x="${PAD}" y="${PAD - 8}">${max}</text>
<text x="${PAD}" y="${HEIGHT - 10}">${first}</text>
<text x="${WIDTH - PAD}" y="${HEIGHT - 10}" text-anchor="end">${last}</text>
${raw(`<polyline points="${points}"/>`)}
</svg>`;
  const rows = dates.map((date, index) => html`<tr><td>${date}</td><td>${values[index] ?? 0}</td></tr>`);
  return html`<figure class="trend-chart">
${svg}
<figcaption>${options.caption}</figcaption>
</figure>
<div class="table-wrap"><table>
<caption>${options.caption}, by day</caption>
<thead><tr><th scope="col">Day</th><th scope="col">Findings</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`;
}
