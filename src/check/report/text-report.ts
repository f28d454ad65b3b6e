import { countBySeverity, fails, plural, type ReportInput, unreadableSkipped } from './report-input.ts';

/** ANSI styling, or none. */
export interface Palette {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`;

/** Colours for a terminal. */
export const COLOURS: Palette = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  red: wrap(31, 39),
  yellow: wrap(33, 39),
  green: wrap(32, 39),
};

/** No colours: files, pipes, `NO_COLOR`. */
export const PLAIN: Palette = { bold: String, dim: String, red: String, yellow: String, green: String };

/** Colour only on a terminal and only when `NO_COLOR` is unset (https://no-color.org). */
export function paletteFor(isTTY: boolean | undefined, env: Readonly<Record<string, string | undefined>>): Palette {
  return isTTY && (env.NO_COLOR === undefined || env.NO_COLOR === '') ? COLOURS : PLAIN;
}

/** Collapses line breaks and runs of spaces, so a message or fix stays on its own line of the report. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The human report: findings grouped by file (line:column, severity, message, rule id, then the fix and
 * the entry's link), and a summary line. `verbose` adds the files that were skipped or left out, and why.
 */
export function textReport(input: ReportInput, palette: Palette, verbose = false): string {
  const lines: string[] = [];
  const byFile = Map.groupBy(input.findings, (finding) => finding.file);
  for (const [file, findings] of byFile) {
    lines.push(palette.bold(file));
    // The place column is as wide as the file's longest `line:column`, so a long one never touches the severity.
    const width = Math.max(6, ...findings.map((finding) => `${finding.line}:${finding.column}`.length)) + 2;
    const indent = ' '.repeat(2 + width + 9);
    for (const finding of findings) {
      const place = `${finding.line}:${finding.column}`.padEnd(width);
      const severity = finding.severity === 'error' ? palette.red('error  ') : palette.yellow('warning');
      lines.push(`  ${place}${severity}  ${oneLine(finding.message)}  ${palette.dim(finding.ruleId)}`);
      if (finding.fix) lines.push(`${indent}${palette.dim(`Fix: ${oneLine(finding.fix)}`)}`);
      if (finding.helpUri) lines.push(`${indent}${palette.dim(finding.helpUri)}`);
    }
    lines.push('');
  }
  const notes = verbose ? [...input.skipped, ...(input.ignored ?? [])].sort((a, b) => a.path.localeCompare(b.path)) : [];
  if (notes.length > 0) {
    lines.push(palette.bold('Skipped'));
    for (const note of notes) lines.push(`  ${note.path}: ${note.reason}`);
    lines.push('');
  }
  const { errors, warnings } = countBySeverity(input.findings);
  const range = `${input.range.from} → ${input.range.to}${input.range.offering ? ` (${input.range.offering})` : ''}`;
  const extras = [
    `${plural(input.stats.files, 'file')} scanned (${megabytes(input.stats.bytes)})`,
    input.stats.suppressed > 0 ? `${input.stats.suppressed} suppressed` : undefined,
    input.baselined > 0 ? `${input.baselined} in baseline` : undefined,
    input.skipped.length > 0 ? `${input.skipped.length} skipped${verbose ? '' : ' (--verbose lists them)'}` : undefined,
    input.skipUnreadable ? `${unreadableSkipped(input).length} not readable, not checked (--skip-unreadable)` : undefined,
  ].filter(Boolean);
  if (input.findings.length === 0) {
    lines.push(`${palette.green('✔')} No removed or deprecated uses for ${range} · ${extras.join(' · ')}`);
  } else {
    const failing = input.findings.some((finding) => fails(finding.severity, input.failOn));
    const mark = failing ? palette.red('✖') : palette.yellow('!');
    const counts = `${plural(input.findings.length, 'finding')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) in ${plural(byFile.size, 'file')}`;
    lines.push(`${mark} ${counts} for ${range} · ${extras.join(' · ')}`);
  }
  return `${lines.join('\n')}\n`;
}
