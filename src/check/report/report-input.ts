import type { CheckRange } from '../../findings/active-rules.ts';
import type { Finding, RuleInfo, Severity } from '../../findings/finding.ts';
import type { ReportOrigin } from '../../findings/report-origin.ts';
import type { CheckStats } from '../check.ts';
import type { ByHandItem } from '../check-by-hand.ts';
import type { SkipNote } from '../scan/walk.ts';
import type { AppliedOverride } from '../severity-overrides.ts';

/** The level at which findings fail the run. */
export type FailOn = 'removed' | 'deprecated' | 'never';

/** Everything a report format reads; reports are pure functions of it. */
export interface ReportInput {
  findings: readonly Finding[];
  rules: readonly RuleInfo[];
  stats: CheckStats;
  skipped: readonly SkipNote[];
  /** Files left out on purpose and not counted (the run's own outputs, ignored files), for `--verbose`. */
  ignored?: readonly SkipNote[];
  range: CheckRange;
  failOn: FailOn;
  /** Findings left out because the baseline holds them. */
  baselined: number;
  /** The version of `sunset`, from package.json. */
  version: string;
  /** Absolute working directory, the base of every finding's path. */
  cwd: string;
  /** Where the site is published (entry pages live under it). */
  siteUrl: string;
  /** The project, commit, time and register version the JSON report records. */
  origin?: ReportOrigin;
  /** Entries of the range no rule can find (the JSON report's `checkByHand`). */
  byHand?: readonly ByHandItem[];
  /**
   * Set by `--skip-unreadable`: the run went on past files and folders it could not read, so every report
   * says so and lists them (without it such a run exits 2 and writes no report).
   */
  skipUnreadable?: boolean;
  /** The settings' per-rule severities (`rules:` in `.sunset.yml`) and the findings each touched. */
  severityOverrides?: readonly AppliedOverride[];
}

/** The skipped files and folders that could not be read, which `--skip-unreadable` let a run pass. */
export function unreadableSkipped(input: ReportInput): SkipNote[] {
  return input.skipped.filter((note) => note.unreadable);
}

/** Whether a finding of this severity fails the run at a `--fail-on` level. */
export function fails(severity: Severity, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  return severity === 'error' || failOn === 'deprecated';
}

/**
 * Whether a finding fails the gate, as reports show it: at or above the `--fail-on` level, where `never`
 * counts as `removed`. `--fail-on never` changes only the exit code (a job that must not fail still
 * reports what the release removes as failing); the reports say the same whatever the exit-code mode.
 */
export function failsGate(severity: Severity, failOn: FailOn): boolean {
  return fails(severity, failOn === 'never' ? 'removed' : failOn);
}

/** Counts by severity. */
export function countBySeverity(findings: readonly Finding[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const finding of findings) if (finding.severity === 'error') errors++;
  return { errors, warnings: findings.length - errors };
}

/** `1 error`, `2 warnings`. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
