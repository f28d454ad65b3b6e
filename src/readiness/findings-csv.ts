import { csvRow } from './csv-field.ts';
import type { ReadinessModel } from './readiness-model.ts';

/** The columns of `findings.csv`. */
export const CSV_COLUMNS = ['project', 'entry', 'severity', 'file', 'line', 'column', 'match', 'message', 'commit', 'scanned_at'];

/** Every finding of every counted project's newest report, one per row, as chunks to write in turn. */
export function* findingsCsv(model: ReadinessModel): Generator<string> {
  yield csvRow(CSV_COLUMNS);
  for (const status of model.projects) {
    const { report } = status;
    let chunk = '';
    for (const finding of report.findings) {
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
    if (chunk) yield chunk;
  }
}
