/**
 * The rows of one entry's pages: each project that uses it, whether it blocks, and the first places. Held
 * compactly (a number and a string a row), since an instance's run has millions of rows across entries
 * while the findings they come from are read one project at a time.
 */
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

const SEPARATOR = '\u0001';

/** Rows of one entry, added project by project. */
export class EntryRows {
  /** Project index times two, plus one when the project is blocked by the entry. */
  readonly #keys: number[] = [];
  /** The places, joined, after the count of the rest. */
  readonly #places: string[] = [];

  /** Adds a project's findings of the entry. */
  add(project: number, findings: readonly ReportFinding[]): void {
    const blocking = findings.some((finding) => finding.severity === 'error');
    const shown = findings.slice(0, PLACES_PER_PROJECT).map((finding) => `${finding.file}:${finding.line}`);
    this.#keys.push(project * 2 + (blocking ? 1 : 0));
    this.#places.push([String(findings.length - shown.length), ...shown].join(SEPARATOR));
  }

  /** How many projects were added. */
  get size(): number {
    return this.#keys.length;
  }

  /** The rows, blocking projects first, each part in the order added. */
  ordered(): EntryRow[] {
    const rows: EntryRow[] = [];
    for (const blocking of [true, false])
      this.#keys.forEach((key, at) => {
        if ((key % 2 === 1) !== blocking) return;
        const [more = '0', ...places] = (this.#places[at] as string).split(SEPARATOR);
        rows.push({ project: Math.floor(key / 2), blocking, places, more: Number(more) });
      });
    return rows;
  }
}
