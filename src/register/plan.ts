import type { Area } from '../schemas/area.ts';
import { OFFERINGS, type Offering } from '../schemas/offering.ts';
import type { RegisterEntry } from '../schemas/register-entry.ts';
import { KIND_LABELS } from './entry-kind-labels.ts';
import type { Register } from './register.ts';
import { compareReleases, isRelease } from './releases.ts';

/** What a plan is asked for: the release a user runs, the one they move to, and optionally their offering. */
export interface PlanInput {
  from: string;
  to: string;
  offering?: Offering | string;
}

/** Why a plan cannot be built. Pages and the CLI show `message` as is. */
export type PlanProblemCode = 'malformed-release' | 'unknown-release' | 'downgrade' | 'same-release' | 'unknown-offering';

/** One thing wrong with a plan's input, tied to the input field it concerns. */
export interface PlanProblem {
  code: PlanProblemCode;
  field: 'from' | 'to' | 'offering';
  message: string;
}

/** How an item can be found in a repository. */
export interface PlanDetection {
  /** Number of `sunset check` rules the entry carries; 0 means the change cannot be found by a scan. */
  rules: number;
  /** The exact command that looks for this entry only, when it has rules. */
  command?: string;
}

/** One checklist item: an entry to act on. */
export interface PlanItem {
  /** Stable key for a checkbox: the entry id, which is never reused. */
  key: string;
  entry: RegisterEntry;
  detect: PlanDetection;
}

/** Items of one area, breaking first. */
export interface AreaGroup {
  area: Pick<Area, 'id' | 'title'>;
  items: PlanItem[];
}

/** An upgrade plan. When `problems` is non-empty the input was refused and both lists are empty. */
export interface Plan {
  from: string;
  to: string;
  offering?: Offering;
  /** Entries with `from < removed_in <= to`. */
  mustDo: AreaGroup[];
  /** Entries removed after `to`, except those announced (where known) only after `to`. */
  planAhead: AreaGroup[];
  /** Shown when the plan covers the hosted offering (asked for, or no offering given). */
  hostedNote?: string;
  /** The command that checks a repository for the whole range. */
  checkCommand: string;
  problems?: PlanProblem[];
}

/** Thrown by {@link requirePlan} when the input is refused; carries every problem. */
export class PlanError extends Error {
  readonly problems: PlanProblem[];

  constructor(problems: PlanProblem[]) {
    super(problems.map((problem) => problem.message).join('\n'));
    this.name = 'PlanError';
    this.problems = problems;
  }
}

/** The note on the hosted offering's early removals, in our words after the spec's versioning section. */
export const HOSTED_NOTE =
  'On the hosted offering a deprecated feature can be removed at any time in the month before its release, so act on these items before that month starts.';

/**
 * Why a release given as input is refused, or undefined when it is accepted. Shared by plans and
 * `sunset check` so both say the same thing.
 */
export function releaseProblem(register: Pick<Register, 'knowsRelease' | 'releases'>, field: 'from' | 'to', value: string) {
  if (!isRelease(value)) {
    return {
      code: 'malformed-release',
      field,
      message: `"${value}" (${field}) is not a release; write it as major.minor, such as "17.0" or "16.10"`,
    } satisfies PlanProblem;
  }
  if (!register.knowsRelease(value)) {
    const majors = register.releases.map((release) => Number(release.release.split('.')[0]));
    return {
      code: 'unknown-release',
      field,
      message: `"${value}" (${field}) is not a release the register knows; it covers releases ${Math.min(...majors)}.x to ${Math.max(...majors)}.x`,
    } satisfies PlanProblem;
  }
  return undefined;
}

/** Every problem with a plan's input; empty when the plan can be built. */
export function planProblems(register: Pick<Register, 'knowsRelease' | 'releases'>, input: PlanInput): PlanProblem[] {
  const problems: PlanProblem[] = [];
  for (const field of ['from', 'to'] as const) {
    const problem = releaseProblem(register, field, input[field]);
    if (problem) problems.push(problem);
  }
  if (input.offering !== undefined && !(OFFERINGS as readonly string[]).includes(input.offering)) {
    problems.push({
      code: 'unknown-offering',
      field: 'offering',
      message: `offering "${input.offering}" is not one of ${OFFERINGS.join(', ')}`,
    });
  }
  if (problems.length > 0) return problems;
  const order = compareReleases(input.from, input.to);
  if (order > 0) {
    problems.push({
      code: 'downgrade',
      field: 'to',
      message: `${input.to} is older than ${input.from}: the register plans upgrades only; downgrades are not supported`,
    });
  } else if (order === 0) {
    problems.push({
      code: 'same-release',
      field: 'to',
      message: `from and to are both ${input.to}: pick a later target release to plan an upgrade`,
    });
  }
  return problems;
}

/** The command that runs the rules of one entry. */
export function entryCheckCommand(entry: RegisterEntry): string {
  return `npx sunset check . --to ${entry.removed_in} --rule ${entry.id}`;
}

/** The command that checks a repository for a whole upgrade. */
export function rangeCheckCommand(input: { from: string; to: string; offering?: string }): string {
  return `npx sunset check . --from ${input.from} --to ${input.to}${input.offering ? ` --offering ${input.offering}` : ''}`;
}

function toItem(entry: RegisterEntry): PlanItem {
  const rules = entry.detect.length;
  return { key: entry.id, entry, detect: rules > 0 ? { rules, command: entryCheckCommand(entry) } : { rules } };
}

/** Groups items by area: areas with breaking items first, then in the areas file's order; breaking items first inside. */
function groupByArea(entries: RegisterEntry[], areas: readonly Area[]): AreaGroup[] {
  const areaOrder = new Map(areas.map((area, index) => [area.id, index]));
  const groups = new Map<string, AreaGroup>();
  for (const entry of entries) {
    const area = areas.find((candidate) => candidate.id === entry.area) ?? { id: entry.area, title: entry.area };
    const group = groups.get(entry.area) ?? { area: { id: area.id, title: area.title }, items: [] };
    group.items.push(toItem(entry));
    groups.set(entry.area, group);
  }
  const list = [...groups.values()];
  for (const group of list) {
    group.items.sort(
      (a, b) =>
        Number(b.entry.breaking) - Number(a.entry.breaking) ||
        compareReleases(a.entry.removed_in, b.entry.removed_in) ||
        a.key.localeCompare(b.key),
    );
  }
  const hasBreaking = (group: AreaGroup) => group.items.some((item) => item.entry.breaking);
  return list.sort(
    (a, b) =>
      Number(hasBreaking(b)) - Number(hasBreaking(a)) ||
      (areaOrder.get(a.area.id) ?? Number.MAX_SAFE_INTEGER) - (areaOrder.get(b.area.id) ?? Number.MAX_SAFE_INTEGER),
  );
}

/**
 * Builds the upgrade checklist from `from` to `to`, the same for the site and `sunset plan`. Input that
 * cannot be planned (malformed or unknown release, downgrade, equal releases, unknown offering) gives a
 * plan with `problems` and empty lists; {@link requirePlan} turns that into a thrown {@link PlanError}.
 */
export function buildPlan(
  register: Pick<Register, 'entries' | 'areas' | 'knowsRelease' | 'releases' | 'removedBetween'>,
  input: PlanInput,
): Plan {
  const problems = planProblems(register, input);
  const offering = input.offering as Offering | undefined;
  const base = {
    from: input.from,
    to: input.to,
    ...(offering ? { offering } : {}),
    checkCommand: rangeCheckCommand({ from: input.from, to: input.to, offering }),
  };
  if (problems.length > 0) return { ...base, mustDo: [], planAhead: [], problems };

  const mustDo = register.removedBetween(input.from, input.to, offering);
  const planAhead = register.entries.filter(
    (entry) =>
      (!offering || entry.offerings.includes(offering)) &&
      compareReleases(entry.removed_in, input.to) > 0 &&
      !(entry.announced_in !== undefined && compareReleases(entry.announced_in, input.to) > 0),
  );
  return {
    ...base,
    mustDo: groupByArea(mustDo, register.areas),
    planAhead: groupByArea(planAhead, register.areas),
    ...(!offering || offering === 'hosted' ? { hostedNote: HOSTED_NOTE } : {}),
  };
}

/** Returns the plan, or throws a {@link PlanError} listing what was wrong with the input. */
export function requirePlan(plan: Plan): Plan {
  if (plan.problems && plan.problems.length > 0) throw new PlanError(plan.problems);
  return plan;
}

/** Options for {@link planToMarkdown}. */
export interface MarkdownOptions {
  /** Where the site is published; item links point at `<siteUrl>/register/<id>/`. */
  siteUrl: string;
  /** Keys of items already done, written as ticked boxes. */
  done?: ReadonlySet<string>;
}

/** The link of an entry's page on the site. */
export function entryUrl(siteUrl: string, id: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/register/${id}/`;
}

function escapeLinkText(text: string): string {
  return text.replace(/([[\]\\])/g, '\\$1');
}

function groupsToMarkdown(groups: AreaGroup[], options: MarkdownOptions): string[] {
  const lines: string[] = [];
  for (const group of groups) {
    lines.push('', `#### ${group.area.title}`, '');
    for (const item of group.items) {
      const box = options.done?.has(item.key) ? '[x]' : '[ ]';
      const tags = [
        item.entry.breaking ? '**breaking**' : undefined,
        `${(KIND_LABELS[item.entry.kind] ?? item.entry.kind).toLowerCase()} in ${item.entry.removed_in}`,
      ]
        .filter(Boolean)
        .join(', ');
      const detect = item.detect.command ? `; find uses: \`${item.detect.command}\`` : '; not detectable by a scan';
      // What breaks is Sunset's reading of the spec, so the line says so.
      const breaks = item.entry.breaking_reason ? `\n  - Breaks (Sunset's reading): ${item.entry.breaking_reason}` : '';
      lines.push(
        `- ${box} [${escapeLinkText(item.entry.title)}](${entryUrl(options.siteUrl, item.entry.id)}) (${tags})${detect}${breaks}`,
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
  lines.push('', `### Must do before upgrading (${count(plan.mustDo)})`);
  if (plan.mustDo.length === 0) lines.push('', 'Nothing in the register takes effect in this range.');
  lines.push(...groupsToMarkdown(plan.mustDo, options));
  lines.push('', `### Plan ahead (${count(plan.planAhead)})`);
  if (plan.planAhead.length === 0) lines.push('', 'The register lists no later removals yet.');
  lines.push(...groupsToMarkdown(plan.planAhead, options));
  if (plan.hostedNote) lines.push('', '### Hosted offering', '', plan.hostedNote);
  return `${lines.join('\n')}\n`;
}
