import { createHash } from 'node:crypto';
import path from 'node:path';

/**
 * The content directory the site is built from: `SUNSET_CONTENT_DIR` when set (the build benchmark points
 * it at a generated register), else `content/` under the directory the build runs in. The working
 * directory is used rather than this file's URL because pages are bundled into `dist/` before they run.
 */
export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.SUNSET_CONTENT_DIR || 'content');
}

/**
 * Astro's cache folder for a build from `dir`: a folder of its own for each content directory, below Astro's
 * default (`node_modules/.astro`). Astro keeps the guides it loaded in that folder between builds, by their
 * ids, and takes an unchanged guide from there with the file path it had then: with one folder for all, a
 * build from a copy of the content (the build benchmark's) gives the next build the copy's paths, and with
 * them the guides' edit links and dates.
 */
export function astroCacheDir(dir: string = contentDir()): string {
  const key = createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 16);
  return `node_modules/.astro/content-${key}`;
}
