import { activeRules, type CheckRange, severityOf } from '../check/active-rules.ts';
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

/**
 * Why a report cannot be counted for a target, or undefined when it can. A report for another release
 * answers another question; one read with a register that lacked some of today's rules may miss uses.
 */
export function coverageProblem(
  report: CheckReport,
  target: string,
  registerVersion: string,
  rules: CoverageRules,
): string | undefined {
  if (!report.project) return 'names no project (run sunset check in CI, in a clone with a remote, or with --project)';
  if (report.range.to !== target) return `is for another target release: it checks up to ${report.range.to}, not ${target}`;
  if (!report.register || !report.rules || !report.time)
    return `was written by sunset ${report.tool.version}, which does not record its register; run the check again with a newer sunset`;
  const ran = new Set(report.rules);
  const missing = [...rules.expected(report.range)].filter((id) => !ran.has(id));
  if (missing.length === 0) return undefined;
  if (report.register.version === registerVersion)
    return `ran only some of the rules (sunset check --rule): it did not look for ${list(missing)}`;
  return `was read with an older register (${report.register.version}) that did not look for ${list(missing)}`;
}
