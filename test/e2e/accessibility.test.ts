import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { chromiumForFile, openPage, siteUrl } from './browser.ts';
import { contentProblems } from './content-probe.ts';

/** Sections whose pages share one template: one kind each, however many pages. */
const COLLECTIONS = new Set(['register', 'releases', 'upgrade', 'api', 'errors', 'guides']);

async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(siteUrl('/sitemap.xml'))).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname);
}

/**
 * Every kind of page the site has, one of each: where a template makes many pages, the one with the most in
 * it (the largest HTML: the entry with a table, the endpoint with a console and parameters).
 */
async function pageKinds(): Promise<string[]> {
  const kinds = new Map<string, { pathname: string; size: number }>();
  for (const pathname of await sitemapPaths()) {
    const segments = pathname.split('/').filter(Boolean);
    const kind = segments.length === 2 && COLLECTIONS.has(segments[0] as string) ? `/${segments[0]}/*/` : pathname;
    const size = (await (await fetch(siteUrl(pathname))).text()).length;
    if ((kinds.get(kind)?.size ?? -1) < size) kinds.set(kind, { pathname, size });
  }
  return [...kinds.values()].map((kind) => kind.pathname);
}

const WIDTHS = [
  { name: '390 px', viewport: { width: 390, height: 844 } },
  { name: '1280 px', viewport: { width: 1280, height: 900 } },
] as const;

const chromium = chromiumForFile();

/** Opens a page, lets its scripts finish, and returns its axe violations, each prefixed with where it was. */
async function auditAt(pathname: string, options: BrowserContextOptions, prepare?: (page: Page) => Promise<void>) {
  const page = await openPage(chromium.browser, pathname, options);
  await page.waitForLoadState('networkidle');
  if (prepare) await prepare(page);
  const found = (await axeViolations(page)).map((violation) => `${pathname}: ${violation}`);
  return { page, found };
}

describe('accessibility (axe-core, WCAG 2.2 AA) in Chromium', () => {
  for (const { name, viewport } of WIDTHS) {
    it(`finds no violation on any kind of page at ${name}, and no content problem`, async () => {
      const paths = await pageKinds();
      expect(paths.length).toBeGreaterThan(20);
      const context = await chromium.browser.newContext({ viewport, colorScheme: 'light' });
      const page = await context.newPage();
      const problems: string[] = [];
      for (const pathname of paths) {
        // The demos draw once their scripts have run; other pages are whole when they have loaded.
        await page.goto(siteUrl(pathname), { waitUntil: pathname.startsWith('/try/') ? 'networkidle' : 'load' });
        for (const violation of await axeViolations(page)) problems.push(`${pathname}: ${violation}`);
        for (const problem of await contentProblems(page)) problems.push(`${pathname}: ${problem}`);
      }
      await context.close();
      expect(problems).toEqual([]);
    }, 600_000);

    it(`finds no violation in the states readers bring pages to at ${name}: search open, a console answered, a checklist filtered`, async () => {
      const problems: string[] = [];
      const states: [string, (page: Page) => Promise<void>][] = [
        [
          '/limits/',
          async (page) => {
            await page.locator('#header-search-input').fill('CI_JOB_JWT');
            await page.locator('#header-search-results li a').first().waitFor();
          },
        ],
        [
          '/api/product-analytics-load/',
          async (page) => {
            await page.locator('[data-api-console] [data-send]').click();
            await page.locator('[data-console-output]:not([hidden])').waitFor();
          },
        ],
        [
          '/upgrade/16.0-to-17.0/',
          async (page) => {
            await page.getByLabel('Breaking only').check();
            await page.locator('[data-plan] input[data-key]').first().check();
          },
        ],
        ['/search/?q=product_analytics/request/load', (page) => page.locator('#search-results li').first().waitFor()],
      ];
      for (const [pathname, prepare] of states) {
        const { page, found } = await auditAt(pathname, { viewport, colorScheme: 'light' }, prepare);
        problems.push(...found);
        await page.context().close();
      }
      expect(problems).toEqual([]);
    });
  }

  it('finds no violation in the dark theme on the main pages, with scripts run', async () => {
    const problems: string[] = [];
    for (const pathname of [
      '/',
      '/register/',
      '/register/ci-job-jwt-removed/',
      '/upgrade/?from=16.0&to=17.0',
      '/api/product-analytics-load/',
      '/search/?q=CI_JOB_JWT',
      '/flags/',
    ]) {
      const { page, found } = await auditAt(pathname, { colorScheme: 'dark' });
      problems.push(...found);
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
});

describe('machine-readable outputs in the browser', () => {
  it('parse as XML: the feed and the sitemap', async () => {
    const page = await openPage(chromium.browser, '/');
    for (const file of ['/feed.xml', '/sitemap.xml']) {
      const error = await page.evaluate(async (url) => {
        const text = await (await fetch(url)).text();
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        return doc.querySelector('parsererror')?.textContent ?? null;
      }, file);
      expect(error, file).toBeNull();
    }
    await page.context().close();
  });
});
