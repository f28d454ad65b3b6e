import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage, siteUrl } from './browser.ts';
import { contentProblems } from './content-probe.ts';
import { layoutProblems } from './layout-probe.ts';
import { smallTargets } from './target-probe.ts';

const DIST = path.resolve(import.meta.dirname, '../../dist');
const PHONE = { viewport: { width: 390, height: 844 } } as const;

/** Every page the sitemap lists, as a path on the served build. */
async function sitemapPaths(): Promise<string[]> {
  const xml = await readFile(path.join(DIST, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
}

const chromium = chromiumForFile();

describe.each([320, 390])('every page at %i px', (width) => {
  it('scrolls no page sideways, lets nothing reach out of its box, holds no table wider than its box, breaks no identifier between letters, shows no raw Markdown, and has no link or control under 24 px crowding another', async () => {
    const paths = await sitemapPaths();
    expect(paths.length).toBeGreaterThan(100);
    const page = await openPage(chromium.browser, '/', { viewport: { width, height: 844 } });
    const problems: string[] = [];
    for (const pathname of paths) {
      await page.goto(siteUrl(pathname), { waitUntil: 'load' });
      // Folded parts (contents, schemas, migrations) are read too, as a reader who opens them sees them.
      await page.evaluate(() => {
        for (const details of document.querySelectorAll('main details')) (details as HTMLDetailsElement).open = true;
      });
      const found = [...(await layoutProblems(page)), ...(await contentProblems(page)), ...(await smallTargets(page))];
      for (const problem of found) problems.push(`${pathname}: ${problem}`);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  }, 900_000);
});

describe('at 390 px', () => {
  it('the header is one short row with a menu button that opens the navigation', async () => {
    const page = await openPage(chromium.browser, '/register/', PHONE);
    const header = page.locator('.site-header');
    expect((await header.boundingBox())?.height).toBeLessThan(64);
    const nav = page.locator('nav[aria-label="Main"]');
    expect(await nav.isVisible()).toBe(false);
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.isVisible()).toBe(true);
    await nav.getByRole('link', { name: 'Limits' }).click();
    await page.waitForURL(/\/limits\/$/);
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('without JavaScript the navigation is shown as it is, with no menu button', async () => {
    const page = await openPage(chromium.browser, '/register/', { ...PHONE, javaScriptEnabled: false });
    expect(await page.locator('nav[aria-label="Main"]').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await page.context().close();
  });

  it('the dashboard demo draws its charts with labels that do not overlap', async () => {
    const page = await openPage(chromium.browser, '/try/dashboard/', PHONE);
    await page.locator('.chart svg text').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('.chart svg').count()).toBeGreaterThan(0);
    expect(await layoutProblems(page)).toEqual([]);
    await page.context().close();
  });
});
