import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage, scriptErrors } from './browser.ts';

const chromium = chromiumForFile();

describe('code blocks', () => {
  it('are highlighted at build time and copy their text with a button', async () => {
    const page = await openPage(chromium.browser, '/api/runners-create/');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const curl = page.locator('pre.astro-code[data-language="bash"]').first();
    // Tokens carry their own colours (from short classes the build writes): a highlighted block holds
    // differently coloured spans.
    const colours = await curl
      .locator('span')
      .evaluateAll((spans) => new Set(spans.map((span) => getComputedStyle(span).color)).size);
    expect(colours).toBeGreaterThan(1);
    const button = curl.locator('xpath=..').getByRole('button', { name: 'Copy the code' });
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await curl.textContent());
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('switch colours with the theme', async () => {
    const page = await openPage(chromium.browser, '/api/runners-create/', { colorScheme: 'light' });
    const background = () =>
      page
        .locator('pre.astro-code')
        .first()
        .evaluate((pre) => getComputedStyle(pre).backgroundColor);
    const light = await background();
    await page.locator('[data-theme-toggle]').click();
    expect(await background()).not.toBe(light);
    await page.context().close();
  });
});
