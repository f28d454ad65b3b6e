import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describeFault } from '../findings/file-fault.ts';
import { BufferedFile } from './buffered-file.ts';
import { type EntryPassJob, runEntryPass } from './entry-pass.ts';
import type { SpoolReader } from './finding-spool.ts';
import { CSV_HEADER, findingsCsvRows } from './findings-csv.ts';
import { coveragePages } from './pages/coverage-pages.ts';
import { type EntryPageInput, entryListPages, type Frame } from './pages/entry-pages.ts';
import { overviewPage } from './pages/overview-page.ts';
import { projectListPages } from './pages/project-pages.ts';
import { trendsPage } from './pages/trends-page.ts';
import { opensPage } from './project-packs.ts';
import { ProjectPass, type ProjectPassSetup } from './project-pass.ts';
import { readinessJson } from './readiness-json.ts';
import type { EntryImpact, ProjectStatus, ReadinessModel } from './readiness-model.ts';
import { readinessStyles } from './readiness-styles.ts';
import { drawable } from './trend.ts';
import { PASS_BATCH, WriterThread } from './writer-thread.ts';

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

/** Options of {@link writeSite}. */
export interface WriteOptions {
  /** Where the projects' findings are (each counted report's `spool` place). */
  spool: SpoolReader;
  /** Threads writing the projects' pages, 0 or 1 for this one (default: one per core, at most four; none for a small site). */
  threads?: number;
  /** Hears the count of projects written, for progress. */
  onProject?: (done: number) => void;
}

/** Below this many projects per thread, the projects' pages are written on this thread. */
const PROJECTS_PER_THREAD = 2000;

/**
 * Writes the readiness site, `readiness.json` and `findings.csv` into `out`. First the projects: their
 * pages and their rows of the entries' pages (project-pass.ts), by worker threads taking a part each while
 * this thread writes `findings.csv`, so memory holds a batch of projects' findings per thread whatever the
 * number of projects; then the entries' pages from the rows the projects left (entry-pass.ts), shared out
 * between the same threads; then the lists and summaries. Sets each project's `page`.
 */
export async function writeSite(model: ReadinessModel, out: string, options: WriteOptions): Promise<WrittenSite> {
  const styles = readinessStyles();
  prepareOutDir(out);
  const frame = { trends: drawable(model.trend), siteUrl: model.siteUrl };
  const threads =
    options.threads ?? Math.min(Math.min(4, availableParallelism()), Math.floor(model.projects.length / PROJECTS_PER_THREAD));
  const parts = splitProjects(model.projects, Math.max(1, threads));
  const writer = pageWriter(out);
  // Each part's rows of each entry wait in a scratch file of their own (see entry-rows.ts).
  const scratch = mkdtempSync(path.join(tmpdir(), 'sunset-entry-rows-'));
  let first = 0;
  const setups: ProjectPassSetup[] = parts.map((projects, part) => {
    const setup = {
      out,
      site: { ...frame, target: model.target },
      entries: model.entries.map(({ id, title }) => ({ id, title })),
      spoolFiles: options.spool.files,
      spoolTables: options.spool.tables,
      rowsDir: scratch,
      part,
      first,
    };
    first += projects.length;
    return setup;
  });
  let done = 0;
  const progress = (count: number) => {
    done += count;
    options.onProject?.(done);
  };
  const entryJobs = (count: number): EntryPassJob[] =>
    shareEntries(model, count).map((entries) => ({
      out,
      rowsDir: scratch,
      parts: parts.length,
      spoolTables: options.spool.tables,
      projects: model.projects.map(({ project, slug, page }) => ({ project, slug, page })),
      entries: entries.map((index) => ({ index, input: entryPageInput(model, index, frame) })),
    }));
  try {
    if (threads < 2) {
      await writeFindingsCsv(model, out, options.spool);
      const pass = new ProjectPass(setups[0] as ProjectPassSetup);
      for (let at = 0; at < model.projects.length; at += PASS_BATCH)
        progress(pass.add(model.projects.slice(at, at + PASS_BATCH)).length);
      writer.files.push(...pass.finish(), ...runEntryPass(entryJobs(1)[0] as EntryPassJob));
    } else {
      const writers = parts.map(() => new WriterThread());
      try {
        const passes = parts.map((projects, part) =>
          (writers[part] as WriterThread).projects(setups[part] as ProjectPassSetup, projects, progress),
        );
        await writeFindingsCsv(model, out, options.spool, () => new Promise((resolve) => setImmediate(resolve)));
        for (const files of await Promise.all(passes)) writer.files.push(...files);
        const entries = entryJobs(writers.length).map((job, part) => (writers[part] as WriterThread).entries(job));
        for (const files of await Promise.all(entries)) writer.files.push(...files);
      } finally {
        for (const thread of writers) thread.stop();
      }
    }
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

/** What entry `index`'s pages show besides its rows. */
function entryPageInput(model: ReadinessModel, index: number, frame: Frame): EntryPageInput {
  const impact = model.entries[index] as EntryImpact;
  const values = model.trend?.byEntry.get(impact.id);
  return {
    impact,
    target: model.target,
    siteUrl: model.siteUrl,
    frame,
    ...(values && drawable(model.trend) ? { trend: { dates: model.trend.points.map((point) => point.date), values } } : {}),
  };
}

/** The entries' indexes shared out into `count` groups of about equal rows. */
function shareEntries(model: ReadinessModel, count: number): number[][] {
  const groups = Array.from({ length: count }, () => ({ rows: 0, entries: [] as number[] }));
  const heaviest = model.entries
    .map((_, index) => index)
    .sort((a, b) => (model.entries[b]?.projects ?? 0) - (model.entries[a]?.projects ?? 0));
  for (const index of heaviest) {
    const lightest = groups.reduce((least, group) => (group.rows < least.rows ? group : least));
    lightest.entries.push(index);
    lightest.rows += model.entries[index]?.projects ?? 0;
  }
  return groups.map((group) => group.entries.sort((a, b) => a - b));
}

/**
 * The projects in `count` runs of about equal findings, each starting where a page starts anyway
 * (project-packs.ts), so the pages are the same as one thread would write. Fewer runs when the projects
 * offer too few such starts.
 */
function splitProjects(projects: readonly ProjectStatus[], count: number): ProjectStatus[][] {
  const total = projects.reduce((sum, status) => sum + status.report.findings + 1, 0);
  const parts: ProjectStatus[][] = [];
  let start = 0;
  let weight = 0;
  projects.forEach((status, index) => {
    const due = ((parts.length + 1) * total) / count;
    if (index > start && parts.length < count - 1 && weight >= due && opensPage(status)) {
      parts.push(projects.slice(start, index));
      start = index;
    }
    weight += status.report.findings + 1;
  });
  parts.push(projects.slice(start));
  return parts;
}

/**
 * `findings.csv`: every counted finding, project by project in the model's order. `pause`, when given, is
 * awaited now and then, so a thread that writes it beside workers still hears from them.
 */
async function writeFindingsCsv(
  model: ReadinessModel,
  out: string,
  spool: SpoolReader,
  pause?: () => Promise<unknown>,
): Promise<void> {
  const csv = new BufferedFile(path.join(out, 'findings.csv'));
  try {
    csv.write(CSV_HEADER);
    for (const [index, status] of model.projects.entries()) {
      if (status.report.spool) csv.write(findingsCsvRows(status, spool.read(status.report.spool)));
      if (pause && index % 256 === 255) await pause();
    }
  } finally {
    csv.close();
  }
}
