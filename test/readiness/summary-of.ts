import { BlockEncoder } from '../../src/readiness/finding-block.ts';
import type { ReportRead } from '../../src/readiness/report-reader.ts';
import type { CheckReport } from '../../src/readiness/report-schema.ts';
import { type InternTable, internRule, type ReportSummary, summarize } from '../../src/readiness/report-summary.ts';

/**
 * A report's summary as a readiness run makes it: its findings encoded by the reading threads' encoder, then
 * summed up against the run's rule table, without a file or a spool in between.
 */
export function summaryOf(
  report: CheckReport,
  file: string,
  intern: InternTable,
  problems: ReportSummary['problems'] = {},
): ReportSummary {
  const encoder = new BlockEncoder();
  const encoded = encoder.encode(report.findings);
  const read: ReportRead = {
    index: 0,
    ...(report.project !== undefined ? { project: report.project } : {}),
    ...(report.time !== undefined ? { time: report.time } : {}),
    ...(report.commit !== undefined ? { commit: report.commit } : {}),
    range: report.range,
    toolVersion: report.tool.version,
    ...(report.register ? { registerVersion: report.register.version } : {}),
    summary: report.summary,
    rules: -1,
    findings: report.findings.length,
    errors: encoded.errors,
    counts: encoded.counts,
    place: { spool: 0, offset: 0, length: encoded.bytes.length },
  };
  const numbers = encoder.tables.rules.map((id) => internRule(intern, id));
  return summarize(read, file, problems, intern, numbers);
}
