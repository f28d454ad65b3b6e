import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { transform } from 'esbuild';

/** The worker script MSW registers, as `public/` holds it (a verbatim copy of the installed msw's). */
export const WORKER_FILE = 'mockServiceWorker.js';

/**
 * Minifies the copy of MSW's worker script the site serves, once the build has written it: the reader's
 * first Send downloads it, and its comments are half its weight. `public/` keeps MSW's own text (checked
 * against the installed msw); minifying keeps the version and checksum MSW compares when a console starts.
 */
export function minifyWorkerIntegration(): AstroIntegration {
  return {
    name: 'sunset:minify-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const file = fileURLToPath(new URL(WORKER_FILE, dir));
        const source = await readFile(file, 'utf8');
        const { code } = await transform(source, { minify: true, target: 'es2020', legalComments: 'none' });
        await writeFile(file, code);
        logger.info(`${WORKER_FILE}: ${source.length} bytes minified to ${code.length}`);
      },
    },
  };
}
