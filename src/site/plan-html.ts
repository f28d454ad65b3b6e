import type { AreaGroup, Plan, PlanItem } from '../register/plan.ts';
import { KIND_LABELS, OFFERING_LABELS } from './labels.ts';
import { escapeHtml, renderInline, renderMarkdown } from './markdown.ts';
import { planStorageKey } from './plan-storage.ts';

/**
 * The upgrade checklist as HTML. One renderer serves the static `/upgrade/<from>-to-<to>/` pages (at build
 * time) and the `/upgrade/` island (in the browser), so both show the same thing.
 */

function itemHtml(item: PlanItem, withMigration: boolean): string {
  const { entry } = item;
  const checkbox = `c-${item.key}`;
  const badges = [
    entry.breaking ? '<span class="badge badge-breaking">Breaking</span>' : '',
    `<span class="badge">${escapeHtml(KIND_LABELS[entry.kind] ?? entry.kind)}</span>`,
    `<span class="badge">${escapeHtml(entry.removed_in)}</span>`,
  ].join('');
  const offerings = entry.offerings.map((offering) => OFFERING_LABELS[offering] ?? offering).join(', ');
  const detect = item.detect.command
    ? `Find uses: <code>${escapeHtml(item.detect.command)}</code>`
    : 'Not found by a scan: check by hand.';
  const migration = withMigration ? `<details><summary>What to do</summary>${renderMarkdown(entry.migration)}</details>` : '';
  return [
    `<li><input type="checkbox" id="${checkbox}" data-key="${escapeHtml(item.key)}" aria-label="Done: ${escapeHtml(entry.title)}">`,
    `<div class="item-body"><a href="/register/${escapeHtml(entry.id)}/">${escapeHtml(entry.title)}</a>`,
    `<div class="meta">${badges}<span>${escapeHtml(offerings)}</span></div>`,
    entry.breaking_reason
      ? `<p class="breaking-reason"><strong>Breaks:</strong> ${renderInline(entry.breaking_reason)} <a href="/register/#breaking">(Sunset's reading)</a></p>`
      : '',
    `<div class="detect">${detect}</div>${migration}</div></li>`,
  ].join('');
}

function groupsHtml(groups: AreaGroup[], withMigration: boolean, empty: string): string {
  if (groups.length === 0) return `<p>${escapeHtml(empty)}</p>`;
  return groups
    .map(
      (group) =>
        `<h3>${escapeHtml(group.area.title)}</h3><ul class="checklist">${group.items.map((item) => itemHtml(item, withMigration)).join('')}</ul>`,
    )
    .join('');
}

const countOf = (groups: AreaGroup[]) => groups.reduce((sum, group) => sum + group.items.length, 0);

/** The title of a plan: `16.0 → 17.0 (hosted)`. */
export function planTitle(plan: Pick<Plan, 'from' | 'to' | 'offering'>): string {
  const scope = plan.offering ? (OFFERING_LABELS[plan.offering] ?? plan.offering) : 'all offerings';
  return `Upgrade from ${plan.from} to ${plan.to} (${scope})`;
}

/** Renders a plan, or the reasons it was refused, as the body of an upgrade page. */
export function renderPlanHtml(plan: Plan): string {
  if (plan.problems && plan.problems.length > 0) {
    return `<div class="problem" role="alert"><p><strong>This upgrade cannot be planned.</strong></p><ul>${plan.problems
      .map((problem) => `<li>${escapeHtml(problem.message)}</li>`)
      .join('')}</ul></div>`;
  }
  const mustDo = countOf(plan.mustDo);
  const planAhead = countOf(plan.planAhead);
  const attributes = [
    `data-from="${escapeHtml(plan.from)}"`,
    `data-to="${escapeHtml(plan.to)}"`,
    `data-offering="${escapeHtml(plan.offering ?? '')}"`,
    `data-storage-key="${escapeHtml(planStorageKey(plan))}"`,
  ].join(' ');
  return [
    `<section class="plan" data-plan ${attributes} aria-labelledby="plan-title">`,
    `<h2 id="plan-title">${escapeHtml(planTitle(plan))}</h2>`,
    `<p>${mustDo} changes to act on before upgrading, ${planAhead} to plan ahead for. Check a repository for all of them:</p>`,
    `<pre><code>${escapeHtml(plan.checkCommand)}</code></pre>`,
    '<div class="toolbar" data-plan-toolbar hidden>',
    `<span class="progress" data-progress aria-live="polite">0 of ${mustDo + planAhead} done</span>`,
    '<button type="button" data-export>Export as Markdown</button>',
    '<button type="button" data-print>Print</button>',
    '<button type="button" data-clear>Clear ticks</button>',
    '</div>',
    '<div class="export no-print" data-export-panel hidden>',
    '<label for="plan-markdown">Markdown for an issue</label>',
    '<textarea id="plan-markdown" readonly rows="12"></textarea>',
    '<p data-export-status aria-live="polite"></p>',
    '</div>',
    `<h2 id="must-do">Must do before upgrading (${mustDo})</h2>`,
    groupsHtml(plan.mustDo, true, 'Nothing in the register takes effect in this range.'),
    `<h2 id="plan-ahead">Plan ahead (${planAhead})</h2>`,
    '<p>Later removals the register already lists: not needed for this upgrade, but cheaper to handle now.</p>',
    groupsHtml(plan.planAhead, false, 'The register lists no later removals yet.'),
    plan.hostedNote ? `<h2 id="hosted">Hosted offering</h2><p class="note">${escapeHtml(plan.hostedNote)}</p>` : '',
    '</section>',
  ].join('');
}
