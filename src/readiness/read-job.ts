/**
 * A reading thread's share of a readiness run: plain data copied to each worker. Threads claim chunks of
 * the file list from a shared counter, so a thread slowed by a large report or a busy machine simply
 * claims fewer.
 */
import { SpoolWriter } from './finding-spool.ts';
import { type ReadBatch, ReportReader } from './report-reader.ts';

/** What a reading worker is given. */
export interface ReadJob {
  /** The run's report files, joined by NUL (which no path holds): one string copies in one piece. */
  files: string;
  cwd: string;
  /** The spool file this thread writes, and its number among the run's spools. */
  spoolFile: string;
  spool: number;
  /** Files per chunk. */
  chunk: number;
  /** One counter: the next chunk to claim. */
  counter: SharedArrayBuffer;
}

/** A worker's message: a batch after each chunk, then `done` once no chunk is left and its spool is closed. */
export type ReadMessage = { batch: ReadBatch } | { done: true };

/** Reads the chunks this thread claims, handing a batch on after each. */
export function readClaimedChunks(job: ReadJob, send: (message: ReadMessage) => void): void {
  const files = job.files.split('\0');
  const counter = new Int32Array(job.counter);
  const spool = new SpoolWriter(job.spoolFile, job.spool);
  const reader = new ReportReader(job.cwd, spool);
  for (;;) {
    const start = Atomics.add(counter, 0, 1) * job.chunk;
    if (start >= files.length) break;
    const end = Math.min(files.length, start + job.chunk);
    for (let index = start; index < end; index++) reader.read(index, files[index] as string);
    send({ batch: reader.takeBatch() });
  }
  spool.close();
  send({ done: true });
}
