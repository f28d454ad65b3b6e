import type { MessagePort } from 'node:worker_threads';
import { createPrefilter, type PrefilterTable } from '../file/prefilter.ts';
import { cachedTable } from '../file/prefilter-cache.ts';
import { passes, type ReadSkip, readBytes, unscannable } from './scan-files.ts';

/**
 * A worker thread's part of a scan: plain data, copied to each worker. Workers only read files and run the
 * prefilter, which needs neither the rules nor the parsers, so they start in a fraction of the time a
 * thread with the whole engine takes; the matchers run on the thread that started the scan.
 *
 * The files arrive while the walk still finds them: the thread that walks posts their paths in batches on
 * `paths`, then raises `KNOWN`, so a worker sifts the first files while the walk goes on. A worker that
 * claims a chunk not yet found waits for it.
 */
export interface SiftJob {
  /** The anchors to sift with; a worker builds the automaton from them unless `table` is given. */
  anchors: string[];
  /** The automaton, when the starting thread has it already. */
  table?: PrefilterTable;
  /** Whether this worker posts the automaton it built back on `paths`, so the starting thread need not build it. */
  sendTable: boolean;
  maxBytes: number;
  /** Files per chunk. */
  chunk: number;
  /** The counters of {@link Counter}, which every thread updates atomically. */
  counters: SharedArrayBuffer;
  /**
   * A growable buffer, one slot per file found: the indexes (plus one) of the files workers passed, in the
   * order published; 0 until written. It grows before `KNOWN` does, so a slot always exists for a pass.
   */
  passed: SharedArrayBuffer;
  /**
   * A growable buffer, one byte per file found, set at the first file of each chunk a thread has claimed. The
   * workers claim chunks from the front, in turn; the thread that started the scan, once the walk is over, from
   * the back (see `scanBesideWorkers`); a chunk goes to whichever sets its byte first.
   */
  claimed: SharedArrayBuffer;
  /** The absolute paths of the files found, in batches joined by NUL (which no path holds), in walk order. */
  paths: MessagePort;
}

/** What a worker reports once no chunk is left. */
export interface SiftOutput {
  /** Files it skipped (unreadable, too large, binary) and why, by index. */
  skipped: (ReadSkip & { index: number })[];
  /** Bytes read. */
  bytes: number;
}

/** The indexes in `counters`. */
export const Counter = {
  /** The next chunk to claim. */
  NEXT_CHUNK: 0,
  /** Slots of `passed` taken. */
  PUBLISHED: 1,
  /** Files whose paths have been posted. */
  KNOWN: 2,
  /** 1 once the walk is over and `KNOWN` is final. */
  DONE: 3,
  /** Raised after every change of `KNOWN` or `DONE`, for threads waiting on either. */
  CHANGED: 4,
} as const;

/** Files a scan shares with its workers at most; past it the starting thread reads the rest alone. */
export const MAX_SHARED_FILES = 2 ** 24;

/** The shared state of a scan; `passed` grows as files are found (see {@link announce}). */
export function sharedState(): Pick<SiftJob, 'counters' | 'passed' | 'claimed'> {
  return {
    counters: new SharedArrayBuffer(4 * 5),
    passed: new SharedArrayBuffer(0, { maxByteLength: 4 * MAX_SHARED_FILES }),
    claimed: new SharedArrayBuffer(0, { maxByteLength: MAX_SHARED_FILES }),
  };
}

/**
 * Claims the chunk that starts at `start` for this thread, or says that another thread has it already. A
 * worker that finds its next chunk taken stops: the thread claiming from the back took it and every one after.
 */
export const claimChunk = (claimed: Uint8Array, start: number): boolean => Atomics.compareExchange(claimed, start, 0, 1) === 0;

/**
 * Tells the workers that `known` files have been posted (or, with `done`, that the walk is over): grows
 * `passed` and `claimed` first, so every found file has its slots, then wakes whoever waits.
 */
export function announce(job: Pick<SiftJob, 'counters' | 'passed' | 'claimed'>, known: number, done = false): void {
  const counters = new Int32Array(job.counters);
  if (job.passed.byteLength < 4 * known) job.passed.grow(4 * known);
  if (job.claimed.byteLength < known) job.claimed.grow(known);
  Atomics.store(counters, Counter.KNOWN, known);
  if (done) Atomics.store(counters, Counter.DONE, 1);
  Atomics.add(counters, Counter.CHANGED, 1);
  Atomics.notify(counters, Counter.CHANGED);
}

/**
 * The end of the chunk that starts at `start` once its files are known, waiting for the walk when they are
 * not yet; `start` itself (nothing to sift) when the walk ended before it.
 */
function chunkEnd(counters: Int32Array, start: number, chunk: number): number {
  for (;;) {
    const changed = Atomics.load(counters, Counter.CHANGED);
    // DONE before KNOWN: once DONE reads 1, the KNOWN read after it is final.
    const done = Atomics.load(counters, Counter.DONE) === 1;
    const known = Atomics.load(counters, Counter.KNOWN);
    if (known >= start + chunk || done) return Math.max(start, Math.min(start + chunk, known));
    Atomics.wait(counters, Counter.CHANGED, changed);
  }
}

/**
 * Claims chunks until none are left, reads each file and publishes the index of every file the prefilter
 * passes. A slot is taken before it is written, so a reader that finds 0 in a taken slot comes back later.
 */
export function siftClaimedChunks(job: SiftJob): SiftOutput {
  const counters = new Int32Array(job.counters);
  const passed = new Int32Array(job.passed);
  const claimed = new Uint8Array(job.claimed);
  // The automaton kept by an earlier run, when there is one: building it again would delay the first read.
  const prefilter = createPrefilter(job.anchors, job.table ?? cachedTable(job.anchors));
  if (job.sendTable) job.paths.postMessage({ table: prefilter.table() });
  else prefilter.table();
  const output: SiftOutput = { skipped: [], bytes: 0 };
  const paths: string[] = [];
  // Taken here, not imported: the thread that starts a scan imports this module for its counters too.
  const { receiveMessageOnPort } = process.getBuiltinModule('node:worker_threads');
  /** Takes in posted batches until the path of file `count - 1` is here. */
  const receive = (count: number) => {
    while (paths.length < count) {
      const batch = receiveMessageOnPort(job.paths);
      if (batch) for (const path of (batch.message as string).split('\0')) paths.push(path);
      // Posted, counted, not yet delivered: a moment's wait.
      else Atomics.wait(counters, Counter.CHANGED, Atomics.load(counters, Counter.CHANGED), 1);
    }
  };
  for (;;) {
    const start = Atomics.add(counters, Counter.NEXT_CHUNK, 1) * job.chunk;
    const end = chunkEnd(counters, start, job.chunk);
    if (end <= start || !claimChunk(claimed, start)) break;
    receive(end);
    for (let index = start; index < end; index++) {
      const bytes = readBytes(paths[index] as string, job.maxBytes);
      if (!Buffer.isBuffer(bytes)) {
        output.skipped.push({ index, ...bytes });
        continue;
      }
      output.bytes += bytes.length;
      const reason = unscannable(bytes);
      if (reason) output.skipped.push({ index, reason });
      else if (passes(bytes, prefilter)) Atomics.store(passed, Atomics.add(counters, Counter.PUBLISHED, 1), index + 1);
    }
  }
  return output;
}
