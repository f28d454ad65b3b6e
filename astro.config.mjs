// @ts-check
import { readFileSync } from 'node:fs';
import path from 'node:path';
import mdx from '@astrojs/mdx';
import { defineConfig } from 'astro/config';
import { load } from 'js-yaml';
import { contentDir } from './src/site/content-dir.ts';
import { pagefindIntegration } from './src/site/integrations/pagefind.ts';
import { sitemapIntegration } from './src/site/integrations/sitemap.ts';

// The site URL is a content setting, like the spec's placeholders.
const settings = /** @type {{ site_url: string }} */ (load(readFileSync(path.join(contentDir(), 'settings.yaml'), 'utf8')));

export default defineConfig({
  site: settings.site_url,
  outDir: process.env.SUNSET_OUT_DIR || './dist',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  // Code in Markdown is highlighted like <CodeBlock>: two high-contrast themes, picked by the colour scheme.
  markdown: {
    syntaxHighlight: 'shiki',
    shikiConfig: {
      themes: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
      defaultColor: false,
      wrap: true,
    },
  },
  integrations: [mdx(), sitemapIntegration(settings.site_url), pagefindIntegration()],
  // MSW's cookie store asks tldts for registrable domains; its public-suffix list would be most of the
  // console's weight (see registrable-domain.ts and docs/try-it.md).
  vite: {
    resolve: {
      alias: [{ find: /^tldts$/, replacement: path.resolve('src/reference/browser/registrable-domain.ts') }],
    },
  },
});
