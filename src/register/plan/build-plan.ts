import type { Area } from '../../schemas/area.ts';
import type { Offering } from '../../schemas/offering.ts';
import type { RegisterEntry } from '../../schemas/register-entry.ts';
import type { UpgradeStop } from '../../schemas/upgrade-stop.ts';
import type { Register } from '../register.ts';
import { compareReleases, inRange } from '../releases.ts';
import { entryCheckCommand, rangeCheckCommand } from './check-commands.ts';
import { normalizeReleaseInput, PlanError, type PlanInput, type PlanProblem, planProblems } from './release-input.ts';
import { type LegBounds, legsThrough, onLeg, stopsBetween } from './upgrade-legs.ts';

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

/** One leg of an upgrade through required stops, with the must-do items that take effect on it. */
export interface PlanLeg extends LegBounds {
  groups: AreaGroup[];
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
  // Where the register knows the platform's required upgrade stops (an imported upgrade path):
  /** The required stops strictly between `from` and `to`, oldest first. */
  stops?: UpgradeStop[];
  /** The upgrade leg by leg through `stops`; each must-do item on the leg that crosses its release. */
  legs?: PlanLeg[];
  /** True when the direct list was asked for although the range crosses `stops`. */
  direct?: boolean;
}

/** The note on the hosted offering's early removals, in our words after the spec's versioning section. */
export const HOSTED_NOTE =
  'On the hosted offering a deprecated feature can be removed at any time in the month before its release, so act on these items before that month starts.';

/** The releases the platform's items attached to an entry give where they disagree with the entry's own. */
function platformReleases(entry: RegisterEntry): string[] {
  return (entry.sources ?? []).flatMap((source) =>
    (source.disagreements ?? [])
      .filter((difference) => difference.field === 'removed_in')
      .map((difference) => difference.platform),
  );
}

/** The release an entry is planned at within a range: its own, else the platform's that falls in the range. */
function planRelease(entry: RegisterEntry, from: string, to: string): string {
  if (inRange(entry.removed_in, from, to)) return entry.removed_in;
  return platformReleases(entry).find((release) => inRange(release, from, to)) ?? entry.removed_in;
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
  register: Pick<Register, 'entries' | 'areas' | 'knowsRelease' | 'releases' | 'removedBetween' | 'upgradeStops'>,
  input: PlanInput,
): Plan {
  const from = normalizeReleaseInput(input.from);
  const to = normalizeReleaseInput(input.to);
  const problems = planProblems(register, { ...input, from, to });
  const offering = input.offering as Offering | undefined;
  const base = {
    from,
    to,
    ...(offering ? { offering } : {}),
    checkCommand: rangeCheckCommand({ from, to, offering }),
  };
  if (problems.length > 0) return { ...base, mustDo: [], planAhead: [], problems };

  const inRangeHere = register.removedBetween(from, to, offering);
  // An entry the platform's data dates to a release in the range, though the register files it elsewhere,
  // is listed too: its item shows both releases, so neither reading is dropped silently.
  const platformDated = register.entries.filter(
    (entry) =>
      !inRangeHere.includes(entry) &&
      (!offering || entry.offerings.includes(offering)) &&
      platformReleases(entry).some((release) => inRange(release, from, to)),
  );
  const mustDo = [...inRangeHere, ...platformDated];
  const planAhead = register.entries.filter(
    (entry) =>
      !platformDated.includes(entry) &&
      (!offering || entry.offerings.includes(offering)) &&
      compareReleases(entry.removed_in, to) > 0 &&
      !(entry.announced_in !== undefined && compareReleases(entry.announced_in, to) > 0),
  );
  const stops = stopsBetween(register.upgradeStops ?? [], from, to);
  const through =
    stops.length === 0
      ? {}
      : input.direct
        ? { stops, direct: true }
        : {
            stops,
            legs: legsThrough(from, to, stops).map((leg) => ({
              ...leg,
              groups: groupByArea(
                mustDo.filter((entry) => onLeg(planRelease(entry, from, to), leg)),
                register.areas,
              ),
            })),
          };
  return {
    ...base,
    mustDo: groupByArea(mustDo, register.areas),
    planAhead: groupByArea(planAhead, register.areas),
    ...(!offering || offering === 'hosted' ? { hostedNote: HOSTED_NOTE } : {}),
    ...through,
  };
}

/** Returns the plan, or throws a {@link PlanError} listing what was wrong with the input. */
export function requirePlan(plan: Plan): Plan {
  if (plan.problems && plan.problems.length > 0) throw new PlanError(plan.problems);
  return plan;
}
