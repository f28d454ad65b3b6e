/**
 * Reads every report file once, in order: each is parsed and checked, summed up (report-summary.ts), and
 * its findings go to the spool, so memory holds summaries only however many projects an instance has.
 * What cannot be counted whatever the target is noted on the summary and not spooled; a report for another
 * target than a given one is not spooled either.
 */
import { registerVersion } from '../check/report/report-origin.ts';
import type { Register } from '../register/register.ts';
import type { FindingSpool } from './finding-spool.ts';
import { readReport, type UnreadFile } from './read-reports.ts';
import { coverageRules, targetFreeProblems } from './report-coverage.ts';
import { internTable, type ReportSummary, summarize } from './report-summary.ts';

/** What reading the files gave. */
export interface ReadAll {
  /** Every file that is a report, in the order read. */
  reports: ReportSummary[];
  /** Files that are not. */
  unread: UnreadFile[];
}

/** Reads `files` (relative to `cwd`) into summaries and the spool; `onFile` hears how many are done. */
export function readAllReports(
  files: readonly string[],
  cwd: string,
  options: { register: Register; spool: FindingSpool; target?: string; onFile?: (done: number) => void },
): ReadAll {
  const version = registerVersion(options.register);
  const rules = coverageRules(options.register);
  const intern = internTable();
  const reports: ReportSummary[] = [];
  const unread: UnreadFile[] = [];
  files.forEach((file, index) => {
    const result = readReport(file, cwd);
    if ('report' in result) {
      const problems = targetFreeProblems(result.report, version, rules);
      const summary = summarize(result.report, file, problems, intern);
      const countable =
        !problems.before && !problems.after && (options.target === undefined || result.report.range.to === options.target);
      if (countable) summary.spool = options.spool.append(result.report.findings);
      reports.push(summary);
    } else unread.push(result);
    options.onFile?.(index + 1);
  });
  return { reports, unread };
}
