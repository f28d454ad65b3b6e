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

/**
 * Text a terminal shows as written: control characters (an escape sequence in a file name would recolour,
 * move or clear the screen) are written as `\n`, `\t`, `\x1b`. File names come from the repository
 * checked, so they are not to be trusted.
 */
function printable(text: string): string {
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters made visible.
  return text.replace(/[\x00-\x1f\x7f-\x9f]/g, (char) => named[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Collapses line breaks and runs of spaces, so a message or fix stays on its own line of the report. */
function oneLine(text: string): string {
  return printable(text.replace(/\s+/g, ' ').trim());
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Findings per rule, most first, as `ruff --statistics` prints them: the count, the severity, the rule id
 * and the rule's title, in columns.
 */
export function ruleStatistics(input: Pick<ReportInput, 'findings' | 'rules'>, palette: Palette): string[] {
  const titles = new Map(input.rules.map((rule) => [rule.id, rule.title]));
  const rows = [...Map.groupBy(input.findings, (finding) => finding.ruleId)]
    .map(([id, findings]) => ({ id, count: findings.length, severity: findings[0]?.severity ?? 'warning' }))
    .sort((a, b) => b.count - a.count || a.id.localeCompare(b.id));
  const countWidth = Math.max(0, ...rows.map((row) => String(row.count).length));
  const idWidth = Math.max(0, ...rows.map((row) => row.id.length));
  return rows.map((row) => {
    const severity = row.severity === 'error' ? palette.red('error  ') : palette.yellow('warning');
    return `${String(row.count).padStart(countWidth)}  ${severity}  ${printable(row.id.padEnd(idWidth))}  ${oneLine(titles.get(row.id) ?? '')}`.trimEnd();
  });
}

/** What a skipped file's reason says before its details: `not readable (…)` counts as `not readable`. */
const reasonKind = (reason: string) => reason.split(/[(:]/)[0]?.trim() ?? reason;

/**
 * What the run did not check, which a green line must not hide: the changes of the range no scan can
 * detect (they need a look by hand), and the files skipped, counted by why.
 */
function notChecked(input: ReportInput, verbose: boolean): string[] {
  const lines: string[] = [];
  const range = `--from ${input.range.from} --to ${input.range.to}${input.range.offering ? ` --offering ${input.range.offering}` : ''}`;
  const byHand = input.byHand?.length ?? 0;
  if (byHand > 0) {
    const change = byHand === 1 ? 'change' : 'changes';
    lines.push(
      `  ${byHand} ${change} of the range no scan can detect: check ${byHand === 1 ? 'it' : 'them'} by hand (${verbose ? 'listed above' : '--verbose lists them'}; so does sunset plan ${range})`,
    );
  }
  if (input.skipped.length > 0) {
    const kinds = [...Map.groupBy(input.skipped, (note) => reasonKind(note.reason))].map(
      ([kind, notes]) => `${notes.length} ${oneLine(kind)}`,
    );
    lines.push(
      `  ${plural(input.skipped.length, 'file')} skipped: ${kinds.join(', ')}${verbose ? '' : ' (--verbose lists them)'}`,
    );
  }
  return lines.length > 0 ? ['Not checked:', ...lines] : [];
}

/**
 * The human report: findings grouped by file (line:column, severity, message, rule id, then the fix and
 * the entry's link), a summary line, and what was not checked. `verbose` adds the files that were skipped
 * or left out and the changes to check by hand; `statistics` prints findings per rule instead of each one.
 */
export function textReport(input: ReportInput, palette: Palette, verbose = false, statistics = false): string {
  const lines: string[] = [];
  const byFile = Map.groupBy(input.findings, (finding) => finding.file);
  if (statistics && input.findings.length > 0) lines.push(...ruleStatistics(input, palette), '');
  for (const [file, findings] of statistics ? [] : byFile) {
    lines.push(palette.bold(printable(file)));
    // The place column is as wide as the file's longest `line:column`, so a long one never touches the severity.
    const width = Math.max(6, ...findings.map((finding) => `${finding.line}:${finding.column}`.length)) + 2;
    const indent = ' '.repeat(2 + width + 9);
    for (const finding of findings) {
      const place = `${finding.line}:${finding.column}`.padEnd(width);
      const severity = finding.severity === 'error' ? palette.red('error  ') : palette.yellow('warning');
      lines.push(`  ${place}${severity}  ${oneLine(finding.message)}  ${palette.dim(printable(finding.ruleId))}`);
      if (finding.fix) lines.push(`${indent}${palette.dim(`Fix: ${oneLine(finding.fix)}`)}`);
      if (finding.helpUri) lines.push(`${indent}${palette.dim(printable(finding.helpUri))}`);
    }
    lines.push('');
  }
  const notes = verbose ? [...input.skipped, ...(input.ignored ?? [])].sort((a, b) => a.path.localeCompare(b.path)) : [];
  if (notes.length > 0) {
    lines.push(palette.bold('Skipped'));
    for (const note of notes) lines.push(`  ${printable(note.path)}: ${oneLine(note.reason)}`);
    lines.push('');
  }
  if (verbose && input.byHand && input.byHand.length > 0) {
    lines.push(palette.bold('Check by hand'));
    for (const item of input.byHand) lines.push(`  ${item.id} (${item.removedIn}): ${oneLine(item.title)}`);
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
  if (input.severityOverrides && input.severityOverrides.length > 0)
    lines.push(
      `Severity set in the settings (rules:): ${input.severityOverrides
        .map(
          (rule) =>
            `${printable(rule.id)} ${rule.severity} (${plural(rule.findings, 'finding')}${rule.severity === 'off' ? ' left out' : ''})`,
        )
        .join(', ')}`,
    );
  lines.push(...notChecked(input, verbose));
  return `${lines.join('\n')}\n`;
}
