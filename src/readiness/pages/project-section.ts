/**
 * One project's part of a project page: its facts, then its findings by entry, each entry's places listed
 * compactly (the matched text once, each file once with its `line:column`s). Written straight to strings:
 * an instance's run renders millions of findings, and each distinct text is escaped once a run.
 */
import { escapeHtml } from '../../markdown/markdown.ts';
import { FIELD, type FindingBlock } from '../finding-block.ts';
import { html } from '../html.ts';
import { inlineTitle } from '../inline-title.ts';
import { pageWeight } from '../page-weight.ts';
import type { ProjectStatus } from '../readiness-model.ts';
import type { RuleGroup } from '../rule-groups.ts';
import { amount, count, entryHref } from '../site-paths.ts';
import { TextMemo } from '../text-memo.ts';

/** Texts escaped for HTML, each once a run. */
export const escaped = new TextMemo(escapeHtml);

/** Findings in one piece of an entry's list of places; a page may be cut between pieces. */
export const FINDINGS_PER_PIECE = 400;

/** One item of a project's list of findings by entry: an entry's places, or a slice of them for a long one. */
export interface SectionPiece {
  /** Whether the entry is an error (removed by the target) rather than a warning. */
  error: boolean;
  html: string;
  /** Its estimated compressed bytes (page-weight.ts). */
  weight: number;
}

/** A project's section, in pieces a page may be cut between. */
export interface ProjectSection {
  /** The section's start: badge, facts, earlier reports, check by hand. */
  head: string;
  /** The findings by entry, errors first. */
  pieces: SectionPiece[];
  /** The estimated compressed bytes of all of it (page-weight.ts). */
  weight: number;
}

/** The link to each entry's page, with its title, made once per run. */
export function entryHeads(entries: readonly { id: string; title: string }[]): (id: string) => string {
  const heads = new Map<string, string>();
  const titles = new Map(entries.map((impact) => [impact.id, impact.title]));
  return (id) => {
    let head = heads.get(id);
    if (head === undefined) {
      head = html`<a href="${entryHref('../', id)}">${inlineTitle(titles.get(id) ?? id)}</a>`.value;
      heads.set(id, head);
    }
    return head;
  };
}

function facts(status: ProjectStatus): string {
  const { report } = status;
  const range = `${report.range.from} to ${report.range.to}${report.range.offering ? ` (${report.range.offering})` : ''}`;
  return html`<div class="meta">${status.ready ? html`<span class="badge">Ready</span>` : html`<span class="badge badge-breaking">Not ready</span>`}</div>
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
    ? html`<h3>Earlier reports</h3><div class="table-wrap"><table><caption>Reports of ${status.project}, oldest first</caption>
<thead><tr><th scope="col">Scanned</th><th scope="col">Errors</th><th scope="col">Warnings</th></tr></thead>
<tbody>${status.history.map((past) => html`<tr><td>${past.time}</td><td>${past.errors}</td><td>${past.findings - past.errors}</td></tr>`)}</tbody></table></div>`
    : ''
}
${
  status.byHand.length > 0
    ? // A count and a link, not the list: the list is the same for every project of a range, and repeated on
      // each of an instance's projects it would be most of the site's bytes.
      html`<h3>Check by hand</h3>
<p class="by-hand">${count(status.byHand.length, 'entry', 'entries')} of this range that no rule can find: <a href="../coverage.html#by-hand">the list to check by hand</a>.</p>`
    : ''
}`.value;
}

/**
 * The places of findings `from` to `to` of one entry's rows: per matched text (a line each), each file once
 * with the `line:column` of each finding in it, all in report order. Most entries of a report have a finding
 * or two, one text and one file, so this works with small lists rather than maps.
 */
function places(block: FindingBlock, rows: readonly number[], from: number, to: number, text: (index: number) => string): string {
  const { data } = block;
  const place = (at: number) => `${data[at + FIELD.line]}:${data[at + FIELD.column]}`;
  const first = rows[from] as number;
  if (to - from === 1) {
    const matched = text(data[first + FIELD.match] as number);
    return `${matched ? `<code>${matched}</code> at ` : ''}<code>${text(data[first + FIELD.file] as number)}</code> ${place(first)}`;
  }
  // Matched texts in the order first met; for each, its files in that order, each with its places.
  const matches: number[] = [];
  const files: number[][] = [];
  const lists: string[][] = [];
  for (let index = from; index < to; index++) {
    const at = rows[index] as number;
    const match = data[at + FIELD.match] as number;
    let which = matches.indexOf(match);
    if (which < 0) {
      which = matches.push(match) - 1;
      files.push([]);
      lists.push([]);
    }
    const file = data[at + FIELD.file] as number;
    const ofMatch = files[which] as number[];
    const listed = lists[which] as string[];
    const known = ofMatch.indexOf(file);
    if (known < 0) {
      ofMatch.push(file);
      listed.push(place(at));
    } else listed[known] += `, ${place(at)}`;
  }
  let out = '';
  matches.forEach((match, which) => {
    const matched = text(match);
    out += `${which > 0 ? '<br>' : ''}${matched ? `<code>${matched}</code> at ` : ''}`;
    const listed = lists[which] as string[];
    (files[which] as number[]).forEach((file, at) => {
      out += `${at > 0 ? ' · ' : ''}<code>${text(file)}</code> ${listed[at]}`;
    });
  });
  return out;
}

/** The section of one project, from its findings by rule (errors first). */
export function projectSection(
  status: ProjectStatus,
  block: FindingBlock,
  groups: readonly RuleGroup[],
  head: (id: string) => string,
): ProjectSection {
  const text = escaped.of(block.texts);
  const pieces: SectionPiece[] = [];
  let weight = 0;
  for (const group of groups) {
    const total = group.rows.length > 1 ? ` (${amount(group.rows.length)})` : '';
    for (let from = 0; from < group.rows.length; from += FINDINGS_PER_PIECE) {
      const to = Math.min(group.rows.length, from + FINDINGS_PER_PIECE);
      const piece = `<li>${head(group.id)}${total}${from > 0 ? ', continued' : ''}: ${places(block, group.rows, from, to, text)}</li>\n`;
      const pieceWeight = pageWeight(piece, to - from);
      pieces.push({ error: group.errors > 0, html: piece, weight: pieceWeight });
      weight += pieceWeight;
    }
  }
  const start = facts(status);
  return { head: start, pieces, weight: weight + pageWeight(start, 0) };
}
