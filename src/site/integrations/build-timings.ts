import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { addTime, buildTimings, pagesStartedAt } from '../build-timings.ts';

/**
 * Records Astro's build phases (bundling, from the build's start to the first page; then making the pages)
 * beside the page code's own parts (see build-timings.ts) and writes them, in seconds, to
 * `SUNSET_PHASES_FILE` when set. Listed before the search index integration, so its numbers stop where the
 * build starts waiting for the index (which takes the pages in while they render).
 */
export function buildTimingsIntegration(): AstroIntegration {
  let started = 0;
  return {
    name: 'sunset:build-timings',
    hooks: {
      'astro:build:start': () => {
        started = performance.now();
      },
      'astro:build:generated': () => {
        const now = performance.now();
        const pages = pagesStartedAt() ?? now;
        addTime('bundle', (pages - started) / 1000);
        addTime('generate', (now - pages) / 1000);
      },
      'astro:build:done': async () => {
        if (process.env.SUNSET_PHASES_FILE) {
          await writeFile(process.env.SUNSET_PHASES_FILE, JSON.stringify(buildTimings()));
        }
      },
    },
  };
}
