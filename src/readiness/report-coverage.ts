import { activeRules, type CheckRange, severityOf } from '../findings/active-rules.ts';
import type { Register } from '../register/register.ts';
import type { CheckReport } from './report-schema.ts';

/** What the register says a report of a range should have looked for, cached per range. */
export interface CoverageRules {
  /** Entry and error-condition ids with detection rules that apply to the range. */
  expected(range: CheckRange): ReadonlySet<string>;
  /** Entries that apply to the range but have no detection rule: to check by hand. */
  byHand(range: CheckRange): readonly string[];
}

const rangeKey = (range: CheckRange) => `${range.from}|${range.to}|${range.offering ?? ''}`;

/** The register's view of what each range covers. */
export function coverageRules(register: Register): CoverageRules {
  const expected = new Map<string, ReadonlySet<string>>();
  const byHand = new Map<string, readonly string[]>();
  return {
    expected(range) {
      const key = rangeKey(range);
      let ids = expected.get(key);
      if (!ids) {
        ids = new Set(activeRules(register, range).map((rule) => rule.info.id));
        expected.set(key, ids);
      }
      return ids;
    },
    byHand(range) {
      const key = rangeKey(range);
      let ids = byHand.get(key);
      if (!ids) {
        ids = register.entries.filter((entry) => entry.detect.length === 0 && severityOf(entry, range)).map((entry) => entry.id);
        byHand.set(key, ids);
      }
      return ids;
    },
  };
}

const list = (ids: readonly string[], shown = 3) =>
  ids.slice(0, shown).join(', ') + (ids.length > shown ? ` and ${ids.length - shown} more` : '');

/** The part of a report coverage reads: everything but its findings. */
type Covered = Pick<CheckReport, 'project' | 'range' | 'register' | 'rules' | 'time' | 'tool'>;

/**
 * Why a report cannot be counted whatever the target, before and after the target is compared (so the
 * first reason a reader needs comes first): it names no project; it lacks what an older sunset did not
 * record, or did not look for some of the rules of its range.
 */
export function targetFreeProblems(
  report: Covered,
  registerVersion: string,
  rules: CoverageRules,
): { before?: string; after?: string } {
  if (!report.project)
    return { before: 'names no project (run sunset check in CI, in a clone with a remote, or with --project)' };
  if (!report.register || !report.rules || !report.time)
    return {
      after: `was written by sunset ${report.tool.version}, which does not record its register; run the check again with a newer sunset`,
    };
  const ran = new Set(report.rules);
  const missing = [...rules.expected(report.range)].filter((id) => !ran.has(id));
  if (missing.length === 0) return {};
  if (report.register.version === registerVersion)
    return { after: `ran only some of the rules (sunset check --rule): it did not look for ${list(missing)}` };
  return { after: `was read with an older register (${report.register.version}) that did not look for ${list(missing)}` };
}

/** Why a report of another target release is not counted, or undefined when it is for the target. */
export function targetProblem(range: { to: string }, target: string): string | undefined {
  return range.to === target ? undefined : `is for another target release: it checks up to ${range.to}, not ${target}`;
}

/**
 * Why a report cannot be counted for a target, or undefined when it can. A report for another release
 * answers another question; one read with a register that lacked some of today's rules may miss uses.
 */
export function coverageProblem(
  report: Covered,
  target: string,
  registerVersion: string,
  rules: CoverageRules,
): string | undefined {
  const { before, after } = targetFreeProblems(report, registerVersion, rules);
  return before ?? targetProblem(report.range, target) ?? after;
}
