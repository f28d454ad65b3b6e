import { projectSlug } from './readiness-model.ts';

/** The file name (without extension) of a rule id's page: the id itself when it is a plain register id. */
export function entrySlug(id: string): string {
  return /^[a-z0-9][a-z0-9-]{0,120}$/.test(id) ? id : projectSlug(id);
}

/** Link to page `index` of an entry's pages, from a page `root` away from the site's root. */
export function entryHref(root: string, id: string, index = 0): string {
  return `${root}entries/${entrySlug(id)}${index ? `-${index + 1}` : ''}.html`;
}

/** Link to a project's first page. */
export function projectHref(root: string, slug: string): string {
  return `${root}projects/${slug}.html`;
}

/** `12 projects`, `1 project`. */
export function count(value: number, word: string, plural = `${word}s`): string {
  return `${value.toLocaleString('en')} ${value === 1 ? word : plural}`;
}
