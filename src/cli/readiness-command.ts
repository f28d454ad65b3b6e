import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commonTarget } from '../readiness/choose-target.ts';
import { ExpectedProjectsError, parseExpectedProjects } from '../readiness/expected-projects.ts';
import type { SpoolReader } from '../readiness/finding-spool.ts';
import { readAllReports } from '../readiness/read-all-reports.ts';
import { ReportPathError, reportFiles } from '../readiness/read-reports.ts';
import { buildReadiness } from '../readiness/readiness-model.ts';
import { OutDirError, prepareOutDir, writeSite } from '../readiness/write-site.ts';
import { normalizeReleaseInput, releaseProblem } from '../register/plan/release-input.ts';
import { type CliIo, EXIT, parseOptions, UsageError } from './cli-io.ts';
import { progressLine } from './progress.ts';

/** `sunset readiness --help`. */
export const READINESS_HELP = `Usage: sunset readiness REPORT… --out <dir> [options]

Gathers the JSON reports of sunset check (files, or directories searched for *.json) from many
projects into a static site: which projects are ready for the target release, what blocks the
others, a page per entry and per project, trends when reports of several days are given, plus
readiness.json and findings.csv. The site needs no server and no JavaScript.

Options:
  --out <dir>        where to write the site (an empty or new folder, or an earlier site)
  --to <release>     the target release (default: the one most reports check); reports for
                     another target are listed as not counted
  --projects <file>  the projects that should have a report, one path per line (# comments);
                     those without one are listed
  --register <dir>   also read the register folder <dir> (sunset import --out); repeatable
  -h, --help         this help

Exit codes: 0 site written, 2 usage or input error.
`;

/** `sunset readiness`: see {@link READINESS_HELP}. */
export async function readinessCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions('readiness', args, {
    out: { type: 'string' },
    to: { type: 'string' },
    projects: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    io.stdout.write(READINESS_HELP);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('give the report files or directories to read; see sunset readiness --help');
  if (values.out === undefined) throw new UsageError('--out <dir> is required: the folder to write the site to');

  let expected: string[] | undefined;
  if (values.projects !== undefined) {
    const text = await readFile(path.resolve(io.cwd, values.projects), 'utf8').catch(() => {
      throw new UsageError(`--projects ${values.projects} cannot be read`);
    });
    try {
      expected = parseExpectedProjects(text, values.projects);
    } catch (error) {
      if (error instanceof ExpectedProjectsError) throw new UsageError(error.message);
      throw error;
    }
  }

  const out = path.resolve(io.cwd, values.out);
  try {
    prepareOutDir(out, values.out);
  } catch (error) {
    if (error instanceof OutDirError) throw new UsageError(error.message);
    throw error;
  }
  let files: string[];
  try {
    // An earlier site inside a folder of reports holds readiness.json: it is output, not a report.
    files = reportFiles(positionals, io.cwd).filter((file) => !path.resolve(io.cwd, file).startsWith(`${out}${path.sep}`));
  } catch (error) {
    if (error instanceof ReportPathError) throw new UsageError(error.message);
    throw error;
  }

  const { register } = await io.loadRegister();
  // Read as every command reads a release: `18` is 18.0.
  const givenTarget = values.to === undefined ? undefined : normalizeReleaseInput(values.to);
  if (givenTarget !== undefined) {
    const problem = releaseProblem(register, 'to', givenTarget);
    if (problem) throw new UsageError(problem.message);
  }
  // The findings wait on disk between reading the reports and writing the pages (see finding-spool.ts).
  const scratch = mkdtempSync(path.join(tmpdir(), 'sunset-readiness-'));
  let spool: SpoolReader | undefined;
  try {
    const reading = progressLine(() => io.stderr, 'reading reports');
    const read = await readAllReports(files, io.cwd, {
      register,
      scratch,
      ...(givenTarget !== undefined ? { target: givenTarget } : {}),
      onFile: (done) => reading.update(done, files.length),
    });
    reading.end();
    spool = read.spool;
    const { reports, unread } = read;
    const target = givenTarget ?? commonTarget(reports.map((item) => item.range.to));
    if (target === undefined) throw new UsageError(`no readable report among ${positionals.join(', ')}; nothing to gather`);
    const problem = releaseProblem(register, 'to', target);
    if (problem) throw new UsageError(problem.message);

    const model = buildReadiness({
      register,
      reports,
      unread,
      target,
      generatedAt: new Date().toISOString(),
      ...(expected ? { expected } : {}),
    });
    const writing = progressLine(() => io.stderr, 'writing projects');
    let written: Awaited<ReturnType<typeof writeSite>>;
    try {
      written = await writeSite(model, out, {
        spool: read.spool,
        onProject: (done) => writing.update(done, model.projects.length),
      });
    } catch (error) {
      if (error instanceof OutDirError) throw new UsageError(error.message);
      throw error;
    } finally {
      writing.end();
    }
    const { totals } = model;
    io.stderr.write(
      `sunset: readiness for ${target}: ${totals.ready} of ${totals.projects} projects ready, ${totals.findings} findings; ` +
        `${model.unread.length} file(s) not counted, ${model.missing.length} expected project(s) without a report; ` +
        `${written.pages} pages written to ${values.out}\n`,
    );
  } finally {
    spool?.dispose();
    rmSync(scratch, { recursive: true, force: true });
  }
  return EXIT.ok;
}
