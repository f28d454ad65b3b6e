import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import { createEngine } from '../engine/engine.ts';
import type { CiLayout } from '../file/file-kind.ts';
import type { PrefilterTable } from '../file/prefilter.ts';
import type { ActiveRule } from '../finding.ts';
import { type ScanOutput, scanFiles } from './scan-files.ts';
import type { WalkedFile } from './walk.ts';

/** Everything a thread needs to build the engine and take its share; plain data, copied to workers. */
export interface ScanJob {
  files: WalkedFile[];
  rules: readonly ActiveRule[];
  layout: CiLayout;
  maxBytes: number;
}

/** A job as a worker receives it: with the shared counter threads claim chunks of files from. */
export interface WorkerJob extends ScanJob {
  counter: SharedArrayBuffer;
  chunk: number;
  /** The automaton this thread built, copied to each worker instead of being rebuilt there. */
  prefilter?: PrefilterTable;
}

/** Files per chunk: small enough to even out the threads' shares, large enough that claiming is free. */
const CHUNK = 64;
/** Below this many files a worker's start-up costs more than it saves. */
const FILES_PER_WORKER = 2000;

/** Claims chunks from the shared counter until none are left, scanning each; used by every thread. */
export function scanClaimedChunks(job: WorkerJob, engine: ReturnType<typeof createEngine>): ScanOutput {
  const counter = new Int32Array(job.counter);
  const output: ScanOutput = { findings: [], skipped: [], bytes: 0, candidates: 0, suppressed: 0 };
  for (let index = Atomics.add(counter, 0, 1); index * job.chunk < job.files.length; index = Atomics.add(counter, 0, 1)) {
    merge(output, scanFiles(job.files.slice(index * job.chunk, (index + 1) * job.chunk), engine, job.maxBytes));
  }
  return output;
}

function merge(into: ScanOutput, from: ScanOutput): void {
  for (const finding of from.findings) into.findings.push(finding);
  for (const note of from.skipped) into.skipped.push(note);
  into.bytes += from.bytes;
  into.candidates += from.candidates;
  into.suppressed += from.suppressed;
}

/** Worker threads that can be started early, so they load their modules while this thread walks the files. */
export interface ScanPool {
  /** Starts the workers now (idempotent); the walk calls it once it has found enough files. */
  warm(): void;
  /** Scans the job's files on this thread and on as many workers as its size is worth. */
  run(job: ScanJob): Promise<ScanOutput>;
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
  const finish = (worker: Worker, job: WorkerJob | null) =>
    new Promise<ScanOutput | undefined>((resolve, reject) => {
      worker.once('message', (output: ScanOutput) => resolve(output));
      worker.once('error', reject);
      worker.once('exit', (code) =>
        code === 0 ? resolve(undefined) : reject(new Error(`scan worker stopped with exit code ${code}`)),
      );
      worker.postMessage(job);
    });

  return {
    warm,
    async run(job) {
      const engine = createEngine(job.rules, job.layout);
      const wanted = Math.min(threads - 1, Math.floor(job.files.length / FILES_PER_WORKER));
      if (wanted > 0) warm();
      for (const idle of workers.slice(wanted)) void finish(idle, null);
      const shared: WorkerJob = { ...job, counter: new SharedArrayBuffer(4), chunk: CHUNK };
      // Only a scan that has workers builds the automaton up front; a small one may never need it.
      if (wanted > 0) shared.prefilter = engine.prefilter.table();
      const pending = workers.slice(0, wanted).map((worker) => finish(worker, shared));
      // Let the workers receive the job before this thread starts its synchronous share.
      await yieldToEvents();
      const output = scanClaimedChunks(shared, engine);
      for (const done of await Promise.all(pending)) if (done) merge(output, done);
      return output;
    },
  };
}

/** Files found before a walk starts the workers. */
export const WARM_AT = FILES_PER_WORKER;
