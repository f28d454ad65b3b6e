import path from 'node:path';

/**
 * The content directory the site is built from: `SUNSET_CONTENT_DIR` when set (the build benchmark points
 * it at a generated register), else `content/` under the directory the build runs in. The working
 * directory is used rather than this file's URL because pages are bundled into `dist/` before they run.
 */
export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.SUNSET_CONTENT_DIR || 'content');
}
