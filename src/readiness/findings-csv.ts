import { csvField, csvRow } from './csv-field.ts';
import { FIELD, FIELDS, type FindingBlock } from './finding-block.ts';
import type { ProjectStatus } from './readiness-model.ts';
import { TextMemo } from './text-memo.ts';

/** The columns of `findings.csv`. */
export const CSV_COLUMNS = ['project', 'entry', 'severity', 'file', 'line', 'column', 'match', 'message', 'commit', 'scanned_at'];

/** The header of `findings.csv`. */
export const CSV_HEADER = csvRow(CSV_COLUMNS);

/** Texts and rule ids quoted for the CSV, each once. */
const quoted = new TextMemo(csvField);

/**
 * The rows of one counted project's newest report, one finding a row in report order, as one chunk to
 * write. Each distinct text is quoted once: the project's fields here, the findings' texts once a run.
 */
export function findingsCsvRows(status: ProjectStatus, block: FindingBlock): string {
  const { report } = status;
  const start = `${csvField(status.project)},`;
  const end = `,${csvField(report.commit ?? '')},${csvField(report.time)}\r\n`;
  const rule = quoted.of(block.rules);
  const text = quoted.of(block.texts);
  const { data } = block;
  let chunk = '';
  for (let at = 0; at < data.length; at += FIELDS) {
    chunk += `${start}${rule(data[at + FIELD.rule] as number)},${data[at + FIELD.error] ? 'error' : 'warning'},${text(data[at + FIELD.file] as number)},${data[at + FIELD.line]},${data[at + FIELD.column]},${text(data[at + FIELD.match] as number)},${text(data[at + FIELD.message] as number)}${end}`;
  }
  return chunk;
}
