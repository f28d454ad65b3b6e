import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The site's pages as written: every `.html` file below `root`, by its path from there with forward slashes,
 * folder by folder as the system lists them. Read synchronously, one listing per folder: on a built site of
 * thousands of folders that is several times quicker than a recursive `readdir`, which makes a promise per
 * folder, and it runs while the index thread takes in the last pages.
 */
export function writtenPages(root: string): string[] {
  const pages: string[] = [];
  const visit = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(path.join(folder, entry.name), `${prefix}${entry.name}/`);
      else if (entry.name.endsWith('.html')) pages.push(`${prefix}${entry.name}`);
    }
  };
  visit(root, '');
  return pages;
}
