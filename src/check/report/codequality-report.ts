import type { Severity } from '../../findings/finding.ts';
import { type ReportInput, unreadableSkipped } from './report-input.ts';

/**
 * Code-quality severities: an error (breaks at the target release) is `major`, a warning (deprecated or
 * announced) is `minor`. `critical` and `blocker` are left to tools that judge security impact.
 */
const CODEQUALITY_SEVERITY: Record<Severity, 'major' | 'minor'> = { error: 'major', warning: 'minor' };

/**
 * The platform's code-quality report: an array of issues with `description`, `check_name`, `fingerprint`,
 * `severity` and `location.path` / `location.lines.begin`, which merge requests show inline.
 */
export function codequalityReport(input: ReportInput): string {
  const issues = input.findings.map((finding) => ({
    type: 'issue',
    // Names the tool, as Code Climate engines do; it also tells a scan that this file is Sunset's own output.
    engine_name: 'sunset',
    description: `${finding.message}${finding.fix ? ` Fix: ${finding.fix}` : ''}`,
    check_name: finding.ruleId,
    fingerprint: finding.fingerprint,
    severity: CODEQUALITY_SEVERITY[finding.severity],
    categories: ['Compatibility'],
    location: { path: finding.file, lines: { begin: finding.line } },
  }));
  // The format has only issues: with --skip-unreadable, each file not read is an `info` one, so a merge
  // request shows what the gate did not check.
  const unread = (input.skipUnreadable ? unreadableSkipped(input) : []).map((note) => ({
    type: 'issue',
    engine_name: 'sunset',
    description: `Not checked: ${note.reason} (--skip-unreadable)`,
    check_name: 'unreadable',
    fingerprint: `unreadable:${note.path}`,
    severity: 'info',
    categories: ['Compatibility'],
    location: { path: note.path, lines: { begin: 1 } },
  }));
  return `${JSON.stringify([...issues, ...unread], null, 2)}\n`;
}
