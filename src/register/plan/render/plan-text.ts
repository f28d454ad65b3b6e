import { importedFacts, importedFactsLine } from '../../imported-facts.ts';
import type { AreaGroup, Plan } from '../build-plan.ts';
import { entryUrl } from '../site-links.ts';
import { legTitle, stopsSentence } from '../upgrade-legs.ts';

/** The styles a terminal plan uses; the CLI passes its palette (colours, or none off a terminal). */
export interface PlanPalette {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
}

function groupLines(groups: readonly AreaGroup[], siteUrl: string, palette: PlanPalette, indent = ''): string[] {
  const lines: string[] = [];
  for (const group of groups) {
    lines.push(`${indent}  ${palette.bold(group.area.title)}`);
    for (const item of group.items) {
      const tag = item.entry.breaking ? `${palette.red('breaking')} ` : '';
      lines.push(`${indent}    [ ] ${tag}${item.entry.title} ${palette.dim(`(${item.entry.kind} in ${item.entry.removed_in})`)}`);
      lines.push(`${indent}        ${palette.dim(entryUrl(siteUrl, item.entry.id))}`);
      lines.push(
        `${indent}        ${palette.dim(item.detect.command ? `find uses: ${item.detect.command}` : 'not detectable by a scan')}`,
      );
      const facts = importedFacts(item.entry);
      if (facts) lines.push(`${indent}        ${palette.dim(importedFactsLine(facts))}`);
    }
  }
  return lines;
}

const count = (groups: readonly AreaGroup[]) => groups.reduce((sum, group) => sum + group.items.length, 0);

/** The plan for a terminal: the two lists grouped by area, each item with its link and how to find uses. */
export function planText(plan: Plan, siteUrl: string, palette: PlanPalette): string {
  const scope = plan.offering ?? 'all offerings';
  const lines = [
    palette.bold(`Upgrade plan ${plan.from} → ${plan.to} (${scope})`),
    `Check a repository: ${plan.checkCommand}`,
    '',
  ];
  if (plan.stops && plan.stops.length > 0) {
    lines.push(
      palette.bold('Required upgrade stops'),
      `  ${stopsSentence(plan.from, plan.to, plan.stops, plan.direct === true)}`,
    );
    for (const stop of plan.stops) lines.push(`  ${stop.release}${stop.note ? palette.dim(`  ${stop.note}`) : ''}`);
    lines.push('');
  }
  lines.push(palette.bold(`Must do before upgrading (${count(plan.mustDo)})`));
  if (plan.mustDo.length === 0) lines.push('  Nothing in the register takes effect in this range.');
  if (plan.legs) {
    plan.legs.forEach((leg, index) => {
      lines.push(`  ${palette.bold(`${legTitle(leg, index)} (${count(leg.groups)})`)}`);
      if (leg.groups.length === 0) lines.push('    Nothing takes effect on this leg.');
      lines.push(...groupLines(leg.groups, siteUrl, palette, '  '));
    });
    lines.push('');
  } else lines.push(...groupLines(plan.mustDo, siteUrl, palette), '');
  lines.push(palette.bold(`Plan ahead (${count(plan.planAhead)})`));
  if (plan.planAhead.length === 0) lines.push('  The register lists no later removals yet.');
  lines.push(...groupLines(plan.planAhead, siteUrl, palette));
  if (plan.hostedNote) lines.push('', `${palette.bold('Hosted offering:')} ${plan.hostedNote}`);
  return `${lines.join('\n')}\n`;
}

/** The plan as JSON: items carry the entry's id, title, kind, releases, link and detection, not the whole entry. */
export function planJson(plan: Plan, siteUrl: string): string {
  const groups = (list: readonly AreaGroup[]) =>
    list.map((group) => ({
      area: group.area,
      items: group.items.map(({ key, entry, detect }) => ({
        key,
        id: entry.id,
        title: entry.title,
        kind: entry.kind,
        breaking: entry.breaking,
        removed_in: entry.removed_in,
        ...(entry.announced_in ? { announced_in: entry.announced_in } : {}),
        url: entryUrl(siteUrl, entry.id),
        detect,
        ...(importedFacts(entry) ? { platform: importedFacts(entry) } : {}),
      })),
    }));
  const out = {
    from: plan.from,
    to: plan.to,
    ...(plan.offering ? { offering: plan.offering } : {}),
    checkCommand: plan.checkCommand,
    mustDo: groups(plan.mustDo),
    planAhead: groups(plan.planAhead),
    ...(plan.hostedNote ? { hostedNote: plan.hostedNote } : {}),
    ...(plan.stops ? { stops: plan.stops } : {}),
    ...(plan.legs
      ? {
          legs: plan.legs.map((leg, index) => ({
            from: leg.from,
            to: leg.to,
            title: legTitle(leg, index),
            ...(leg.note ? { note: leg.note } : {}),
            groups: groups(leg.groups),
          })),
        }
      : {}),
    ...(plan.direct ? { direct: true } : {}),
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}
