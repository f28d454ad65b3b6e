/**
 * Where the findings of every report read wait for the pages: a scratch file, one compact JSON line per
 * report, read back by position. A readiness run over an instance's projects reads millions of findings;
 * held in memory they would take gigabytes, written once here and read once per counted project they cost
 * a sequential write and a read.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import type { ReportFinding } from './report-schema.ts';

/** Where one report's findings are in the spool. */
export interface SpoolPlace {
  offset: number;
  length: number;
}

/** A finding as spooled: rule, error (1) or warning (0), file, line, column, match, message. */
type Packed = [string, 0 | 1, string, number, number, string, string];

/** Bytes gathered before one write: few system calls, little memory. */
const FLUSH_AT = 1 << 20;

/** A spool file, written while reports are read and read back while pages are written. */
export class FindingSpool {
  readonly #file: string;
  readonly #fd: number;
  #size = 0;
  #pending: Buffer[] = [];
  #pendingBytes = 0;

  constructor(file: string) {
    this.#file = file;
    this.#fd = openSync(file, 'w+');
  }

  /** Adds a report's findings; where they are, to read them back. */
  append(findings: readonly ReportFinding[]): SpoolPlace {
    const packed: Packed[] = findings.map((finding) => [
      finding.ruleId,
      finding.severity === 'error' ? 1 : 0,
      finding.file,
      finding.line,
      finding.column,
      finding.match,
      finding.message,
    ]);
    const bytes = Buffer.from(`${JSON.stringify(packed)}\n`);
    const place = { offset: this.#size, length: bytes.length };
    this.#size += bytes.length;
    this.#pending.push(bytes);
    this.#pendingBytes += bytes.length;
    if (this.#pendingBytes >= FLUSH_AT) this.#flush();
    return place;
  }

  /** The findings spooled at `place`. */
  read(place: SpoolPlace): ReportFinding[] {
    this.#flush();
    const bytes = Buffer.allocUnsafe(place.length);
    let done = 0;
    while (done < place.length) done += readSync(this.#fd, bytes, done, place.length - done, place.offset + done);
    return (JSON.parse(bytes.toString('utf8')) as Packed[]).map(([ruleId, error, file, line, column, match, message]) => ({
      ruleId,
      severity: error ? 'error' : 'warning',
      file,
      line,
      column,
      match,
      message,
    }));
  }

  /** Closes and removes the spool file. */
  dispose(): void {
    closeSync(this.#fd);
    rmSync(this.#file, { force: true });
  }

  #flush(): void {
    if (this.#pendingBytes === 0) return;
    const chunk = Buffer.concat(this.#pending, this.#pendingBytes);
    let done = 0;
    while (done < chunk.length)
      done += writeSync(this.#fd, chunk, done, chunk.length - done, this.#size - this.#pendingBytes + done);
    this.#pending = [];
    this.#pendingBytes = 0;
  }
}
