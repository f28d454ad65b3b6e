import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { describeFault } from '../../findings/file-fault.ts';
import type { Finding } from '../../findings/finding.ts';
import type { Engine } from '../engine/engine.ts';
import type { Prefilter } from '../file/prefilter.ts';
import { ownReportKind } from './own-report.ts';
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
  /** Findings that stand only if no file settles their key, and the keys files settled (see `FileResult`). */
  unless: Map<Finding, string>;
  settled: Set<string>;
}

/** A scan's output before any file is read. */
export const emptyScanOutput = (): ScanOutput => ({
  findings: [],
  skipped: [],
  bytes: 0,
  candidates: 0,
  suppressed: 0,
  unless: new Map(),
  settled: new Set(),
});

/** The findings of a finished scan, less those another file settled. */
export function standingFindings(output: ScanOutput): Finding[] {
  if (output.unless.size === 0) return output.findings;
  return output.findings.filter((finding) => {
    const key = output.unless.get(finding);
    return key === undefined || !output.settled.has(key);
  });
}

/** Why a file read is not scanned: too large, or not readable at all (which `check` does not pass silently). */
export interface ReadSkip {
  reason: string;
  /** The file could not be read: its contents were not checked. */
  unreadable?: true;
}

/** The skip note of a file read that did not give bytes. */
export const skipNote = (path: string, skip: ReadSkip): SkipNote =>
  skip.unreadable ? { path, reason: skip.reason, unreadable: true } : { path, reason: skip.reason };

/** The read buffer of this thread, kept between calls: a scan calls once per chunk of files. */
let readBuffer: Buffer | undefined;

/**
 * Reads a file into this thread's buffer (one byte longer than the size limit) and returns its bytes, or
 * why it is skipped. One `read` call fills the buffer: on a regular file a short read means the end of the
 * file, so the size needs no `stat` unless the file turns out too large. The bytes are valid until the
 * next call on the same thread.
 */
export function readBytes(absolute: string, maxBytes: number): Buffer | ReadSkip {
  // Each thread has its own module instance, so reusing the buffer is safe, and it saves allocating (and
  // later collecting) a size-limit buffer for every file.
  if (readBuffer?.length !== maxBytes + 1) readBuffer = Buffer.allocUnsafe(maxBytes + 1);
  let fd: number | undefined;
  let read: number;
  try {
    fd = openSync(absolute, 'r');
    read = readSync(fd, readBuffer);
    if (read > maxBytes) return { reason: `larger than the size limit (${fstatSync(fd).size} > ${maxBytes} bytes)` };
  } catch (error) {
    return { reason: `not readable (${describeFault(error)})`, unreadable: true };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return asUtf8(readBuffer.subarray(0, read));
}

/**
 * The bytes of a text as UTF-8: a file that starts with a UTF-16 byte-order mark (as some Windows editors
 * save) is transcoded, so its NUL bytes do not make it binary and the prefilter's anchors match it. Other
 * bytes are returned as they are; a UTF-8 byte-order mark is dropped when the text is decoded.
 */
export function asUtf8(bytes: Buffer): Buffer {
  if (bytes.length < 2) return bytes;
  const little = bytes[0] === 0xff && bytes[1] === 0xfe;
  const big = bytes[0] === 0xfe && bytes[1] === 0xff;
  if (!little && !big) return bytes;
  return Buffer.from(new TextDecoder(little ? 'utf-16le' : 'utf-16be').decode(bytes), 'utf8');
}

/** Whether a file's bytes are binary: a NUL byte near the start, as Git decides. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF).includes(0);
}

/**
 * Why a readable file is not scanned, or undefined when it is: binary bytes, or a report or baseline
 * Sunset wrote (its findings quote the uses they found; scanning it would find them again).
 */
export function unscannable(bytes: Uint8Array): string | undefined {
  if (isBinary(bytes)) return 'binary';
  const own = ownReportKind(bytes);
  return own ? `a Sunset ${own}: Sunset's own output is never scanned` : undefined;
}

/** Whether a file's bytes go to the matchers: some anchor occurs in them. */
export function passes(bytes: Uint8Array, prefilter: Prefilter): boolean {
  return prefilter.hits(bytes);
}

/** Decodes a file that passed and runs the matchers on it, adding what they report to `output`. */
export function checkBytes(file: WalkedFile, bytes: Buffer, engine: Engine, output: ScanOutput): void {
  output.candidates++;
  const anchors = engine.prefilter.anchorsIn(bytes);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const result = engine.checkText(file, text, anchors);
  for (const finding of result.findings) output.findings.push(finding);
  output.suppressed += result.suppressed;
  if (result.unless) for (const [finding, key] of result.unless) output.unless.set(finding, key);
  if (result.settles) for (const key of result.settles) output.settled.add(key);
}

/** The prefilter a scan sifts with; files it does not pass still go to the matchers where `readsAlways` says so. */
export function siftingPrefilter(engine: Engine): Prefilter {
  return engine.prefilter;
}

/**
 * Reads one file and checks it: a binary file or one over the size limit is skipped (with a note), every
 * other file gets the byte-level prefilter, and only a file it passes (or CI configuration, which is always
 * parsed) is decoded and matched.
 */
export function scanFile(file: WalkedFile, engine: Engine, prefilter: Prefilter, maxBytes: number, output: ScanOutput): void {
  const bytes = readBytes(file.absolute, maxBytes);
  if (!Buffer.isBuffer(bytes)) {
    output.skipped.push(skipNote(file.path, bytes));
    return;
  }
  output.bytes += bytes.length;
  const reason = unscannable(bytes);
  if (reason) output.skipped.push({ path: file.path, reason });
  else if (passes(bytes, prefilter) || engine.readsAlways(file.rootPath)) checkBytes(file, bytes, engine, output);
}

/**
 * Reads files one after another and checks each. Synchronous on purpose: on a warm page cache a read is a
 * few microseconds, far less than a round trip through the thread pool; parallelism comes from running
 * the prefilter in worker threads.
 */
export function scanFiles(files: readonly WalkedFile[], engine: Engine, maxBytes: number = DEFAULT_MAX_BYTES): ScanOutput {
  const output = emptyScanOutput();
  const prefilter = siftingPrefilter(engine);
  for (const file of files) scanFile(file, engine, prefilter, maxBytes, output);
  return output;
}
