import { projectSlug } from './readiness-model.ts';

/** The file name (without extension) of a rule id's page: the id itself when it is a plain register id. */
export function entrySlug(id: string): string {
  return /^[a-z0-9][a-z0-9-]{0,120}$/.test(id) ? id : projectSlug(id);
}

/** Link to an entry's first page, from a page `root` away from the site's root. */
export function entryHref(root: string, id: string): string {
  return `${root}entries/${entrySlug(id)}.html`;
}

/** Link to a project's section, on the project page that holds it (see project-packs.ts). */
export function projectHref(root: string, status: { page: string; slug: string }): string {
  return `${root}projects/${status.page}#${status.slug}`;
}

/** A whole number with thousands separators, `12,345` (small ones, most of a site's, without asking Intl). */
export function amount(value: number): string {
  return value < 1000 && value >= 0 ? String(value) : value.toLocaleString('en');
}

/** `12 projects`, `1 project`. */
export function count(value: number, word: string, plural = `${word}s`): string {
  return `${amount(value)} ${value === 1 ? word : plural}`;
}

/**
 * The page budget a page of the site keeps (src/site/page-budget.ts), by its file: an entry's first page is
 * one document (what to do, then the first projects); every other page is a list, of entries or projects,
 * and a page of projects' sections is a list of projects too.
 */
export function pageKind(file: string): 'content' | 'list' {
  return /^entries\/[^./]+\.html$/.test(file) ? 'content' : 'list';
}
