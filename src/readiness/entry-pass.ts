/**
 * The entries' pass of writing a site: each entry's pages, from the rows the projects' pass left (one
 * scratch file per part of the projects). Plain data in, so a worker thread can take some of the entries.
 */
import path from 'node:path';
import { partsBuffer, writeParts } from './buffered-file.ts';
import { entryRowsFile, type ProjectRef, readEntryRows, rowRenderer } from './entry-rows.ts';
import type { TextTables } from './finding-block.ts';
import { type EntryPageInput, entryPages } from './pages/entry-pages.ts';

/** Some entries' pages to write. */
export interface EntryPassJob {
  out: string;
  /** Where the projects' pass left the rows, and in how many parts. */
  rowsDir: string;
  parts: number;
  spoolTables: readonly TextTables[];
  /** Every counted project, by its index in the model, with its page. */
  projects: readonly ProjectRef[];
  /** The entries, each with its index in the model. */
  entries: { index: number; input: EntryPageInput }[];
}

/** Writes the entries' pages; the files written, relative to the site. */
export function runEntryPass(job: EntryPassJob): string[] {
  const render = rowRenderer(job.projects, job.spoolTables);
  const buffer = partsBuffer();
  const files: string[] = [];
  for (const { index, input } of job.entries) {
    const parts = Array.from({ length: job.parts }, (_, part) => entryRowsFile(job.rowsDir, part, index));
    for (const page of entryPages(input, readEntryRows(parts, render))) {
      writeParts(path.join(job.out, page.file), page.parts, buffer);
      files.push(page.file);
    }
  }
  return files;
}
