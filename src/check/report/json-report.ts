import { countBySeverity, type ReportInput } from './report-input.ts';

/** The JSON report: the range, a summary and every finding (stable field names; reference design). */
export function jsonReport(input: ReportInput): string {
  const { errors, warnings } = countBySeverity(input.findings);
  const report = {
    tool: { name: 'sunset', version: input.version },
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
    findings: input.findings,
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
