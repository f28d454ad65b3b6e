/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge space, with quotes
 * doubled. A field a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or carriage return first)
 * is prefixed with `'`, so opening the file never evaluates text taken from a repository.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, ended with CRLF as RFC 4180 writes it. */
export function csvRow(values: readonly (string | number)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
