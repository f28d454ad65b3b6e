// @ts-check
import { readFileSync } from 'node:fs';
import path from 'node:path';
import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';
import { load } from 'js-yaml';
import { siteUrlFor } from './src/cli/site-url.ts';
import { buildLogFilter } from './src/site/build-log-filter.ts';
import { CODE_THEMES } from './src/site/code-themes.ts';
import { astroCacheDir, contentDir } from './src/site/content-dir.ts';
import { buildTimingsIntegration } from './src/site/integrations/build-timings.ts';
import { minifyWorkerIntegration } from './src/site/integrations/minify-worker.ts';
import { pagefindIntegration } from './src/site/integrations/pagefind.ts';
import { sitemapIntegration } from './src/site/integrations/sitemap.ts';
import { syncPageWritesIntegration } from './src/site/integrations/sync-page-writes.ts';

// The site URL is a content setting, like the spec's placeholders.
const settings = /** @type {{ site_url: string }} */ (load(readFileSync(path.join(contentDir(), 'settings.yaml'), 'utf8')));
// SUNSET_SITE_URL, else site-url in .sunset.yml, moves the whole site, as it moves the links of reports and plans.
const siteUrl = await siteUrlFor(settings.site_url);
// Pages read the address the build settled on (src/site/site-register.ts), not the settings file again.
process.env.SUNSET_BUILD_SITE_URL = siteUrl;

export default defineConfig({
  site: siteUrl,
  outDir: process.env.SUNSET_OUT_DIR || './dist',
  // One cache folder per content directory: Astro would keep another directory's file paths for unchanged guides.
  cacheDir: astroCacheDir(),
  trailingSlash: 'ignore',
  // Four pages rendered at once: while one waits (its file written, its bytes handed to the search index) the
  // others render, which cut the large build's time by about a sixth on two cores (npm run bench:build); the
  // search index still takes pages in the order their renders began, so every build writes the same index.
  build: { format: 'directory', inlineStylesheets: 'never', concurrency: 4 },
  devToolbar: { enabled: false },
  // Code in Markdown is highlighted like <CodeBlock>: two high-contrast themes, picked by the colour scheme.
  markdown: {
    syntaxHighlight: 'shiki',
    shikiConfig: {
      themes: { ...CODE_THEMES },
      defaultColor: false,
      wrap: true,
    },
  },
  // Pages written in place, not through libuv's thread pool: each trip there cost the render thread more than the write.
  integrations: [
    buildTimingsIntegration(),
    syncPageWritesIntegration(),
    mdx(),
    sitemapIntegration(siteUrl),
    minifyWorkerIntegration(),
    pagefindIntegration(),
  ],
  vite: {
    build: {
      // The playground's chart renderer (about 540 KB minified) is fetched only once a chart is drawn, and what
      // each page loads is held by its budget (npm run budget), not by the bundler's one limit for every chunk.
      chunkSizeWarningLimit: 600,
      // Without the warning Astro 7 gives for every MDX guide (see build-log-filter.ts); all else is logged.
      rolldownOptions: { onLog: buildLogFilter },
    },
    // MSW's cookie jar (tough-cookie, with its public-suffix list) would be a large share of a console's first
    // Send; the site's stand-in keeps what MSW asks of it (see msw-cookie-jar.ts and docs/try-it.md).
    resolve: {
      alias: [{ find: /^tough-cookie$/, replacement: path.resolve('src/browser/msw-cookie-jar.ts') }],
    },
  },
});
