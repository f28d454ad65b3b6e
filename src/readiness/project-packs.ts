/**
 * Which projects share a page. An instance has tens of thousands of projects; a page each would make the
 * site as many files, and files, not bytes, are what writing, uploading to Pages and serving cost. So
 * neighbours in the project order (a group's projects are neighbours) share a page, each in a section
 * with its own anchor, and a project too large to share gets pages of its own.
 *
 * Where a page starts is decided by the projects themselves, not by counting: a project opens a new page
 * when its name's digest says so (about one in {@link PACK_SPREAD}), or when the page would outgrow
 * {@link LIST_PAGE_WEIGHT}. So a project's link (`projects/<page>.html#<slug>`) stays the same from one
 * run to the next while findings come and go, unless its page's first project leaves or the page fills up.
 * A page of sections is a list page (of projects), so it keeps the list budget.
 */
import { LIST_PAGE_WEIGHT } from './page-weight.ts';
import type { ProjectStatus } from './readiness-model.ts';

/** About how many projects share a page, when their findings leave room. */
export const PACK_SPREAD = 32;

/** Whether a project opens a new page: one in {@link PACK_SPREAD}, by the digest its slug ends with. */
export function opensPage(status: Pick<ProjectStatus, 'slug'>): boolean {
  return Number.parseInt(status.slug.slice(-4), 16) % PACK_SPREAD === 0;
}

/** A project as a page holds it. */
export interface Packed<T> {
  status: ProjectStatus;
  section: T;
}

/**
 * Gathers projects, in order, into pages: `add` returns the pages it closed (none, the page before, or
 * that and the project's own pages), and sets the project's `page`. `finish` returns the last page.
 */
export class ProjectPacker<T extends { weight: number }> {
  #current: Packed<T>[] = [];
  #weight = 0;

  /** Adds a project; a section heavier than a page may be gets pages of its own (`alone`). */
  add(status: ProjectStatus, section: T): { shared: Packed<T>[][]; alone?: Packed<T> } {
    const closed: Packed<T>[][] = [];
    const large = section.weight > LIST_PAGE_WEIGHT;
    const crowded = this.#weight + section.weight > LIST_PAGE_WEIGHT;
    if (this.#current.length > 0 && (large || crowded || opensPage(status))) closed.push(this.#close());
    status.page = `${(this.#current[0]?.status ?? status).slug}.html`;
    if (large) return { shared: closed, alone: { status, section } };
    this.#current.push({ status, section });
    this.#weight += section.weight;
    return { shared: closed };
  }

  /** The last page, if any. */
  finish(): Packed<T>[][] {
    return this.#current.length > 0 ? [this.#close()] : [];
  }

  #close(): Packed<T>[] {
    const page = this.#current;
    this.#current = [];
    this.#weight = 0;
    return page;
  }
}
