import { escapeHtml, plainText, renderInline, renderMarkdown } from '../../../markdown/markdown.ts';
import { importedFacts } from '../../imported-facts.ts';
import { KIND_LABELS, OFFERING_LABELS } from '../../labels.ts';
import type { AreaGroup, Plan, PlanItem } from '../build-plan.ts';
import { legTitle, stopsSentence } from '../upgrade-legs.ts';

/**
 * The upgrade checklist as HTML. One renderer serves the static `/upgrade/<from>-to-<to>/` pages (at build
 * time) and the `/upgrade/` island (in the browser), so both show the same thing.
 */

/** The accessible name of an item's entry link: its visible words and the entry's title, so no two read alike. */
function entryLinkHtml(entry: PlanItem['entry']): string {
  return `<a class="entry-link" href="/register/${escapeHtml(entry.id)}/">Entry page<span class="visually-hidden">: ${escapeHtml(plainText(entry.title))}</span></a>`;
}

function itemHtml(item: PlanItem, withMigration: boolean): string {
  const { entry } = item;
  const checkbox = `c-${item.key}`;
  const facts = importedFacts(entry);
  const badges = [
    entry.breaking ? '<span class="badge badge-breaking">Breaking</span>' : '',
    facts?.imported ? '<span class="badge badge-imported">Imported</span>' : '',
    `<span class="badge">${escapeHtml(KIND_LABELS[entry.kind] ?? entry.kind)}</span>`,
    `<span class="badge">${escapeHtml(entry.removed_in)}</span>`,
  ].join('');
  const offerings = entry.offerings.map((offering) => OFFERING_LABELS[offering] ?? offering).join(', ');
  const announced = entry.announced_in ? `<span>announced in ${escapeHtml(entry.announced_in)}</span>` : '';
  const detect = item.detect.command
    ? `Find uses: <code>${escapeHtml(item.detect.command)}</code>`
    : 'Not found by a scan: check by hand.';
  const migration = withMigration ? `<details><summary>What to do</summary>${renderMarkdown(entry.migration)}</details>` : '';
  const attributes = [
    `data-item="${escapeHtml(item.key)}"`,
    `data-area="${escapeHtml(entry.area)}"`,
    `data-breaking="${entry.breaking ? 'yes' : 'no'}"`,
  ].join(' ');
  // Only the box ticks, through its own square label beside the title: a tap meant for the title (to read
  // it, select it or scroll) ticks nothing. The title names the box. The entry page is its own link.
  // The box is disabled as written: only the script can keep a tick, and it enables the boxes.
  return [
    `<li ${attributes}><div class="item-title"><label class="tick"><input type="checkbox" id="${checkbox}" aria-labelledby="${checkbox}-title" data-key="${escapeHtml(item.key)}" disabled></label>`,
    `<span id="${checkbox}-title">${renderInline(entry.title, { links: false })}</span></div>`,
    `<div class="item-body"><div class="meta">${badges}<span>${escapeHtml(offerings)}</span>${announced}${entryLinkHtml(entry)}</div>`,
    entry.breaking_reason && !facts?.imported
      ? `<p class="breaking-reason"><strong>Breaks</strong> (Sunset's reading): ${renderInline(entry.breaking_reason)}</p>`
      : '',
    facts ? platformHtml(facts) : '',
    `<div class="detect">${detect}</div><div class="scan-result" data-scan-result hidden></div>${migration}</div></li>`,
  ].join('');
}

/** What the platform's data says about an item: who must act, its links, and where it disagrees with the register. */
function platformHtml(facts: NonNullable<ReturnType<typeof importedFacts>>): string {
  const parts = [
    facts.imported ? "From the platform's data" : "The platform's data describes it",
    facts.resolutionRole ? `who must act: <strong>${escapeHtml(facts.resolutionRole)}</strong>` : '',
    ...facts.links.map((link) => `<a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`),
  ].filter(Boolean);
  const differences = (facts.disagreements ?? []).map(
    (difference) => `<p class="platform-disagreement"><strong>Disagreement</strong> on ${escapeHtml(difference)}</p>`,
  );
  return `<p class="platform-facts">${parts.join(' · ')}</p>${differences.join('')}`;
}

const groupId = (list: string, group: AreaGroup) => `${list}-${group.area.id}`;

function groupsHtml(list: string, groups: AreaGroup[], withMigration: boolean, empty: string, heading = 'h3'): string {
  if (groups.length === 0) return `<p>${escapeHtml(empty)}</p>`;
  return groups
    .map(
      (group) =>
        `<${heading} id="${escapeHtml(groupId(list, group))}">${escapeHtml(group.area.title)} <span class="count">(${group.items.length})</span></${heading}><ul class="checklist">${group.items.map((item) => itemHtml(item, withMigration)).join('')}</ul>`,
    )
    .join('');
}

/** The required stops a range crosses, with a link to the other view of it (leg by leg, or direct). */
function stopsHtml(plan: Plan): string {
  if (!plan.stops || plan.stops.length === 0) return '';
  const query = `from=${encodeURIComponent(plan.from)}&to=${encodeURIComponent(plan.to)}${plan.offering ? `&offering=${encodeURIComponent(plan.offering)}` : ''}`;
  const other = plan.direct
    ? `<a href="/upgrade/?${escapeHtml(query)}">Plan it through the stops</a>`
    : `<a href="/upgrade/?${escapeHtml(query)}&amp;direct=1">The whole range as one list</a>`;
  return [
    '<section class="plan-stops" aria-labelledby="stops-title">',
    '<h2 id="stops-title">Required upgrade stops</h2>',
    `<p${plan.direct ? ' class="problem" role="note"' : ''}>${escapeHtml(stopsSentence(plan.from, plan.to, plan.stops, plan.direct === true))}</p>`,
    `<ol>${plan.stops.map((stop) => `<li><strong>${escapeHtml(stop.release)}</strong>${stop.note ? `: ${renderInline(stop.note)}` : ''}</li>`).join('')}</ol>`,
    `<p class="no-print">${other}</p>`,
    '</section>',
  ].join('');
}

/** The must-do list: leg by leg when the plan goes through stops, else by area. */
function mustDoHtml(plan: Plan): string {
  if (!plan.legs) return groupsHtml('must-do', plan.mustDo, true, 'Nothing in the register takes effect in this range.');
  return plan.legs
    .map(
      (leg, index) =>
        `<h3 id="leg-${index}">${escapeHtml(legTitle(leg, index))} <span class="count">(${countOf(leg.groups)})</span></h3>${leg.note ? `<p class="note">${renderInline(leg.note)}</p>` : ''}${groupsHtml(`leg-${index}`, leg.groups, true, 'Nothing takes effect on this leg.', 'h4')}`,
    )
    .join('');
}

/** Jump links to each list and each area in it: a 100-item checklist is long. */
function contentsHtml(plan: Plan, mustDo: number, planAhead: number): string {
  // An area is in both lists: its two links say which list they lead to, for a screen reader's links list.
  const areas = (list: string, listName: string, groups: AreaGroup[]) =>
    groups.length === 0
      ? ''
      : `<ul>${groups.map((group) => `<li><a href="#${escapeHtml(groupId(list, group))}"><span class="visually-hidden">${listName}: </span>${escapeHtml(group.area.title)}</a> (${group.items.length})</li>`).join('')}</ul>`;
  const legs = plan.legs
    ? `<ul>${plan.legs.map((leg, index) => `<li><a href="#leg-${index}">${escapeHtml(legTitle(leg, index))}</a> (${countOf(leg.groups)})</li>`).join('')}</ul>`
    : areas('must-do', 'Must do', plan.mustDo);
  return [
    // Closed as written: on a phone the contents would push the first item screens down; the script opens
    // them where there is room.
    '<nav class="plan-contents" aria-label="On this checklist"><details data-open-wide><summary>On this checklist</summary><ul>',
    plan.stops?.length ? '<li><a href="#stops-title">Required upgrade stops</a></li>' : '',
    `<li><a href="#must-do">Must do before upgrading</a> (${mustDo})${legs}</li>`,
    `<li><a href="#plan-ahead">Plan ahead</a> (${planAhead})${areas('plan-ahead', 'Plan ahead', plan.planAhead)}</li>`,
    plan.hostedNote ? '<li><a href="#hosted">Hosted offering</a></li>' : '',
    '</ul></details></nav>',
  ].join('');
}

/** The report drop zone: shown by the script, which alone can read a file. */
const SCAN_HTML = [
  '<section class="scan no-print" data-scan hidden aria-labelledby="scan-title">',
  '<h2 id="scan-title">Your scan on this checklist</h2>',
  '<p>Drop the JSON or SARIF report of <code>sunset check</code> here, or pick it: each item then says whether the scan found it in your repository, and where. The file is read in this browser; nothing is sent anywhere.</p>',
  '<p><label for="scan-file">Report file</label> <input type="file" id="scan-file" accept=".json,.sarif,application/json,application/sarif+json" data-scan-file></p>',
  '<p class="scan-status" data-scan-status role="status"></p>',
  '<p data-scan-tools hidden><button type="button" data-scan-forget>Forget the report</button></p>',
  '</section>',
].join('');

const countOf = (groups: AreaGroup[]) => groups.reduce((sum, group) => sum + group.items.length, 0);

/** The areas a plan touches, in the order its lists show them, for the area filter. */
function planAreas(plan: Plan): AreaGroup['area'][] {
  const areas = new Map<string, AreaGroup['area']>();
  for (const group of [...plan.mustDo, ...plan.planAhead]) areas.set(group.area.id, group.area);
  return [...areas.values()];
}

/** Progress, the filters that shrink the list to what the reader uses, and the actions; shown by the script. */
function toolbarHtml(plan: Plan, total: number): string {
  const areaOptions = planAreas(plan)
    .map((area) => `<option value="${escapeHtml(area.id)}">${escapeHtml(area.title)}</option>`)
    .join('');
  return [
    '<div class="toolbar" data-plan-toolbar hidden>',
    `<span class="progress" data-progress role="status">0 of ${total} done</span>`,
    '<div class="plan-filters" role="group" aria-label="Show only">',
    `<label>Area <select data-filter-area><option value="">All areas</option>${areaOptions}</select></label>`,
    '<label><input type="checkbox" data-filter-breaking> Breaking only</label>',
    '<label data-found-filter hidden><input type="checkbox" data-only-found> Found in my scan</label>',
    '<label><input type="checkbox" data-hide-done> Hide done</label>',
    '</div>',
    '<div class="plan-actions">',
    '<button type="button" data-export>Export as Markdown</button>',
    '<button type="button" data-print>Print</button>',
    '<button type="button" data-clear>Clear ticks</button>',
    '<span data-undo-box hidden><button type="button" data-undo>Undo</button></span>',
    '</div>',
    '</div>',
  ].join('');
}

/** Said once per checklist rather than beside every item: what breaks is our reading. */
const BREAKS_NOTE =
  '<p class="provenance">Each <strong>Breaks</strong> line says what stops working. The platform’s documentation does not say what breaks; this is Sunset’s reading (<a href="/register/#breaking">how Sunset marks breaking changes</a>).</p>';

/** Without scripts the boxes cannot be ticked or kept; the page says so instead of taking ticks it loses. */
const NO_SCRIPT_NOTE =
  '<noscript><p class="note">Ticking items, keeping the ticks in this browser, the filters and the export need JavaScript. Without it, this checklist can be read and printed.</p></noscript>';

/** The title of a plan: `16.0 → 17.0 (hosted)`. */
export function planTitle(plan: Pick<Plan, 'from' | 'to' | 'offering'>): string {
  const scope = plan.offering ? (OFFERING_LABELS[plan.offering] ?? plan.offering) : 'all offerings';
  return `Upgrade from ${plan.from} to ${plan.to} (${scope})`;
}

/** Options for {@link renderPlanHtml}. */
export interface PlanHtmlOptions {
  /**
   * The id of the page's own heading for the plan, when the page has one (a checklist page's `<h1>`); the
   * plan then names itself by it instead of repeating the title as a heading of its own.
   */
  headingId?: string;
}

/** Renders a plan, or the reasons it was refused, as the body of an upgrade page. */
export function renderPlanHtml(plan: Plan, options: PlanHtmlOptions = {}): string {
  if (plan.problems && plan.problems.length > 0) {
    return `<div class="problem" role="alert"><p><strong>This upgrade cannot be planned.</strong></p><ul>${plan.problems
      .map((problem) => `<li>${escapeHtml(problem.message)}</li>`)
      .join('')}</ul></div>`;
  }
  const mustDo = countOf(plan.mustDo);
  const planAhead = countOf(plan.planAhead);
  const headingId = options.headingId ?? 'plan-title';
  const attributes = [
    `data-from="${escapeHtml(plan.from)}"`,
    `data-to="${escapeHtml(plan.to)}"`,
    `data-offering="${escapeHtml(plan.offering ?? '')}"`,
  ].join(' ');
  const anyReason = [...plan.mustDo, ...plan.planAhead].some((group) =>
    group.items.some((item) => item.entry.breaking_reason && !importedFacts(item.entry)?.imported),
  );
  return [
    `<section class="plan" data-plan ${attributes} aria-labelledby="${escapeHtml(headingId)}">`,
    options.headingId ? '' : `<h2 id="plan-title">${escapeHtml(planTitle(plan))}</h2>`,
    `<p>${mustDo} changes to act on before upgrading, ${planAhead} to plan ahead for. Check a repository for all of them:</p>`,
    `<pre><code>${escapeHtml(plan.checkCommand)}</code></pre>`,
    NO_SCRIPT_NOTE,
    contentsHtml(plan, mustDo, planAhead),
    stopsHtml(plan),
    anyReason ? BREAKS_NOTE : '',
    SCAN_HTML,
    toolbarHtml(plan, mustDo + planAhead),
    '<div class="export no-print" data-export-panel hidden>',
    '<label for="plan-markdown">Markdown for an issue</label>',
    '<textarea id="plan-markdown" readonly rows="12"></textarea>',
    '<p data-export-status aria-live="polite"></p>',
    '</div>',
    `<h2 id="must-do">Must do before upgrading (${mustDo})</h2>`,
    mustDoHtml(plan),
    `<h2 id="plan-ahead">Plan ahead (${planAhead})</h2>`,
    '<p>Later removals the register already lists: not needed for this upgrade, but cheaper to handle now.</p>',
    groupsHtml('plan-ahead', plan.planAhead, false, 'The register lists no later removals yet.'),
    plan.hostedNote ? `<h2 id="hosted">Hosted offering</h2><p class="note">${escapeHtml(plan.hostedNote)}</p>` : '',
    '</section>',
  ].join('');
}
