import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { buildSitemap } from '../sitemap.ts';

/** Writes `/sitemap.xml` listing every HTML page of the build (the accessibility audit walks it). */
export function sitemapIntegration(siteUrl: string): AstroIntegration {
  return {
    name: 'sunset:sitemap',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const xml = buildSitemap(
          siteUrl,
          pages.map((page) => page.pathname),
        );
        await writeFile(new URL('./sitemap.xml', dir), xml);
        logger.info(`sitemap lists ${xml.split('<url>').length - 1} pages`);
      },
    },
  };
}
