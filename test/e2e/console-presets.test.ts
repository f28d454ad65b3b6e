import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadRegister } from '../../src/register/index.ts';
import { consoleData } from '../../src/site/console-data.ts';
import { chromiumForFile, scriptErrors, siteUrl } from './browser.ts';

const register = await loadRegister();
const releases = register.releases.map((release) => release.release);
const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 2, PATCH: 2, DELETE: 3 };
/**
 * Every console the in-browser reference answers, with how many presets it offers. Requests that change the
 * world go last (settings, then deletions), so each console meets the world as a reader's first visit has it.
 */
const consoles = register.endpoints
  .filter((endpoint) => endpoint.reference)
  .map((endpoint) => ({ endpoint, data: consoleData(endpoint, releases, register.entries) }))
  .sort((a, b) => (ORDER[a.data.method] ?? 1) - (ORDER[b.data.method] ?? 1) || a.endpoint.id.localeCompare(b.endpoint.id));

/** Sends the console as it stands and returns the status line it shows. */
async function send(page: Page): Promise<string> {
  await page.evaluate(() => {
    const status = document.querySelector('[data-response-status]');
    if (status) status.textContent = '';
  });
  await page.locator('[data-api-console] [data-send]').click();
  const status = page.locator('[data-response-status]');
  await expect.poll(() => status.textContent(), { timeout: 30_000 }).not.toBe('');
  return (await status.textContent()) ?? '';
}

const chromium = chromiumForFile();

describe('every console, as it first appears, in Chromium', () => {
  it(`answers 2xx for each preset of the ${consoles.length} consoles the in-browser reference serves`, async () => {
    expect(consoles.length).toBeGreaterThan(20);
    const context = await chromium.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const refused: string[] = [];
    let sent = 0;
    for (const { endpoint, data } of consoles) {
      await page.goto(siteUrl(`/api/${endpoint.id}/`));
      const presets = Math.max(1, data.body?.examples.length ?? 0);
      for (let preset = 0; preset < presets; preset++) {
        if (presets > 1) await page.locator('[data-api-console] select[name="example"]').selectOption({ index: preset });
        const status = await send(page);
        sent++;
        if (!/^2\d\d /.test(status)) refused.push(`${endpoint.id} preset ${preset + 1}: ${status}`);
      }
    }
    expect(refused).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(consoles.length);
    expect(errors).toEqual([]);
    expect(scriptErrors(page)).toEqual([]);
    await context.close();
  }, 300_000);
});
