import { BlockEncoder } from '../../src/readiness/finding-block.ts';
import { reportRead } from '../../src/readiness/report-reader.ts';
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
  const read = reportRead(0, report, encoded, -1, { spool: 0, offset: 0, length: encoded.bytes.length });
  const numbers = encoder.tables.rules.map((id) => internRule(intern, id));
  return summarize(read, file, problems, intern, numbers);
}
