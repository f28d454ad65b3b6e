import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeFault } from '../check/scan/file-fault.ts';
import { EntryRows } from './entry-rows.ts';
import { CSV_HEADER, findingsCsvRows } from './findings-csv.ts';
import { coveragePages } from './pages/coverage-pages.ts';
import { entryListPages, entryPages } from './pages/entry-pages.ts';
import { overviewPage } from './pages/overview-page.ts';
import { byEntry, projectListPages, projectPages } from './pages/project-pages.ts';
import { trendsPage } from './pages/trends-page.ts';
import { readinessJson } from './readiness-json.ts';
import type { ProjectStatus, ReadinessModel } from './readiness-model.ts';
import { readinessStyles } from './readiness-styles.ts';
import type { ReportFinding } from './report-schema.ts';
import { drawable } from './trend.ts';

/** A folder that holds something other than a readiness site: never written into. */
export class OutDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutDirError';
  }
}

/** What was written. */
export interface WrittenSite {
  pages: number;
  files: string[];
}

/**
 * Makes `out` ready for a site, or throws an {@link OutDirError} saying why it cannot be: a file, a folder
 * that holds something else, or one that cannot be written. Run before any report is read, so a wrong
 * `--out` fails at once.
 */
export function prepareOutDir(out: string, shown: string = out): void {
  try {
    if (existsSync(out)) {
      if (!statSync(out).isDirectory())
        throw new OutDirError(`--out ${shown} is a file; give a folder (empty, new, or an earlier site)`);
      const names = readdirSync(out);
      if (names.length > 0 && !names.includes('readiness.json'))
        throw new OutDirError(`${shown} is not empty and holds no readiness site; give an empty or new folder to --out`);
      // Pages of projects or entries that are gone must not linger from an earlier run.
      for (const folder of ['entries', 'projects']) rmSync(path.join(out, folder), { recursive: true, force: true });
    }
    mkdirSync(path.join(out, 'entries'), { recursive: true });
    mkdirSync(path.join(out, 'projects'), { recursive: true });
    // A folder that takes new folders may still refuse files (a read-only mount): find out now.
    writeFileSync(path.join(out, 'readiness.json'), '', { flag: 'a' });
  } catch (error) {
    if (error instanceof OutDirError) throw error;
    throw new OutDirError(`cannot write the site to --out ${shown}: ${describeFault(error)}; give a folder you can write to`);
  }
}

/** Page writes the thread pool may have in hand at once. */
const MAX_WRITES_IN_FLIGHT = 32;

/** Bytes of `findings.csv` gathered before one write. */
const CSV_FLUSH_AT = 1 << 20;

/**
 * Writes files of a site through the thread pool while the caller renders the next ones, with a bounded
 * number in flight so pages waiting to be written take little memory. A failed write fails the next call.
 */
function pageWriter(out: string) {
  const files: string[] = [];
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  return {
    files,
    async write(file: string, text: string): Promise<void> {
      files.push(file);
      const pending: Promise<void> = writeFile(path.join(out, file), text)
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => inFlight.delete(pending));
      inFlight.add(pending);
      if (inFlight.size >= MAX_WRITES_IN_FLIGHT) await Promise.race(inFlight);
      if (failure) throw failure;
    },
    async done(): Promise<void> {
      await Promise.all(inFlight);
      if (failure) throw failure;
    },
  };
}

type Writer = ReturnType<typeof pageWriter>;
type Frame = { trends: boolean; siteUrl: string };

/**
 * The projects, one at a time in the model's order, each with the findings `findingsOf` reads back for it:
 * its rows of `findings.csv`, its pages, and its rows of each entry's pages (into `rows`).
 */
async function writeProjects(
  model: ReadinessModel,
  out: string,
  writer: Writer,
  frame: Frame,
  rows: ReadonlyMap<string, EntryRows>,
  findingsOf: (status: ProjectStatus) => readonly ReportFinding[],
  onProject?: (done: number) => void,
): Promise<void> {
  const titles = new Map(model.entries.map((impact) => [impact.id, impact.title]));
  const csv = openSync(path.join(out, 'findings.csv'), 'w');
  try {
    let pending = CSV_HEADER;
    for (const [index, status] of model.projects.entries()) {
      const findings = findingsOf(status);
      pending += findingsCsvRows(status, findings);
      if (pending.length >= CSV_FLUSH_AT) {
        writeSync(csv, pending);
        pending = '';
      }
      for (const { id, findings: group } of byEntry(findings)) rows.get(id)?.add(index, group);
      for (const page of projectPages(model, status, findings, frame, titles)) await writer.write(page.file, page.html);
      onProject?.(index + 1);
    }
    if (pending) writeSync(csv, pending);
  } finally {
    closeSync(csv);
  }
}

/**
 * Writes the readiness site, `readiness.json` and `findings.csv` into `out`: first the projects (see
 * {@link writeProjects}), so memory holds one project's findings at a time whatever the number of
 * projects, then the entries' pages from the rows the projects left, then the lists and summaries.
 * `onProject` hears the count of projects written, for progress.
 */
export async function writeSite(
  model: ReadinessModel,
  out: string,
  findingsOf: (status: ProjectStatus) => readonly ReportFinding[],
  onProject?: (done: number) => void,
): Promise<WrittenSite> {
  const styles = readinessStyles();
  prepareOutDir(out);
  const frame = { trends: drawable(model.trend), siteUrl: model.siteUrl };
  const writer = pageWriter(out);
  // Each entry's rows wait in a scratch file of their own (see entry-rows.ts).
  const scratch = mkdtempSync(path.join(tmpdir(), 'sunset-entry-rows-'));
  try {
    const rows = new Map(model.entries.map((impact, index) => [impact.id, new EntryRows(path.join(scratch, `${index}.rows`))]));
    await writeProjects(model, out, writer, frame, rows, findingsOf, onProject);
    for (const impact of model.entries)
      for (const page of entryPages(model, impact, rows.get(impact.id) as EntryRows, frame))
        await writer.write(page.file, page.html);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  await writer.write('index.html', overviewPage(model, frame));
  for (const page of entryListPages(model, frame)) await writer.write(page.file, page.html);
  for (const page of projectListPages(model, frame)) await writer.write(page.file, page.html);
  for (const page of coveragePages(model, frame)) await writer.write(page.file, page.html);
  const trends = trendsPage(model, frame);
  if (trends) await writer.write('trends.html', trends);
  const pages = writer.files.length;
  for (const [file, text] of Object.entries(styles)) writeFileSync(path.join(out, file), text);
  await writer.write('readiness.json', readinessJson(model));
  await writer.done();
  return { pages, files: [...writer.files, ...Object.keys(styles), 'findings.csv'] };
}
