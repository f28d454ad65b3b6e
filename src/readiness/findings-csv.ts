import { csvRow } from './csv-field.ts';
import type { ProjectStatus } from './readiness-model.ts';
import type { ReportFinding } from './report-schema.ts';

/** The columns of `findings.csv`. */
export const CSV_COLUMNS = ['project', 'entry', 'severity', 'file', 'line', 'column', 'match', 'message', 'commit', 'scanned_at'];

/** The header of `findings.csv`. */
export const CSV_HEADER = csvRow(CSV_COLUMNS);

/** The rows of one counted project's newest report, one finding a row, as one chunk to write. */
export function findingsCsvRows(status: ProjectStatus, findings: readonly ReportFinding[]): string {
  const { report } = status;
  let chunk = '';
  for (const finding of findings) {
    chunk += csvRow([
      status.project,
      finding.ruleId,
      finding.severity,
      finding.file,
      finding.line,
      finding.column,
      finding.match,
      finding.message,
      report.commit ?? '',
      report.time,
    ]);
  }
  return chunk;
}
