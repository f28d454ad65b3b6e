import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumForFile, openPage, SCREENSHOTS_DIR } from './browser.ts';

const OUT = path.join(SCREENSHOTS_DIR, 'screenshots');
const PAGES = [
  ['home', '/'],
  ['register', '/register/'],
  ['entry', '/register/ci-job-jwt-removed/'],
  ['release', '/releases/18.0/'],
  ['upgrade', '/upgrade/17.0-to-18.0/'],
  ['api', '/api/product-analytics-load/'],
  ['limits', '/limits/'],
  ['flags', '/flags/'],
  ['search', '/search/?q=CI_JOB_JWT'],
  ['try', '/try/'],
  ['try-errors', '/try/errors/'],
  ['try-dashboard', '/try/dashboard/'],
] as const;
const VIEWS = [
  { name: 'desktop-light', viewport: { width: 1280, height: 900 }, colorScheme: 'light' },
  { name: 'phone-dark', viewport: { width: 375, height: 740 }, colorScheme: 'dark' },
] as const;

const chromium = chromiumForFile();
beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
});

describe('main pages', () => {
  for (const view of VIEWS) {
    it(`render at ${view.name} without sideways scrolling, saved to test-results/screenshots/`, async () => {
      for (const [name, pathname] of PAGES) {
        const page = await openPage(chromium.browser, pathname, { viewport: view.viewport, colorScheme: view.colorScheme });
        if (name === 'search') await page.locator('#search-results li').first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${pathname} scrolls sideways by ${overflow}px at ${view.name}`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(OUT, `${name}-${view.name}.png`), fullPage: name !== 'register' });
        await page.context().close();
      }
    });
  }

  it('switch theme with the toggle and remember it', async () => {
    const page = await openPage(chromium.browser, '/', { colorScheme: 'light' });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.locator('[data-theme-toggle]').click();
    expect(await background()).not.toBe(light);
    await page.goto(page.url().replace(/\/$/, '/limits/'));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.context().close();
  });
});
