/**
 * The rows of the entries' pages: each project that uses an entry, with its count of the entry's findings
 * and its first places. Written as numbers while the projects are written one by one, to a scratch file
 * per entry and part of the projects, and rendered when the entry's pages are: an instance's run has
 * millions of rows across its entries, too many for memory, and as numbers they take a few bytes each.
 */
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../markdown/markdown.ts';
import { FIELD, type FindingBlock, type TextTables } from './finding-block.ts';
import { escaped } from './pages/project-section.ts';
import type { ProjectStatus } from './readiness-model.ts';
import type { RuleGroup } from './rule-groups.ts';
import { amount, projectHref } from './site-paths.ts';
import { ByteSink, ByteSource } from './varint.ts';

/** Places shown per project on an entry's page; all of them are in the project's section. */
export const PLACES_PER_PROJECT = 3;

/** Bytes of rows gathered before one write. */
const FLUSH_AT = 64 * 1024;

/** The scratch file of one part's rows of one entry (the part of the projects, the entry's index in the model). */
export function entryRowsFile(rowsDir: string, part: number, entry: number): string {
  return path.join(rowsDir, `${part}-${entry}.rows`);
}

/** One project's row of an entry's pages, as numbers. */
export interface EntryRow {
  /** The project's index in the model. */
  project: number;
  /** Its findings of the entry. */
  count: number;
  /** The spool (reading thread) whose texts the places' files are numbered in. */
  spool: number;
  /** The first places: file (a text number) and line, in turn. */
  places: number[];
}

/** An entry's rows, read back and rendered: the projects it blocks, then those where it warns, each in project order. */
export interface OrderedRows {
  blocking: string[];
  warning: string[];
}

/** One part's rows of one entry, added project by project, spooled to `file`. */
export class EntryRowWriter {
  readonly #file: string;
  readonly #sink = new ByteSink();
  #fd: number | undefined;

  constructor(file: string) {
    this.#file = file;
  }

  /** Adds the row of project `project` (its index in the model), whose findings came from spool `spool`. */
  add(project: number, spool: number, block: FindingBlock, group: RuleGroup): void {
    const sink = this.#sink;
    const shown = Math.min(group.rows.length, PLACES_PER_PROJECT);
    sink.put(project);
    sink.put(group.errors > 0 ? 1 : 0);
    sink.put(group.rows.length);
    sink.put(spool);
    sink.put(shown);
    for (let index = 0; index < shown; index++) {
      const at = group.rows[index] as number;
      sink.put(block.data[at + FIELD.file] as number);
      sink.put(block.data[at + FIELD.line] as number);
    }
    if (sink.length >= FLUSH_AT) this.#flush();
  }

  /** Writes what is pending and closes the file (which exists only if a row was added). */
  close(): void {
    this.#flush();
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }

  #flush(): void {
    if (this.#sink.length === 0) return;
    this.#fd ??= openSync(this.#file, 'w');
    writeSync(this.#fd, this.#sink.take());
  }
}

/** The rows of one entry from its scratch files (one per part of the projects, in order), rendered. */
export function readEntryRows(files: readonly string[], render: (row: EntryRow) => string): OrderedRows {
  const rows: OrderedRows = { blocking: [], warning: [] };
  for (const file of files) {
    if (!existsSync(file)) continue;
    const source = new ByteSource(readFileSync(file));
    while (!source.done) {
      const project = source.next();
      const blocking = source.next() === 1;
      const count = source.next();
      const spool = source.next();
      const places: number[] = [];
      for (let shown = source.next(); shown > 0; shown--) places.push(source.next(), source.next());
      (blocking ? rows.blocking : rows.warning).push(render({ project, count, spool, places }));
    }
  }
  return rows;
}

/** A project as its rows on the entries' pages link to it. */
export type ProjectRef = Pick<ProjectStatus, 'project' | 'slug' | 'page'>;

/** Renders rows: the projects by index, and each spool's texts. */
export function rowRenderer(projects: readonly ProjectRef[], tables: readonly Readonly<TextTables>[]): (row: EntryRow) => string {
  const names: (string | undefined)[] = new Array(projects.length);
  const texts = tables.map((table) => escaped.of(table.texts));
  return (row) => {
    const status = projects[row.project] as ProjectRef;
    const text = texts[row.spool] as (index: number) => string;
    let places = '';
    for (let at = 0; at < row.places.length; at += 2)
      places += `${places ? ', ' : ''}<code>${text(row.places[at] as number)}:${row.places[at + 1]}</code>`;
    const more = row.count - row.places.length / 2;
    let name = names[row.project];
    if (name === undefined) {
      name = escapeHtml(status.project);
      names[row.project] = name;
    }
    return `<li><a href="${projectHref('../', status)}">${name}</a> ${amount(row.count)}: ${places}${more > 0 ? ` and ${amount(more)} more` : ''}</li>`;
  };
}
