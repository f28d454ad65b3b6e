import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage } from './browser.ts';

const chromium = chromiumForFile();

describe('long pages', () => {
  it('open with a table of contents linking every section', async () => {
    const page = await openPage(chromium.browser, '/guides/product-analytics/');
    const links = page.locator('nav[aria-label="On this page"] a');
    const sections = await page.locator('main h2[id]').evaluateAll((headings) => headings.map((heading) => heading.id));
    expect(sections.length).toBeGreaterThanOrEqual(4);
    expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).toEqual(
      sections.map((id) => `#${id}`),
    );
    await links.nth(2).click();
    expect(new URL(page.url()).hash).toBe(`#${sections[2]}`);
    await page.context().close();
  });

  it('leave short pages without one', async () => {
    const page = await openPage(chromium.browser, '/guides/missing-day-fill/');
    expect(await page.locator('nav[aria-label="On this page"]').count()).toBe(0);
    await page.context().close();
  });
});
