import { createPrefilter, type PrefilterTable } from '../file/prefilter.ts';
import { passes, type ReadSkip, readBytes, unscannable } from './scan-files.ts';

/**
 * A worker thread's part of a scan: plain data, copied to each worker. Workers only read files and run the
 * prefilter, which needs neither the rules nor the parsers, so they start in a fraction of the time a
 * thread with the whole engine takes; the matchers run on the thread that started the scan.
 */
export interface SiftJob {
  /**
   * The absolute paths of all the scan's files, joined by NUL (which no path holds); chunks and published
   * passes refer to them by index. One string is copied to a thread in one piece, an array string by string.
   */
  paths: string;
  maxBytes: number;
  /** The automaton to sift with; files it does not pass go back to the main thread only where the engine reads them always. */
  prefilter: PrefilterTable;
  /** Files per chunk. */
  chunk: number;
  /** Two counters (see `NEXT_CHUNK` and `PUBLISHED`) every thread updates atomically. */
  counters: SharedArrayBuffer;
  /** One slot per file: the indexes of the files workers passed, in the order published; -1 until written. */
  passed: SharedArrayBuffer;
}

/** What a worker reports once no chunk is left. */
export interface SiftOutput {
  /** Files it skipped (unreadable, too large, binary) and why, by index. */
  skipped: (ReadSkip & { index: number })[];
  /** Bytes read. */
  bytes: number;
}

/** Index in `counters` of the next chunk to claim. */
export const NEXT_CHUNK = 0;
/** Index in `counters` of the number of slots of `passed` taken. */
export const PUBLISHED = 1;

/** The shared state of a scan over `count` files. */
export function sharedState(count: number): Pick<SiftJob, 'counters' | 'passed'> {
  const passed = new SharedArrayBuffer(4 * count);
  new Int32Array(passed).fill(-1);
  return { counters: new SharedArrayBuffer(8), passed };
}

/**
 * Claims chunks until none are left, reads each file and publishes the index of every file the prefilter
 * passes. A slot is taken before it is written, so a reader that finds -1 in a taken slot comes back later.
 */
export function siftClaimedChunks(job: SiftJob): SiftOutput {
  const counters = new Int32Array(job.counters);
  const passed = new Int32Array(job.passed);
  const prefilter = createPrefilter([], job.prefilter);
  const output: SiftOutput = { skipped: [], bytes: 0 };
  const paths = job.paths === '' ? [] : job.paths.split('\0');
  const count = paths.length;
  for (;;) {
    const start = Atomics.add(counters, NEXT_CHUNK, 1) * job.chunk;
    if (start >= count) break;
    const end = Math.min(count, start + job.chunk);
    for (let index = start; index < end; index++) {
      const bytes = readBytes(paths[index] as string, job.maxBytes);
      if (!Buffer.isBuffer(bytes)) {
        output.skipped.push({ index, ...bytes });
        continue;
      }
      output.bytes += bytes.length;
      const reason = unscannable(bytes);
      if (reason) output.skipped.push({ index, reason });
      else if (passes(bytes, prefilter)) Atomics.store(passed, Atomics.add(counters, PUBLISHED, 1), index);
    }
  }
  return output;
}
