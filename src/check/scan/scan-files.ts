import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { Engine } from '../engine/engine.ts';
import type { Finding } from '../finding.ts';
import type { SkipNote, WalkedFile } from './walk.ts';

/** Files larger than this are skipped by default (generated bundles, data dumps); `--max-file-size` changes it. */
export const DEFAULT_MAX_BYTES = 1024 * 1024;

/** How much of a file's start is searched for a NUL byte to call it binary, as Git does. */
const BINARY_SNIFF = 8000;

/** What scanning a list of files produced. */
export interface ScanOutput {
  findings: Finding[];
  skipped: SkipNote[];
  /** Bytes read. */
  bytes: number;
  /** Files the prefilter passed to the matchers. */
  candidates: number;
  /** Findings left out by `sunset-ignore` comments. */
  suppressed: number;
}

/** The read buffer of this thread, kept between calls: a scan calls once per chunk of files. */
let readBuffer: Buffer | undefined;

/**
 * Reads a file into `buffer` (one byte longer than the size limit) and returns the byte count, or why it was
 * skipped. One `read` call fills it: on a regular file a short read means the end of the file, so the size
 * needs no `stat` unless the file turns out too large.
 */
function readInto(absolute: string, buffer: Buffer, maxBytes: number): number | string {
  let fd: number | undefined;
  try {
    fd = openSync(absolute, 'r');
    const read = readSync(fd, buffer);
    if (read > maxBytes) return `larger than the size limit (${fstatSync(fd).size} > ${maxBytes} bytes)`;
    return read;
  } catch (error) {
    return `not readable (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Reads files one after another into one reused buffer and checks them: binary files and files over the
 * size limit are skipped (with a note), every other file gets the byte-level prefilter, and only files
 * it passes are decoded and matched. Synchronous on purpose: on a warm page cache a read is a few
 * microseconds, far less than a round trip through the thread pool; parallelism comes from running
 * several of these in worker threads.
 */
export function scanFiles(files: readonly WalkedFile[], engine: Engine, maxBytes: number = DEFAULT_MAX_BYTES): ScanOutput {
  const output: ScanOutput = { findings: [], skipped: [], bytes: 0, candidates: 0, suppressed: 0 };
  // Each thread has its own module instance, so reusing the buffer across calls is safe, and it saves
  // allocating (and later collecting) a size-limit buffer for every chunk.
  if (readBuffer?.length !== maxBytes + 1) readBuffer = Buffer.allocUnsafe(maxBytes + 1);
  const buffer = readBuffer;
  for (const file of files) {
    const read = readInto(file.absolute, buffer, maxBytes);
    if (typeof read === 'string') {
      output.skipped.push({ path: file.path, reason: read });
      continue;
    }
    const bytes = buffer.subarray(0, read);
    output.bytes += read;
    if (bytes.subarray(0, BINARY_SNIFF).includes(0)) {
      output.skipped.push({ path: file.path, reason: 'binary' });
      continue;
    }
    // Most files hold no anchor: the early-exit pass without bookkeeping is measurably faster for them than
    // collecting anchors, so the full pass runs only on files that hit.
    if (!engine.readsEverything && !engine.prefilter.hits(bytes) && !engine.parsesAlways(file.rootPath)) continue;
    output.candidates++;
    const anchors = engine.readsEverything ? undefined : engine.prefilter.anchorsIn(bytes);
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const result = engine.checkText(file, text, anchors);
    output.findings.push(...result.findings);
    output.suppressed += result.suppressed;
  }
  return output;
}
