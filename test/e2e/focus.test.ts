import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage, scriptErrors } from './browser.ts';

/**
 * Focus never falls to the page: every control that disables or hides itself, pressed from the keyboard,
 * leaves the focus on itself or hands it on, and every answer is said in a live region.
 */
const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

const chromium = chromiumForFile();

/** Records every text the live regions matching `selector` take from now on, as a screen reader would hear them. */
async function listen(page: Page, selector: string): Promise<void> {
  await page.evaluate((target) => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    for (const region of document.querySelectorAll(target)) {
      // Every time the region is filled counts: a region emptied and filled again with the same line says it again.
      new MutationObserver(() => {
        const text = region.textContent?.trim() ?? '';
        if (text !== '') heard.push(text);
      }).observe(region, { childList: true, characterData: true, subtree: true });
    }
  }, selector);
}
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: string[] }).heard);

/** What has the focus: `body` when the page has it, else the element's tag and data- attributes. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const data = [...element.attributes].filter((a) => a.name.startsWith('data-')).map((a) => `[${a.name}]`);
    return `${element.tagName.toLowerCase()}${data.join('')}`;
  });

/**
 * Records, for the button `selector`, each state it takes from now on: whether it is marked unusable
 * (`aria-disabled` or `disabled`) and whether it has the focus, as `busy|focused`. A quick answer can come
 * and go between two looks from the test; the record keeps every step.
 */
async function watchButton(page: Page, selector: string): Promise<void> {
  await page.evaluate((target) => {
    const button = document.querySelector(target) as HTMLButtonElement;
    const states: string[] = [];
    (window as unknown as { states: string[] }).states = states;
    new MutationObserver(() => {
      const busy = button.disabled || button.getAttribute('aria-disabled') === 'true';
      states.push(`${busy ? 'busy' : 'ready'}|${document.activeElement === button ? 'focused' : 'not focused'}`);
    }).observe(button, { attributes: true, attributeFilter: ['aria-disabled', 'disabled'] });
  }, selector);
}
const states = (page: Page) => page.evaluate(() => (window as unknown as { states: string[] }).states);

/** Focuses an element the way Tab would reach it (scrolled into view, focus-visible), without counting presses. */
async function focusByKeyboard(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await page.locator(selector).first().focus();
}

describe.each(WIDTHS)('focus at $viewport.width px', ({ viewport }) => {
  it('the errors demo: Send this request keeps the focus while busy and the 201 is said; so do the SDK and rotation steps', async () => {
    const page = await openPage(chromium.browser, '/try/errors/', { viewport });
    const create = page.locator('[data-create-key]');
    await expect.poll(() => create.isEnabled(), { timeout: 30_000 }).toBe(true);
    await listen(page, '[data-answer-status]');
    await watchButton(page, '[data-create-key]');
    await focusByKeyboard(page, '[data-create-key]');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => heard(page), { timeout: 15_000 })
      .toContain('POST /api/v4/projects/1/error_tracking/client_keys: 201 Created');
    expect(await focused(page)).toBe('button[data-create-key]');
    expect(await states(page)).toEqual(['busy|focused', 'ready|focused']);

    // Starting the SDK: the button is busy for a moment, and keeps the focus throughout.
    const start = page.locator('[data-start-sdk]');
    await expect.poll(() => start.isEnabled(), { timeout: 15_000 }).toBe(true);
    await focusByKeyboard(page, '[data-start-sdk]');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('button[data-start-sdk]');
    await expect.poll(() => page.locator('[data-throw]').isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await focused(page)).toBe('button[data-start-sdk]');

    // A rotation step: its answer is said, and the focus stays on the step.
    await focusByKeyboard(page, '[data-rotate-create]');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await heard(page)).length, { timeout: 15_000 }).toBeGreaterThan(1);
    expect((await heard(page)).at(-1)).toMatch(/^POST \/api\/v4\/projects\/1\/error_tracking\/client_keys: 201 Created$/);
    expect(await focused(page)).toBe('button[data-rotate-create]');
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('the playground: Run keeps the focus while the query runs, and the answer is said', async () => {
    const page = await openPage(chromium.browser, '/try/playground/', { viewport });
    const run = page.locator('[data-run]');
    await expect.poll(() => run.isEnabled(), { timeout: 30_000 }).toBe(true);
    await listen(page, '[data-run-status]');
    await watchButton(page, '[data-run]');
    await focusByKeyboard(page, '[data-run]');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => heard(page), { timeout: 30_000 })
      .toContainEqual(expect.stringMatching(/^The query answered \d+ rows?\.$/));
    // Busy while it ran, and focused all along; usable again at the end.
    await expect.poll(() => states(page), { timeout: 15_000 }).toEqual(['busy|focused', 'ready|focused']);
    expect(await focused(page)).toBe('button[data-run]');
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('Reset demo data keeps the focus while it resets, and says so', async () => {
    const page = await openPage(chromium.browser, '/try/dashboard/', { viewport });
    const reset = page.locator('[data-reset-demo]');
    await reset.waitFor();
    await listen(page, '[data-reset-demo-status]');
    await watchButton(page, '[data-reset-demo]');
    await focusByKeyboard(page, '[data-reset-demo]');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('button[data-reset-demo]');
    await expect.poll(() => heard(page), { timeout: 30_000 }).toContainEqual(expect.stringMatching(/^Demo data reset/));
    expect(await focused(page)).toBe('button[data-reset-demo]');
    expect(await reset.isEnabled()).toBe(true);
    expect(await states(page)).toEqual(['busy|focused', 'ready|focused']);
    await page.context().close();
  });

  it('an API console: an empty required path field is marked invalid and takes the focus; filled, it is unmarked', async () => {
    const page = await openPage(chromium.browser, '/api/error-tracking-client-keys-create/', { viewport });
    const field = page.locator('[data-api-console] input[name="path:id"], [data-api-console] input[name^="path:"]').first();
    await field.fill('');
    await focusByKeyboard(page, '[data-api-console] [data-send]');
    await listen(page, '[data-console-status]');
    await page.keyboard.press('Enter');
    await expect.poll(() => field.getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect((await heard(page)).at(-1)).toMatch(/^Fill in the path parameter /);
    await page.keyboard.type('1');
    await focusByKeyboard(page, '[data-api-console] [data-send]');
    await page.keyboard.press('Enter');
    await expect.poll(() => field.getAttribute('aria-invalid'), { timeout: 15_000 }).toBeNull();
    await expect.poll(async () => (await heard(page)).at(-1), { timeout: 15_000 }).toMatch(/^\d{3} /);
    expect(await focused(page)).toBe('button[data-send]');
    await page.context().close();
  });

  it('a checklist: ticking under Hide done moves on to the next item, and Undo hands the focus back to Clear', async () => {
    const page = await openPage(chromium.browser, '/upgrade/16.0-to-17.0/', { viewport });
    const boxes = page.locator('[data-plan] input[data-key]');
    await expect.poll(() => boxes.first().isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.locator('[data-hide-done]').check();
    const first = await boxes.nth(0).getAttribute('data-key');
    const second = await boxes.nth(1).getAttribute('data-key');
    await focusByKeyboard(page, `[data-plan] input[data-key="${first}"]`);
    await page.keyboard.press('Space');
    expect(await page.locator(`li[data-item="${first}"]`).isHidden()).toBe(true);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.dataset.key)).toBe(second);
    // Ticking the next one from there goes on again.
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.dataset.key)).not.toBe(second);
    expect(await focused(page)).not.toBe('body');

    // Clear (confirmed), then Undo: Undo hides itself and the focus returns to Clear.
    page.once('dialog', (dialog) => void dialog.accept());
    await focusByKeyboard(page, '[data-clear]');
    await page.keyboard.press('Enter');
    const undo = page.locator('[data-undo]');
    await undo.waitFor();
    await focusByKeyboard(page, '[data-undo]');
    await page.keyboard.press('Enter');
    expect(await undo.isHidden()).toBe(true);
    expect(await focused(page)).toBe('button[data-clear]');
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
