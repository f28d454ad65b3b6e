import { describe, expect, it } from 'vitest';
import { chromiumForFile, siteUrl } from './browser.ts';

/** Every kind of page with something to press that needs a script. */
const INTERACTIVE = [
  '/',
  '/upgrade/',
  '/upgrade/16.0-to-17.0/',
  '/register/',
  '/search/',
  '/api/product-analytics-load/',
  '/api/error-tracking-store/',
  '/try/analytics/',
  '/try/errors/',
  '/try/dashboard/',
  '/try/playground/',
];

const chromium = chromiumForFile();

describe('without JavaScript', () => {
  it('every interactive page says, where a reader sees it, what needs JavaScript', async () => {
    const context = await chromium.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const silent: string[] = [];
    for (const pathname of INTERACTIVE) {
      await page.goto(siteUrl(pathname));
      const notes = await page.locator('main .note:visible', { hasText: 'JavaScript' }).count();
      if (notes === 0) silent.push(pathname);
    }
    await context.close();
    expect(silent).toEqual([]);
  });

  it('no page shows a control that does nothing: what needs a script is hidden, or disabled beside the note', async () => {
    const context = await chromium.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const dead: string[] = [];
    for (const pathname of INTERACTIVE) {
      await page.goto(siteUrl(pathname));
      const controls = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('button, input, select, textarea, [role="button"]')]
          .filter((control) => control.getClientRects().length > 0)
          // Disabled, or text to read (a definition shown read-only), is not a dead control.
          .filter((control) => !(control as HTMLButtonElement).disabled && !(control as HTMLTextAreaElement).readOnly)
          // A form the server answers (the search box's GET to /search/) works without a script.
          .filter((control) => !control.closest('form[action]'))
          .map(
            (control) =>
              `${control.tagName.toLowerCase()} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30)}"`,
          ),
      );
      for (const control of controls) dead.push(`${pathname}: ${control}`);
    }
    await context.close();
    expect(dead).toEqual([]);
  });
});
