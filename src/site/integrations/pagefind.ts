import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import * as pagefind from 'pagefind';
import { indexPages } from '../index-pages.ts';
import { childProcessesEnded, childProcessIds } from './child-processes.ts';

interface PagefindResponse {
  errors: string[];
}

function assertResponse<T extends PagefindResponse>(response: T, logger: AstroIntegrationLogger): Required<T> {
  if (response.errors.length > 0) {
    for (const error of response.errors) logger.error(`Pagefind: ${error}`);
    throw new Error(`Pagefind reported ${response.errors.length} error(s); see above`);
  }
  return response as Required<T>;
}

/**
 * Builds the search index into `<outDir>/pagefind/` once the site is written, through Pagefind's Node API,
 * so `npm run build` yields a searchable site. Set `SUNSET_TIMINGS_FILE` to record the indexing time (the
 * build benchmark reads it).
 */
export function pagefindIntegration(): AstroIntegration {
  return {
    name: 'sunset:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const before = await childProcessIds();
        let service = new Set<string>();
        try {
          // `$` and `_` belong to identifiers (`$CI_JOB_JWT`, `CI_JOB_JWT_V2`); keep them inside words.
          const { index } = assertResponse(await pagefind.createIndex({ includeCharacters: '_$' }), logger);
          service = new Set([...(await childProcessIds())].filter((pid) => !before.has(pid)));
          // Pages go in one by one with their blocks spaced apart, so excerpts do not run words together, and
          // with their paths split into segments, so a path is found in any spelling (see index-pages.ts).
          const root = fileURLToPath(dir);
          const pages = (await readdir(root, { recursive: true })).filter((name) => name.endsWith('.html'));
          const page_count = await indexPages(
            pages.map((name) => name.split(path.sep).join('/')),
            (name) => readFile(path.join(root, name), 'utf8'),
            async (page) => {
              assertResponse(await index.addHTMLFile(page), logger);
            },
          );
          assertResponse(await index.writeFiles({ outputPath: fileURLToPath(new URL('./pagefind/', dir)) }), logger);
          const seconds = (performance.now() - started) / 1000;
          logger.info(`indexed ${page_count} pages in ${seconds.toFixed(2)} s`);
          if (process.env.SUNSET_TIMINGS_FILE) {
            await writeFile(process.env.SUNSET_TIMINGS_FILE, JSON.stringify({ indexSeconds: seconds, pages: page_count }));
          }
        } finally {
          await pagefind.close();
          // Pagefind stops its process without waiting for it; waiting here counts its time to the build's.
          await childProcessesEnded(service);
        }
      },
    },
  };
}
