import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumForFile, openPage, SCREENSHOTS_DIR, scriptErrors } from './browser.ts';

const OUT = path.join(SCREENSHOTS_DIR, 'screenshots');
const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

const chromium = chromiumForFile();
beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
});

/** Records every text a live region takes from now on, as a screen reader would be handed it. */
async function listen(page: Page, selector: string): Promise<void> {
  await page.evaluate((target) => {
    const region = document.querySelector(target);
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    if (!region) return;
    new MutationObserver(() => {
      const text = region.textContent?.trim() ?? '';
      if (text !== '' && text !== heard.at(-1)) heard.push(text);
    }).observe(region, { childList: true, characterData: true, subtree: true });
  }, selector);
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: string[] }).heard);

/** What has the focus, as `tag[name or text]`. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    return `${element.tagName.toLowerCase()}[${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}]`;
  });

/** Presses Tab until `matches` says the focus arrived, failing after `limit` presses. */
async function tabTo(page: Page, matches: () => Promise<boolean>, limit = 150): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab');
    if (await matches()) return presses;
  }
  throw new Error(`Tab did not reach the target in ${limit} presses; the focus is on ${await focused(page)}`);
}

describe.each(WIDTHS)('by keyboard alone at $viewport.width px', ({ name, viewport }) => {
  it('sends a console request: the focus stays on Send, "Sending…" and then the status are said once', async () => {
    const page = await openPage(chromium.browser, '/api/product-analytics-load/', { viewport });
    await listen(page, '[data-console-status]');
    const send = page.locator('[data-api-console] [data-send]');
    await tabTo(page, () => send.evaluate((button) => button === document.activeElement));
    await page.keyboard.press('Enter');
    // At once, before the console's code or the worker has arrived: busy, still focused, and said.
    expect(await send.getAttribute('aria-disabled')).toBe('true');
    expect(await send.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.locator('[data-console-status]').textContent()).toBe('Sending…');

    await page.locator('[data-console-output]:not([hidden])').waitFor();
    await expect.poll(() => send.getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
    expect(await send.evaluate((button) => button === document.activeElement)).toBe(true);
    const said = await heard(page);
    expect(said).toHaveLength(2);
    expect(said[0]).toBe('Sending…');
    expect(said[1]).toMatch(/^200 OK · \d+ ms · in-browser reference, as 20\.0$/);
    // The answer is said in one short line, not the body: the output is no live region.
    expect(
      await page.locator('[data-console-output]').evaluate((output) => output.closest('[aria-live], [role="status"]')),
    ).toBeNull();

    // The next Tab goes on from Send, not back to the top of the page.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button[curl]');
    await send.scrollIntoViewIfNeeded();
    await page.locator('[data-api-console]').screenshot({ path: path.join(OUT, `console-after-send-${name}.png`) });
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('searches from the header: results inside the screen, Down and Up through them, Escape back to the box', async () => {
    const page = await openPage(chromium.browser, '/limits/', { viewport });
    const box = page.locator('#header-search-input');
    await tabTo(page, () => box.evaluate((input) => input === document.activeElement), 10);
    await listen(page, '[data-header-search-status]');
    await page.keyboard.type('CI_JOB_JWT');
    const panel = page.locator('#header-search-results');
    await panel.locator('li a').first().waitFor();
    await expect.poll(() => heard(page), { timeout: 15_000 }).toEqual([expect.stringMatching(/^\d+ results? for “CI_JOB_JWT”/)]);

    // The drop-down stays inside the screen, on a phone as on a desktop.
    const bounds = await panel.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { left: box.left, right: box.right, width: document.documentElement.clientWidth };
    });
    expect(bounds.left).toBeGreaterThanOrEqual(0);
    expect(bounds.right).toBeLessThanOrEqual(bounds.width);
    await page.screenshot({ path: path.join(OUT, `search-dropdown-${name}.png`) });

    const links = panel.locator('a');
    const isFocused = (index: number) => links.nth(index).evaluate((link) => link === document.activeElement);
    await page.keyboard.press('ArrowDown');
    expect(await isFocused(0)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await isFocused(1)).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await isFocused(0)).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);

    // Escape from inside the list closes it and returns to the box.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    expect(await panel.isHidden()).toBe(true);
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);

    // Typing again opens the list; Enter on a result opens its page.
    await page.keyboard.type(' ');
    await panel.locator('li a').first().waitFor();
    await page.keyboard.press('ArrowDown');
    const href = await links.first().getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
