import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import type { ActiveRule } from '../../findings/finding.ts';
import { createEngine, type Engine } from '../engine/engine.ts';
import type { CiLayout } from '../file/file-kind.ts';
import { createPrefilter } from '../file/prefilter.ts';
import { compileRule } from '../rules/compile-rule.ts';
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
import { NEXT_CHUNK, PUBLISHED, type SiftJob, type SiftOutput, sharedState } from './worker-sift.ts';

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
const anchorsOf = (rules: readonly ActiveRule[]) =>
  rules.flatMap((active) => {
    const anchor = compileRule(active.rule, { configDir: '' }).anchor;
    return anchor ? [anchor] : [];
  });

/** Files per chunk: small enough to even out the threads' shares, large enough that claiming is free. */
const CHUNK = 64;
/** Below this many files a worker's start-up costs more than it saves. */
const FILES_PER_WORKER = 2000;

/** Worker threads that can be started early, so they load their modules while this thread walks the files. */
export interface ScanPool {
  /** Starts the workers now (idempotent); the walk calls it once it has found enough files. */
  warm(): void;
  /** Scans the job's files on this thread and on as many workers as its size is worth. */
  run(job: ScanJob): Promise<ScanOutput>;
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
 * with what each reports). It claims chunks like the workers, and matches the files it passes at once;
 * between chunks it takes up the files the workers passed, so matching keeps pace with sifting. Once the
 * workers are done it matches what is left, then the CI files that no thread passed.
 */
export async function scanBesideWorkers(
  job: ScanJob,
  engine: Engine,
  shared: SiftJob,
  pending: Promise<SiftOutput | undefined>[],
): Promise<ScanOutput> {
  const { files, maxBytes } = job;
  const output = emptyScanOutput();
  const prefilter = siftingPrefilter(engine);
  const counters = new Int32Array(shared.counters);
  const passed = new Int32Array(shared.passed);
  // Files whose fate is settled: read and checked here, passed by a worker and checked, or skipped by one.
  const settled = new Uint8Array(files.length);
  let taken = 0;
  const takeUpPassed = () => {
    while (taken < Atomics.load(counters, PUBLISHED)) {
      const index = Atomics.load(passed, taken);
      // The slot is taken but not written yet: the next call picks it up.
      if (index === -1) return;
      taken++;
      settled[index] = 1;
      recheck(files[index] as WalkedFile, engine, maxBytes, output);
    }
  };

  // Let the workers receive the job before this thread starts its synchronous share.
  await yieldToEvents();
  for (;;) {
    const start = Atomics.add(counters, NEXT_CHUNK, 1) * shared.chunk;
    if (start >= files.length) break;
    const end = Math.min(files.length, start + shared.chunk);
    for (let index = start; index < end; index++) {
      settled[index] = 1;
      scanFile(files[index] as WalkedFile, engine, prefilter, maxBytes, output);
    }
    takeUpPassed();
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

/** A pool of up to `threads - 1` workers; this thread is the last one. */
export function createScanPool(threads: number = Math.min(4, availableParallelism())): ScanPool {
  const workers: Worker[] = [];
  const warm = () => {
    // Loaded with the first worker: node:worker_threads costs a scan too small for threads a few milliseconds.
    const { Worker } = process.getBuiltinModule('node:worker_threads');
    while (workers.length < threads - 1) {
      const worker = new Worker(new URL('./scan-worker.ts', import.meta.url));
      worker.unref();
      workers.push(worker);
    }
  };
  const finish = (worker: Worker, job: SiftJob | null) =>
    new Promise<SiftOutput | undefined>((resolve, reject) => {
      worker.once('message', (output: SiftOutput) => resolve(output));
      worker.once('error', reject);
      worker.once('exit', (code) =>
        code === 0 ? resolve(undefined) : reject(new Error(`scan worker stopped with exit code ${code}`)),
      );
      worker.postMessage(job);
    });

  return {
    warm,
    async run(job) {
      const layout = () => (typeof job.layout === 'function' ? job.layout() : job.layout);
      const wanted = Math.min(threads - 1, Math.floor(job.files.length / FILES_PER_WORKER));
      if (wanted > 0) warm();
      for (const idle of workers.slice(wanted)) void finish(idle, null);
      if (wanted === 0) return scanFiles(job.files, createEngine(job.rules, layout()), job.maxBytes);
      const shared: SiftJob = {
        paths: job.files.map((file) => file.absolute).join('\0'),
        maxBytes: job.maxBytes,
        // Built here once and copied, so no worker builds it again; the engine below takes it too.
        prefilter: createPrefilter(anchorsOf(job.rules)).table(),
        chunk: CHUNK,
        ...sharedState(job.files.length),
      };
      const pending = workers.slice(0, wanted).map((worker) => finish(worker, shared));
      const engine = createEngine(job.rules, layout(), shared.prefilter);
      // The workers sift with the anchors above: an engine that needed others would pass files they dropped.
      if (engine.prefilter.table() !== shared.prefilter)
        throw new Error('the scan workers sifted with other anchors than the engine matches');
      return scanBesideWorkers(job, engine, shared, pending);
    },
  };
}

/** Files found before a walk starts the workers. */
export const WARM_AT = FILES_PER_WORKER;
