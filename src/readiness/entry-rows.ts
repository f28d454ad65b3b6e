/**
 * The rows of one entry's pages: each project that uses it, whether it blocks, and the first places. Kept
 * in a scratch file of the entry's own while the projects are written one by one, and read back when the
 * entry's pages are: an instance's run has millions of rows across its entries, too many for memory.
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { ReportFinding } from './report-schema.ts';

/** Places shown per project on an entry's page; the rest are on the project's page. */
export const PLACES_PER_PROJECT = 20;

/** One row as the entry's pages show it. */
export interface EntryRow {
  /** Index of the project in the model's projects. */
  project: number;
  blocking: boolean;
  /** `file:line` of the first {@link PLACES_PER_PROJECT} findings. */
  places: string[];
  /** Findings beyond those. */
  more: number;
}

/** Bytes of rows gathered before one write. */
const FLUSH_AT = 64 * 1024;

/** Rows of one entry, added project by project, spooled to `file`. */
export class EntryRows {
  readonly #file: string;
  #fd: number | undefined;
  #pending = '';
  #size = 0;

  constructor(file: string) {
    this.#file = file;
  }

  /** Adds a project's findings of the entry. */
  add(project: number, findings: readonly ReportFinding[]): void {
    const blocking = findings.some((finding) => finding.severity === 'error');
    const shown = findings.slice(0, PLACES_PER_PROJECT).map((finding) => `${finding.file}:${finding.line}`);
    // One line a row: the project, the block flag, and the rest as JSON (which escapes any line break).
    this.#pending += `${project * 2 + (blocking ? 1 : 0)}\t${JSON.stringify([findings.length - shown.length, ...shown])}\n`;
    this.#size++;
    if (this.#pending.length >= FLUSH_AT) this.#flush();
  }

  /** How many projects were added. */
  get size(): number {
    return this.#size;
  }

  /** The rows, blocking projects first, each part in the order added; closes the spool. */
  ordered(): EntryRow[] {
    this.#flush();
    if (this.#fd === undefined) return [];
    closeSync(this.#fd);
    this.#fd = undefined;
    const lines = readFileSync(this.#file, 'utf8').split('\n');
    const rows: EntryRow[] = [];
    for (const blocking of [true, false])
      for (const line of lines) {
        if (line === '') continue;
        const tab = line.indexOf('\t');
        const key = Number(line.slice(0, tab));
        if ((key % 2 === 1) !== blocking) continue;
        const [more, ...places] = JSON.parse(line.slice(tab + 1)) as [number, ...string[]];
        rows.push({ project: Math.floor(key / 2), blocking, places, more });
      }
    return rows;
  }

  #flush(): void {
    if (this.#pending === '') return;
    this.#fd ??= openSync(this.#file, 'w');
    writeSync(this.#fd, this.#pending);
    this.#pending = '';
  }
}
