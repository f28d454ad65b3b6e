import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type CheckReport, parseCheckReport } from './report-schema.ts';

/** A report file that was read and fits the format. */
export interface ReadReport {
  /** The path as given or found, relative to the working directory when under it. */
  file: string;
  report: CheckReport;
}

/** A file that is not counted, and why. */
export interface UnreadFile {
  file: string;
  reason: string;
}

/** Bounds on what `sunset readiness` reads. */
export interface ReadLimits {
  /** Largest report file in bytes. */
  maxBytes: number;
  /** Most report files in one run. */
  maxFiles: number;
}

/** Large enough for a report with hundreds of thousands of findings; small enough to refuse a wrong file. */
export const DEFAULT_READ_LIMITS: ReadLimits = { maxBytes: 64 * 1024 * 1024, maxFiles: 100_000 };

/** A path that cannot be read at all, or a run over the file limit: a usage error, not an unread report. */
export class ReportPathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportPathError';
  }
}

/** Every `.json` file under the paths (directories are walked, files are taken as given), sorted. */
export function reportFiles(paths: readonly string[], cwd: string, limits: ReadLimits = DEFAULT_READ_LIMITS): string[] {
  const files: string[] = [];
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const info = statSync(absolute, { throwIfNoEntry: false });
    if (!info) throw new ReportPathError(`${given}: no such file or directory`);
    if (info.isDirectory()) {
      const names = readdirSync(absolute, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.json'))
        .sort();
      for (const name of names) files.push(path.join(absolute, name));
    } else files.push(absolute);
    if (files.length > limits.maxFiles)
      throw new ReportPathError(`more than ${limits.maxFiles} report files under ${paths.join(', ')}; give fewer at a time`);
  }
  return files.map((file) => {
    const relative = path.relative(cwd, file);
    return relative.startsWith('..') ? file : relative;
  });
}

/** Reads and parses one report file; never throws for what is in the file. */
export function readReport(file: string, cwd: string, limits: ReadLimits = DEFAULT_READ_LIMITS): ReadReport | UnreadFile {
  const absolute = path.resolve(cwd, file);
  const size = statSync(absolute, { throwIfNoEntry: false })?.size;
  if (size === undefined) return { file, reason: 'cannot be read' };
  if (size > limits.maxBytes) return { file, reason: `is ${size} bytes, over the ${limits.maxBytes}-byte limit of a report` };
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(absolute, 'utf8'));
  } catch (error) {
    return { file, reason: `is not JSON: ${(error as Error).message}` };
  }
  const parsed = parseCheckReport(data);
  if ('problem' in parsed) return { file, reason: `is not a sunset check JSON report: ${parsed.problem}` };
  return { file, report: parsed.report };
}
