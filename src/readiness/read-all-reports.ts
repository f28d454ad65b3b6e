/**
 * Reads every report file once: each is parsed and checked, its findings spooled (finding-spool.ts), and
 * summed up (report-summary.ts), so memory holds summaries only however many projects an instance has.
 * Many files are read by worker threads, one per core, while this thread sums up what they pass on; a few
 * are read here, where a worker's start would cost more than it saves. What cannot be counted whatever the
 * target is noted on the summary, whose findings are then left in the spool unused, as are those of a
 * report for another target than a given one.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { registerVersion } from '../findings/report-origin.ts';
import type { Register } from '../register/register.ts';
import type { TextTables } from './finding-block.ts';
import { SpoolReader, SpoolWriter } from './finding-spool.ts';
import type { ReadJob, ReadMessage } from './read-job.ts';
import type { UnreadFile } from './read-reports.ts';
import { coverageRules, targetFreeProblems } from './report-coverage.ts';
import { type ReadBatch, type ReportRead, ReportReader } from './report-reader.ts';
import { internRule, internTable, type ReportSummary, summarize } from './report-summary.ts';

/** What reading the files gave. */
export interface ReadAll {
  /** Every file that is a report, in the order of the files. */
  reports: ReportSummary[];
  /** Files that are not. */
  unread: UnreadFile[];
  /** The spooled findings of the reports (`summary.spool` says where); dispose of it when done. */
  spool: SpoolReader;
}

/** Options of {@link readAllReports}. */
export interface ReadOptions {
  register: Register;
  /** A scratch folder for the spool files. */
  scratch: string;
  /** The target release, when given: reports for another are not counted. */
  target?: string;
  /** Hears how many files are done. */
  onFile?: (done: number) => void;
  /** Reading worker threads, 0 to read on this one (default: one per core, at most four; none for a few files). */
  threads?: number;
}

/** Below this many files per worker, the files are read on this thread. */
const FILES_PER_WORKER = 200;
/** Files a thread claims at a time: enough that claiming and messages cost nothing, few enough to share evenly. */
const CHUNK = 64;

/** Reads `files` (relative to `cwd`) into summaries and the spool. */
export async function readAllReports(files: readonly string[], cwd: string, options: ReadOptions): Promise<ReadAll> {
  const threads = options.threads ?? Math.min(Math.min(4, availableParallelism()), Math.floor(files.length / FILES_PER_WORKER));
  const gather = summaries(files, options);
  let done = 0;
  const take = (thread: number, batch: ReadBatch) => {
    gather.take(thread, batch);
    done += batch.reads.length + batch.unread.length;
    options.onFile?.(done);
  };
  const spoolFiles: string[] = [];
  if (threads < 1) {
    const spoolFile = path.join(options.scratch, 'findings-0.spool');
    spoolFiles.push(spoolFile);
    const spool = new SpoolWriter(spoolFile, 0);
    const reader = new ReportReader(cwd, spool);
    try {
      files.forEach((file, index) => {
        reader.read(index, file);
        if ((index + 1) % CHUNK === 0 || index === files.length - 1) take(0, reader.takeBatch());
      });
    } finally {
      spool.close();
    }
  } else {
    const counter = new SharedArrayBuffer(4);
    const joined = files.join('\0');
    const runs: ReturnType<typeof readInWorker>[] = [];
    for (let thread = 0; thread < threads; thread++) {
      const spoolFile = path.join(options.scratch, `findings-${thread}.spool`);
      spoolFiles.push(spoolFile);
      const job: ReadJob = { files: joined, cwd, spoolFile, spool: thread, chunk: CHUNK, counter };
      runs.push(readInWorker(job, (batch) => take(thread, batch)));
    }
    try {
      await Promise.all(runs.map((run) => run.done));
    } finally {
      for (const run of runs) run.stop();
    }
  }
  const { tables, ...read } = gather.result();
  // A thread that read no report passed on no texts.
  return {
    ...read,
    spool: new SpoolReader(
      spoolFiles,
      spoolFiles.map((_, thread) => tables[thread] ?? { rules: [], texts: [] }),
    ),
  };
}

/** Runs one reading worker to its end, handing its batches to `take`; `stop` ends it early. */
function readInWorker(job: ReadJob, take: (batch: ReadBatch) => void) {
  // Loaded here: node:worker_threads costs every other command's start-up a few milliseconds.
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  const worker = new Worker(new URL('./read-worker.ts', import.meta.url));
  const done = new Promise<void>((resolve, reject) => {
    let finished = false;
    worker.on('message', (message: ReadMessage) => {
      if ('batch' in message) take(message.batch);
      else finished = true;
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      finished ? resolve() : reject(new Error(`a readiness reading thread stopped with exit code ${code}`)),
    );
    worker.postMessage(job);
  });
  // Awaited with the other threads; marked handled here, as a thread stopped after another failed rejects late.
  done.catch(() => undefined);
  return { done, stop: () => void worker.terminate() };
}

/** Sums up what the threads pass on, keeping each summary at its file's place in the order. */
function summaries(files: readonly string[], options: ReadOptions) {
  const version = registerVersion(options.register);
  const rules = coverageRules(options.register);
  const intern = internTable();
  const reports: (ReportSummary | undefined)[] = new Array(files.length);
  const unread: (UnreadFile | undefined)[] = new Array(files.length);
  // Per thread: its rule numbers in the run's numbering, its rule lists, and its texts.
  const ruleNumbers = new Map<number, number[]>();
  const ruleLists = new Map<number, string[][]>();
  const tables: TextTables[] = [];
  // A run's reports share a few rule lists and ranges: what coverage says of each pair is worked out once.
  const coverage = new Map<string, ReturnType<typeof targetFreeProblems>>();

  const problemsOf = (thread: number, read: ReportRead) => {
    const list = read.rules < 0 ? undefined : ruleLists.get(thread)?.[read.rules];
    const covered = {
      ...(read.project !== undefined ? { project: read.project } : {}),
      ...(read.time !== undefined ? { time: read.time } : {}),
      range: read.range,
      tool: { name: 'sunset' as const, version: read.toolVersion },
      ...(read.registerVersion !== undefined ? { register: { version: read.registerVersion } } : {}),
      ...(list ? { rules: list } : {}),
    };
    // Without these, coverage answers at once, from the report alone.
    if (!read.project || !list || !read.time || read.registerVersion === undefined)
      return targetFreeProblems(covered, version, rules);
    const { from, to, offering } = read.range;
    const key = `${thread}\n${read.rules}\n${from}\n${to}\n${offering ?? ''}\n${read.registerVersion}`;
    let problems = coverage.get(key);
    if (!problems) {
      problems = targetFreeProblems(covered, version, rules);
      coverage.set(key, problems);
    }
    return problems;
  };

  return {
    take(thread: number, batch: ReadBatch): void {
      const numbers = ruleNumbers.get(thread) ?? [];
      ruleNumbers.set(thread, numbers);
      for (const id of batch.ruleIds) numbers.push(internRule(intern, id));
      const lists = ruleLists.get(thread) ?? [];
      ruleLists.set(thread, lists);
      lists.push(...batch.ruleLists);
      const table = tables[thread] ?? { rules: [], texts: [] };
      tables[thread] = table;
      for (const id of batch.ruleIds) table.rules.push(id);
      for (const text of batch.texts) table.texts.push(text);
      for (const { index, reason } of batch.unread) unread[index] = { file: files[index] as string, reason };
      for (const read of batch.reads) {
        const problems = problemsOf(thread, read);
        const summary = summarize(read, files[read.index] as string, problems, intern, numbers);
        const countable =
          !problems.before && !problems.after && (options.target === undefined || read.range.to === options.target);
        if (countable) summary.spool = read.place;
        reports[read.index] = summary;
      }
    },
    result(): Omit<ReadAll, 'spool'> & { tables: TextTables[] } {
      return {
        reports: reports.filter((summary) => summary !== undefined),
        unread: unread.filter((file) => file !== undefined),
        tables,
      };
    },
  };
}
