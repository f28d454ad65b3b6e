/**
 * Where `sunset check` sends its reports: standard output (`--format`), a file (`--output`), and any number
 * of files in other formats (`--report FORMAT=PATH`, repeatable), all written from one scan. A CI job
 * that wants the JSON, code-quality and JUnit reports scans once and gets three reports that agree.
 */
import path from 'node:path';
import { UsageError } from './cli-io.ts';
import type { OutputFile } from './output-file.ts';

/** The report formats. */
export const REPORT_FORMATS = ['text', 'json', 'junit', 'sarif', 'codequality'] as const;

/** One report format. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A report to write to a file. */
export interface ReportFile extends OutputFile {
  format: ReportFormat;
}

/** Where the reports go: `stdout` is the format printed (none when `--output` takes it to a file). */
export interface ReportTargets {
  stdout?: ReportFormat;
  files: ReportFile[];
}

function formatOf(option: string, value: string): ReportFormat {
  if (!(REPORT_FORMATS as readonly string[]).includes(value))
    throw new UsageError(`${option} "${value}" is not one of ${REPORT_FORMATS.join(', ')}`);
  return value as ReportFormat;
}

/**
 * Reads `--format`, `--output` and every `--report FORMAT=PATH` into targets. Two reports into one file is a
 * usage error: the second would overwrite the first.
 */
export function reportTargets(
  options: { format: string; output?: string | undefined; report: readonly string[] },
  cwd: string,
): ReportTargets {
  const format = formatOf('--format', options.format);
  const files: ReportFile[] = [];
  const add = (format: ReportFormat, given: string) => {
    const absolute = path.resolve(cwd, given);
    const twice = files.find((file) => file.absolute === absolute);
    if (twice) throw new UsageError(`${given} is named for two reports (${twice.format} and ${format}); give each its own file`);
    files.push({ format, given, absolute, what: `${format} report` });
  };
  if (options.output !== undefined) {
    if (options.output === '') throw new UsageError('--output needs a file name');
    add(format, options.output);
  }
  for (const spec of options.report) {
    const split = spec.indexOf('=');
    if (split <= 0 || split === spec.length - 1)
      throw new UsageError(`--report "${spec}" is not FORMAT=PATH, such as --report junit=sunset-junit.xml`);
    add(formatOf(`--report ${spec}: format`, spec.slice(0, split)), spec.slice(split + 1));
  }
  return { ...(options.output === undefined ? { stdout: format } : {}), files };
}
