/**
 * The projects' pass of writing a site, over a run of consecutive projects: each project's findings are
 * read back from the spool, its section rendered and gathered into pages with its neighbours
 * (project-packs.ts), and its row of each entry's pages rendered into that entry's scratch file. Plain data
 * in and out, so a worker thread can take a part of the projects (write-site.ts splits them where a page
 * starts anyway, so the site is the same whatever the number of threads).
 */
import path from 'node:path';
import { partsBuffer, writeParts } from './buffered-file.ts';
import type { EntryPassJob } from './entry-pass.ts';
import { EntryRowWriter, entryRowsFile } from './entry-rows.ts';
import { EMPTY_BLOCK, type TextTables } from './finding-block.ts';
import { SpoolReader } from './finding-spool.ts';
import { ownProjectPages, type SiteInfo, sharedProjectPage } from './pages/project-pages.ts';
import { entryHeads, type ProjectSection, projectSection } from './pages/project-section.ts';
import { ProjectPacker } from './project-packs.ts';
import type { ProjectStatus } from './readiness-model.ts';
import type { CountedSummary } from './report-summary.ts';
import { ruleGroups } from './rule-groups.ts';
import type { PageParts } from './site-layout.ts';

/** What one part of the projects' pass needs besides its projects. */
export interface ProjectPassSetup {
  out: string;
  site: SiteInfo;
  /** The run's entries with findings, in the model's order. */
  entries: { id: string; title: string }[];
  /** The spool files the projects' findings are in, and the texts of each. */
  spoolFiles: readonly string[];
  spoolTables: readonly TextTables[];
  /** Where the part's rows of entry `n` go: {@link entryRowsFile}. */
  rowsDir: string;
  part: number;
  /** The index in the model of the part's first project. */
  first: number;
}

/**
 * What a writing worker is told: its setup, then batches of projects, then that no more come (it answers
 * with the files it wrote); then, once every part is done, the entries it is to write (the same).
 */
export type PassMessage = { setup: ProjectPassSetup } | { projects: ProjectStatus[] } | { end: true } | { entries: EntryPassJob };

/** What a writing worker answers: each batch's pages, or the files it wrote. */
export type PassReply = { pages: string[] } | { files: string[] };

/**
 * A part of the projects' pass: consecutive projects of the model, the first opening a page, handed over
 * in batches (a worker holds a batch at a time, not its whole part).
 */
export class ProjectPass {
  readonly #setup: ProjectPassSetup;
  readonly #spool: SpoolReader;
  readonly #rows: Map<string, EntryRowWriter>;
  readonly #heads: (id: string) => string;
  readonly #packer = new ProjectPacker<ProjectSection>();
  readonly #files: string[] = [];
  readonly #buffer = partsBuffer();
  /** The model's index of the next project. */
  #next: number;

  constructor(setup: ProjectPassSetup) {
    this.#setup = setup;
    this.#next = setup.first;
    this.#spool = new SpoolReader(setup.spoolFiles, setup.spoolTables);
    this.#rows = new Map(
      setup.entries.map(({ id }, index) => [id, new EntryRowWriter(entryRowsFile(setup.rowsDir, setup.part, index))]),
    );
    this.#heads = entryHeads(setup.entries);
  }

  /** Writes the next projects; the page (in `projects/`) of each, which is settled once it is added. */
  add(projects: readonly ProjectStatus[]): string[] {
    const { site } = this.#setup;
    for (const status of projects) {
      const block = status.report.spool ? this.#spool.read(status.report.spool) : EMPTY_BLOCK;
      const groups = ruleGroups(block);
      const { shared, alone } = this.#packer.add(status, projectSection(status, block, groups, this.#heads));
      for (const page of shared) this.#write(sharedProjectPage(site, page));
      if (alone) for (const page of ownProjectPages(site, alone.status, alone.section)) this.#write(page);
      const index = this.#next++;
      const spool = status.report.spool?.spool ?? 0;
      for (const group of groups) this.#rows.get(group.id)?.add(index, spool, block, group);
    }
    return projects.map((status) => status.page);
  }

  /** Writes the last page and the rows; the files written, relative to the site. */
  finish(): string[] {
    try {
      for (const page of this.#packer.finish()) this.#write(sharedProjectPage(this.#setup.site, page));
    } finally {
      for (const entry of this.#rows.values()) entry.close();
      this.#spool.close();
    }
    return this.#files;
  }

  #write(page: PageParts): void {
    writeParts(path.join(this.#setup.out, page.file), page.parts, this.#buffer);
    this.#files.push(page.file);
  }
}

/**
 * A project as a worker needs it: its facts and where its findings are, without what only the model
 * needs (counts by rule), so a batch copies to a thread quickly.
 */
export function passedStatus(status: ProjectStatus): ProjectStatus {
  const slim = (report: CountedSummary): CountedSummary => ({ ...report, rules: '', ruleTable: [] });
  return {
    ...status,
    report: slim(status.report),
    history: status.history.length > 1 ? status.history.map(slim) : [],
  };
}
