import { countBySeverity, type ReportInput, unreadableSkipped } from './report-input.ts';

/**
 * The JSON report: where it comes from, the range, a summary and every finding (stable field names;
 * reference design). `rules` lists the entries whose rules ran, so a reader knows what was looked for;
 * `checkByHand` the entries of the range that no rule can find, with the platform's links where imported.
 */
export function jsonReport(input: ReportInput): string {
  const { errors, warnings } = countBySeverity(input.findings);
  const { origin } = input;
  const report = {
    tool: { name: 'sunset', version: input.version },
    ...(origin
      ? {
          ...(origin.project ? { project: origin.project } : {}),
          ...(origin.commit ? { commit: origin.commit } : {}),
          time: origin.time,
          register: { version: origin.registerVersion },
        }
      : {}),
    range: { from: input.range.from, to: input.range.to, ...(input.range.offering ? { offering: input.range.offering } : {}) },
    failOn: input.failOn,
    summary: {
      errors,
      warnings,
      files: new Set(input.findings.map((finding) => finding.file)).size,
      scanned: input.stats.files,
      bytes: input.stats.bytes,
      suppressed: input.stats.suppressed,
      baselined: input.baselined,
      skipped: input.skipped.length,
    },
    rules: input.rules.map((rule) => rule.id),
    findings: input.findings,
    // Only a run with --skip-unreadable gets this far past an unreadable file; the report says what it did not read.
    ...(input.skipUnreadable
      ? { skipUnreadable: true, unreadable: unreadableSkipped(input).map(({ path, reason }) => ({ path, reason })) }
      : {}),
    // What the settings' rules: changed, so a reader of the report knows why a rule's findings are missing or milder.
    ...(input.severityOverrides ? { severityOverrides: input.severityOverrides } : {}),
    ...(input.byHand ? { checkByHand: input.byHand } : {}),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
