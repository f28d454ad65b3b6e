import { KIND_LABELS } from '../../entry-kind-labels.ts';
import { importedFacts } from '../../imported-facts.ts';
import type { AreaGroup, Plan } from '../build-plan.ts';
import { entryUrl } from '../site-links.ts';
import { legTitle, stopsSentence } from '../upgrade-legs.ts';

/** Options for {@link planToMarkdown}. */
export interface MarkdownOptions {
  /** Where the site is published; item links point at `<siteUrl>/register/<id>/`. */
  siteUrl: string;
  /** Keys of items already done, written as ticked boxes. */
  done?: ReadonlySet<string>;
  /** What a scan report found, by entry id: the places (`file:line`) and how many there were in all. */
  found?: Readonly<Record<string, { places: readonly string[]; count: number }>>;
}

/**
 * Text from a repository (a path) as a code span that stays whole on its line: line breaks become spaces,
 * and a text holding backticks is fenced with a run longer than its longest, as CommonMark reads spans.
 */
export function codeSpan(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  if (longest === 0) return `\`${flat}\``;
  const fence = '`'.repeat(longest + 1);
  return `${fence} ${flat} ${fence}`;
}

/** The places a scan found an item in, as one sub-item: `file:line` each, and how many more the report held. */
function foundLine(found: { places: readonly string[]; count: number }): string {
  const more = found.count - found.places.length;
  const places = found.places.map(codeSpan).join(', ');
  return `\n  - Found in your repository (${found.count} place${found.count === 1 ? '' : 's'}): ${places}${more > 0 ? `, and ${more} more` : ''}`;
}

/**
 * Markdown link text that shows `[`, `]` and `\` as written instead of ending or escaping the link, on one
 * line: a line break in it would end the list item, and what follows could start a heading.
 */
export function escapeLinkText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([[\]\\])/g, '\\$1');
}

function groupsToMarkdown(groups: AreaGroup[], options: MarkdownOptions, level = '####'): string[] {
  const lines: string[] = [];
  for (const group of groups) {
    lines.push('', `${level} ${group.area.title}`, '');
    for (const item of group.items) {
      const box = options.done?.has(item.key) ? '[x]' : '[ ]';
      const tags = [
        item.entry.breaking ? '**breaking**' : undefined,
        `${(KIND_LABELS[item.entry.kind] ?? item.entry.kind).toLowerCase()} in ${item.entry.removed_in}`,
      ]
        .filter(Boolean)
        .join(', ');
      const detect = item.detect.command ? `; find uses: \`${item.detect.command}\`` : '; not detectable by a scan';
      // What breaks is Sunset's reading, so the line says so; an imported entry's flag is the platform's.
      const facts = importedFacts(item.entry);
      const breaks =
        item.entry.breaking_reason && !facts?.imported ? `\n  - Breaks (Sunset's reading): ${item.entry.breaking_reason}` : '';
      const platform = facts
        ? `\n  - ${facts.imported ? "Imported from the platform's data" : "The platform's data"}${facts.resolutionRole ? `; who must act: ${facts.resolutionRole}` : ''}${facts.links.map((link) => `; [${link.label}](${link.href})`).join('')}${(facts.disagreements ?? []).map((difference) => `\n  - Disagreement on ${difference}`).join('')}`
        : '';
      const found = options.found?.[item.key];
      lines.push(
        `- ${box} [${escapeLinkText(item.entry.title)}](${entryUrl(options.siteUrl, item.entry.id)}) (${tags})${detect}${breaks}${platform}${found && found.places.length > 0 ? foundLine(found) : ''}`,
      );
    }
  }
  return lines;
}

/**
 * The plan as a Markdown checklist to paste into an issue. Shared by the site's export and
 * `sunset plan --format md`, so both produce the same text.
 */
export function planToMarkdown(plan: Plan, options: MarkdownOptions): string {
  const scope = plan.offering ? ` (${plan.offering})` : '';
  const lines = [`## Upgrade plan: ${plan.from} → ${plan.to}${scope}`];
  if (plan.problems && plan.problems.length > 0) {
    lines.push('', ...plan.problems.map((problem) => `> ${problem.message}`));
    return `${lines.join('\n')}\n`;
  }
  lines.push('', `Find uses in a repository with \`${plan.checkCommand}\`.`);
  const count = (groups: AreaGroup[]) => groups.reduce((sum, group) => sum + group.items.length, 0);
  if (plan.stops && plan.stops.length > 0) {
    lines.push('', '### Required upgrade stops', '', stopsSentence(plan.from, plan.to, plan.stops, plan.direct === true), '');
    lines.push(...plan.stops.map((stop) => `- ${stop.release}${stop.note ? `: ${stop.note}` : ''}`));
  }
  lines.push('', `### Must do before upgrading (${count(plan.mustDo)})`);
  if (plan.mustDo.length === 0) lines.push('', 'Nothing in the register takes effect in this range.');
  if (plan.legs) {
    plan.legs.forEach((leg, index) => {
      lines.push('', `#### ${legTitle(leg, index)} (${count(leg.groups)})`);
      if (leg.groups.length === 0) lines.push('', 'Nothing takes effect on this leg.');
      lines.push(...groupsToMarkdown(leg.groups, options, '#####'));
    });
  } else lines.push(...groupsToMarkdown(plan.mustDo, options));
  lines.push('', `### Plan ahead (${count(plan.planAhead)})`);
  if (plan.planAhead.length === 0) lines.push('', 'The register lists no later removals yet.');
  lines.push(...groupsToMarkdown(plan.planAhead, options));
  if (plan.hostedNote) lines.push('', '### Hosted offering', '', plan.hostedNote);
  return `${lines.join('\n')}\n`;
}
