/**
 * Making files can be slow for a while after many were deleted: on ext4 without a journal (as on the machine
 * these figures were first taken on) the kernel will not hand out an inode freed in the last minute, and each
 * new file walks past every such inode of its block group first. Right after another bench or a test run
 * removed 20,000 files, making 5,259 small files took 1.1–1.3 s there, against 84–126 ms a minute later, and
 * the large site's build (about 10,500 files and folders of pages and search index) took 2–4 s longer. A file
 * system with a journal skips that check and is not slowed.
 *
 * `settledFileSystem` times making empty files in new folders below `dir` (the bench's own folder, where the
 * builds then write), and while that is slow waits and times it again, up to a limit, so that the bench times
 * the build and not what was deleted before it. The probe's files are kept, not deleted, until the bench ends:
 * deleting them would slow the next files made.
 */
import { closeSync, mkdtempSync, openSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Files each probe makes. */
export const PROBE_FILES = 1000;

/** Microseconds per file above which making files counts as slowed: 2–4× what a settled disk took there. */
export const SLOW_FILE_MICROS = 40;

/**
 * How long the bench waits at most. A deleted inode is held back for a minute once its table is written to
 * the disk (five more while it is not), so after a very large deletion the bench goes on slowed, and says so.
 */
export const MAX_SETTLE_MS = 120_000;

/** Between probes. */
export const PROBE_INTERVAL_MS = 5_000;

/** Microseconds per file to make {@link PROBE_FILES} empty files in a new folder below `dir`. */
export function fileCreationMicros(dir: string): number {
  const folder = mkdtempSync(path.join(dir, 'file-probe-'));
  const started = performance.now();
  for (let index = 0; index < PROBE_FILES; index++) closeSync(openSync(path.join(folder, String(index)), 'w'));
  return ((performance.now() - started) * 1000) / PROBE_FILES;
}

/** What {@link settledFileSystem} found: the first and the last probe, and how long it waited. */
export interface Settling {
  firstMicros: number;
  micros: number;
  waitedMs: number;
}

/** How the settling is timed and probed; the defaults are the real ones (tests pass their own). */
export interface SettleOptions {
  probe?: () => number;
  wait?: (ms: number) => Promise<unknown>;
  now?: () => number;
  slowMicros?: number;
  maxMs?: number;
  intervalMs?: number;
}

/** Waits while making files below `dir` is slow (see the module's comment), at most `maxMs`. */
export async function settledFileSystem(dir: string, options: SettleOptions = {}): Promise<Settling> {
  const probe = options.probe ?? (() => fileCreationMicros(dir));
  const wait = options.wait ?? sleep;
  const now = options.now ?? (() => performance.now());
  const slow = options.slowMicros ?? SLOW_FILE_MICROS;
  const maxMs = options.maxMs ?? MAX_SETTLE_MS;
  const interval = options.intervalMs ?? PROBE_INTERVAL_MS;
  const started = now();
  const firstMicros = probe();
  let micros = firstMicros;
  while (micros > slow && now() - started + interval <= maxMs) {
    await wait(interval);
    micros = probe();
  }
  return { firstMicros, micros, waitedMs: now() - started };
}

/** One line for the bench's output. */
export function settlingText(settling: Settling, slowMicros: number = SLOW_FILE_MICROS): string {
  const per = (micros: number) => `${micros.toFixed(0)} µs`;
  const first = `file system: making a file took ${per(settling.firstMicros)}`;
  if (settling.firstMicros <= slowMicros) return `${first} (not slowed by recent deletions)`;
  const waited = `after waiting ${(settling.waitedMs / 1000).toFixed(0)} s for files deleted before the bench to stop slowing new ones`;
  return settling.micros <= slowMicros
    ? `${first}; ${waited}, ${per(settling.micros)}`
    : `${first}; ${waited}, still ${per(settling.micros)} (the figures below include the slowdown)`;
}
