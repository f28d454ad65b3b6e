import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { MessagePort } from 'node:worker_threads';
import type { ActiveRule } from '../../findings/finding.ts';
import { createEngine, type Engine } from '../engine/engine.ts';
import type { CiLayout } from '../file/file-kind.ts';
import type { PrefilterTable } from '../file/prefilter.ts';
import { cachedTable } from '../file/prefilter-cache.ts';
import { compileRule } from '../rules/compile-rule.ts';
import { anchorsOf } from '../rules/matcher.ts';
import {
  checkBytes,
  emptyScanOutput,
  readBytes,
  type ScanOutput,
  scanFile,
  scanFiles,
  siftingPrefilter,
  skipNote,
  unscannable,
} from './scan-files.ts';
import type { WalkedFile } from './walk.ts';
import { announce, Counter, claimChunk, MAX_SHARED_FILES, type SiftJob, type SiftOutput, sharedState } from './worker-sift.ts';

/** Everything a scan needs. */
export interface ScanJob {
  files: WalkedFile[];
  rules: readonly ActiveRule[];
  /**
   * Where CI configuration is read. A function is called once the workers are sifting: finding the local
   * includes reads and parses the root CI files, which the workers need not wait for.
   */
  layout: CiLayout | (() => CiLayout);
  maxBytes: number;
}

/** The anchors of the rules, which do not depend on where CI configuration lies: no matcher's anchor reads it. */
const ruleAnchors = (rules: readonly ActiveRule[]) =>
  rules.flatMap((active) => anchorsOf(compileRule(active.rule, { configDir: '' })));

/** Files per chunk: small enough to even out the threads' shares, large enough that claiming is free. */
const CHUNK = 64;
/** Files found per worker started: below this many a worker's start-up costs more than it saves. */
const FILES_PER_WORKER = 2000;
/** Paths posted to the workers at a time while the walk goes on. */
const BATCH = 512;

/** What a pool needs to start sifting before the walk is over. */
export interface EarlySift {
  rules: readonly ActiveRule[];
  maxBytes: number;
}

/**
 * Worker threads that sift files while the walk still finds them. The walk tells the pool of each file
 * (`found`); every `FILES_PER_WORKER` files start one more worker, up to `threads - 1`, and the paths go to
 * the workers in batches, so sifting overlaps the walk instead of waiting for it.
 */
export interface ScanPool {
  /** Hears a file the walk found; files come in walk order, the same order as the job's. */
  found(file: WalkedFile): void;
  /** Scans the job's files on this thread and on the workers the files found so far started. */
  run(job: ScanJob): Promise<ScanOutput>;
  /** Ends the workers without a scan (the walk failed); settles once they have ended. */
  stop(): Promise<void>;
}

/**
 * Reads one file again and runs the matchers on it: a file a worker passed, or CI configuration that is
 * parsed whatever the prefilter says. The worker already counted its bytes.
 */
function recheck(file: WalkedFile, engine: Engine, maxBytes: number, output: ScanOutput): void {
  const bytes = readBytes(file.absolute, maxBytes);
  if (!Buffer.isBuffer(bytes)) {
    output.skipped.push(skipNote(file.path, bytes));
    return;
  }
  const reason = unscannable(bytes);
  if (reason) output.skipped.push({ path: file.path, reason });
  else checkBytes(file, bytes, engine, output);
}

/**
 * This thread's part of a parallel scan, beside workers sifting the same shared job (`pending` settles
 * with what each reports). It claims chunks from the back while the workers claim them from the front, and
 * matches the files it passes at once; between chunks it takes up the files the workers passed, so matching
 * keeps pace with sifting. Once the workers are done it matches what is left, then the CI files that no thread
 * passed.
 */
export async function scanBesideWorkers(
  job: ScanJob,
  engine: Engine,
  shared: Pick<SiftJob, 'counters' | 'passed' | 'claimed' | 'chunk'>,
  pending: Promise<SiftOutput | undefined>[],
): Promise<ScanOutput> {
  const { files, maxBytes } = job;
  const output = emptyScanOutput();
  const prefilter = siftingPrefilter(engine);
  const counters = new Int32Array(shared.counters);
  // Length-tracking: the buffer grew while the walk went on, and the view sees all of it.
  const passed = new Int32Array(shared.passed);
  // Files whose fate is settled: read and checked here, passed by a worker and checked, or skipped by one.
  const settled = new Uint8Array(files.length);
  let taken = 0;
  const takeUpPassed = () => {
    while (taken < Atomics.load(counters, Counter.PUBLISHED)) {
      const index = Atomics.load(passed, taken) - 1;
      // The slot is taken but not written yet: the next call picks it up.
      if (index === -1) return;
      taken++;
      settled[index] = 1;
      recheck(files[index] as WalkedFile, engine, maxBytes, output);
    }
  };

  // Let the workers receive what was posted last before this thread starts its synchronous share.
  await yieldToEvents();
  // Final: the walk is over. Files past it (more than the workers share) are this thread's alone.
  const known = Math.min(files.length, Atomics.load(counters, Counter.KNOWN));
  // Chunks from the back, while the workers take them from the front: the files found last are read here, so
  // none of them reaches this thread from a worker at the very end, to be matched alone after the workers are done.
  const claimed = new Uint8Array(shared.claimed);
  for (
    let start = Math.floor(Math.max(0, known - 1) / shared.chunk) * shared.chunk;
    known > 0 && start >= 0;
    start -= shared.chunk
  ) {
    if (!claimChunk(claimed, start)) break;
    const end = Math.min(known, start + shared.chunk);
    for (let index = start; index < end; index++) {
      settled[index] = 1;
      scanFile(files[index] as WalkedFile, engine, prefilter, maxBytes, output);
    }
    takeUpPassed();
  }
  for (let index = known; index < files.length; index++) {
    settled[index] = 1;
    scanFile(files[index] as WalkedFile, engine, prefilter, maxBytes, output);
  }

  for (const sifted of await Promise.all(pending)) {
    if (!sifted) continue;
    output.bytes += sifted.bytes;
    for (const { index, ...skip } of sifted.skipped) {
      settled[index] = 1;
      output.skipped.push(skipNote((files[index] as WalkedFile).path, skip));
    }
  }
  takeUpPassed();
  files.forEach((file, index) => {
    if (settled[index] === 0 && engine.readsAlways(file.rootPath)) recheck(file, engine, maxBytes, output);
  });
  return output;
}

/** A worker of a pool, with the port its paths go on and what it reports once done. */
interface PoolWorker {
  port: MessagePort;
  done: Promise<SiftOutput | undefined>;
}

/**
 * A pool of up to `threads - 1` workers; this thread is the last one. With `early` the pool starts sifting
 * while the walk tells it of files; without, `run` tells it of the job's files itself.
 */
export function createScanPool(threads: number = Math.min(4, availableParallelism()), early?: EarlySift): ScanPool {
  const workers: PoolWorker[] = [];
  const shared = sharedState();
  let sift: EarlySift | undefined = early;
  let anchors: string[] | undefined;
  let found = 0;
  /** Paths found but not posted yet, and every batch posted, for a worker that starts later. */
  let waiting: string[] = [];
  const posted: string[] = [];
  let postedCount = 0;

  const post = () => {
    if (waiting.length === 0) return;
    const batch = waiting.join('\0');
    postedCount += waiting.length;
    waiting = [];
    posted.push(batch);
    for (const { port } of workers) port.postMessage(batch);
    announce(shared, postedCount);
  };

  const start = (settings: EarlySift) => {
    // Loaded with the first worker: node:worker_threads costs a scan too small for threads a few milliseconds.
    const { MessageChannel, Worker } = process.getBuiltinModule('node:worker_threads');
    anchors ??= ruleAnchors(settings.rules);
    const worker = new Worker(new URL('./scan-worker.ts', import.meta.url));
    worker.unref();
    const { port1, port2 } = new MessageChannel();
    const job: SiftJob = {
      anchors,
      // The first worker builds the automaton and sends it back, so this thread, walking, does not.
      sendTable: workers.length === 0,
      maxBytes: settings.maxBytes,
      chunk: CHUNK,
      ...shared,
      paths: port2,
    };
    const done = new Promise<SiftOutput | undefined>((resolve, reject) => {
      worker.once('message', (output: SiftOutput) => resolve(output));
      worker.once('error', reject);
      worker.once('exit', (code) =>
        code === 0 ? resolve(undefined) : reject(new Error(`scan worker stopped with exit code ${code}`)),
      );
    });
    worker.postMessage(job, [port2]);
    for (const batch of posted) port1.postMessage(batch);
    workers.push({ port: port1, done });
  };

  const hear = (file: WalkedFile) => {
    if (!sift) return;
    found++;
    if (found > MAX_SHARED_FILES) return;
    waiting.push(file.absolute);
    if (found % FILES_PER_WORKER === 0 && workers.length < threads - 1) start(sift);
    if (workers.length > 0 && waiting.length >= BATCH) post();
  };

  /** The automaton the first worker built, or one built here when it has not sent it yet. */
  const table = (): PrefilterTable => {
    const { receiveMessageOnPort } = process.getBuiltinModule('node:worker_threads');
    const sent = receiveMessageOnPort((workers[0] as PoolWorker).port)?.message as { table: PrefilterTable } | undefined;
    return sent?.table ?? cachedTable(anchors ?? []);
  };

  return {
    found: hear,
    async stop() {
      // The workers finish what they have and end; what they report is dropped.
      if (workers.length > 0) announce(shared, postedCount, true);
      await Promise.allSettled(workers.map(({ done }) => done));
    },
    async run(job) {
      const layout = () => (typeof job.layout === 'function' ? job.layout() : job.layout);
      if (found > job.files.length) throw new Error('the scan pool heard of more files than the job holds');
      sift = { rules: job.rules, maxBytes: job.maxBytes };
      for (let index = found; index < job.files.length; index++) hear(job.files[index] as WalkedFile);
      if (workers.length === 0) return scanFiles(job.files, createEngine(job.rules, layout()), job.maxBytes);
      post();
      announce(shared, postedCount, true);
      // The automaton the workers sifted with; the engine refuses one of other anchors than its rules hold.
      const engine = createEngine(job.rules, layout(), table());
      return scanBesideWorkers(
        job,
        engine,
        { ...shared, chunk: CHUNK },
        workers.map((worker) => worker.done),
      );
    },
  };
}
