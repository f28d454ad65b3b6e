import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { addTime, buildTimings } from '../build-timings.ts';

/**
 * Records Astro's build phases (bundling, then rendering the pages) beside the page code's own parts (see
 * build-timings.ts) and writes them, in seconds, to `SUNSET_PHASES_FILE` when set. Listed before the
 * search index integration, so its numbers stop where indexing starts.
 */
export function buildTimingsIntegration(): AstroIntegration {
  let mark = 0;
  const phase = (part: string) => {
    const now = performance.now();
    if (mark > 0) addTime(part, (now - mark) / 1000);
    mark = now;
  };
  return {
    name: 'sunset:build-timings',
    hooks: {
      'astro:build:start': () => phase('start'),
      'astro:build:ssr': () => phase('bundle'),
      'astro:build:generated': () => phase('generate'),
      'astro:build:done': async () => {
        if (process.env.SUNSET_PHASES_FILE) {
          await writeFile(process.env.SUNSET_PHASES_FILE, JSON.stringify(buildTimings()));
        }
      },
    },
  };
}
