import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumForFile, openPage, SCREENSHOTS_DIR, scriptErrors } from './browser.ts';
import { contentProblems } from './content-probe.ts';
import { layoutProblems } from './layout-probe.ts';

const chromium = chromiumForFile();

/** Opens the demo in a fresh profile (a fresh in-browser world) and waits for the reference to run. */
async function openDemo(): Promise<Page> {
  const page = await openPage(chromium.browser, '/try/errors/');
  await page.locator('[data-error-demo][data-ready]').waitFor();
  return page;
}

/** Creates a DSN through endpoint 2 and starts @sentry/browser with it. */
async function startSdk(page: Page, user = 'ada'): Promise<string> {
  await page.locator('[data-create-key]').click();
  await page.locator('[data-key-exchange] [data-status="201"]').waitFor();
  await page.locator('[data-user]').fill(user);
  await page.locator('[data-start-sdk]').click();
  await page.locator('[data-throw]:not([disabled])').waitFor();
  return (await page.locator('[data-dsn]').textContent()) ?? '';
}

/** Throws `times` errors from the demo shop and waits until the ingestion accepted them all. */
async function throwErrors(page: Page, type: string, message: string, times: number): Promise<void> {
  const before = await page.locator('[data-delivery="200"]').count();
  await page.locator('[data-error-type]').selectOption(type);
  await page.locator('[data-message]').fill(message);
  for (let index = 0; index < times; index++) await page.locator('[data-throw]').click();
  await expect.poll(() => page.locator('[data-delivery="200"]').count()).toBe(before + times);
}

const row = (page: Page, title: string) => page.locator('[data-errors-rows] tr', { has: page.getByText(title, { exact: true }) });

describe('error tracking demo', () => {
  it('fits a 390 px phone with errors listed: no cell narrower than its longest word, saved to test-results/', async () => {
    const context = await chromium.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(new URL('/try/errors/', inject('baseUrl')).href);
    await page.locator('[data-error-demo][data-ready]').waitFor();
    await startSdk(page);
    await throwErrors(page, 'TypeError', 'cart is undefined while adding item 42 to the basket', 2);
    await throwErrors(page, 'RangeError', 'quantity must be positive', 1);
    await expect.poll(() => page.locator('[data-errors-rows] tr').count()).toBeGreaterThanOrEqual(2);
    await mkdir(SCREENSHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'error-demo-390.png'), fullPage: true });
    expect(await layoutProblems(page)).toEqual([]);
    // The table stacks: no wider than the page, each row its five labelled lines.
    expect(await contentProblems(page)).toEqual([]);
    expect(
      await page
        .locator('[data-errors-rows] td[data-label="Events"]')
        .first()
        .evaluate((cell) => getComputedStyle(cell, '::before').content),
    ).toBe('"Events: "');
    // One character per line made a row thousands of pixels tall; a stacked row with a wrapped title takes a few lines.
    const rowHeights = await page
      .locator('[data-errors-rows] tr')
      .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    expect(Math.max(...rowHeights)).toBeLessThan(400);
    await context.close();
  });

  it('shows an error reported by the real browser SDK in the list, with its count and users, and keeps the key across a reload', async () => {
    const page = await openDemo();
    const dsn = await startSdk(page);
    expect(dsn).toMatch(/^http:\/\/[0-9a-f]{32}@127\.0\.0\.1:\d+\/api\/v4\/error_tracking\/collector\/1$/);
    expect(await page.locator('[data-sdk-log]').textContent()).toContain('@sentry/browser 10.78.0 started');

    await throwErrors(page, 'RangeError', 'quantity must be positive', 2);
    const title = 'RangeError: quantity must be positive';
    await expect.poll(() => row(page, title).locator('[data-occurrences]').textContent()).toBe('2');
    expect(await row(page, title).locator('[data-users]').textContent()).toBe('1');
    await page.locator('[data-user]').fill('grace');
    await page.locator('[data-user]').dispatchEvent('change');
    await throwErrors(page, 'RangeError', 'quantity must be positive', 1);
    await expect.poll(() => row(page, title).locator('[data-occurrences]').textContent()).toBe('3');
    expect(await row(page, title).locator('[data-users]').textContent()).toBe('2');
    // The culprit names the script without the build's origin or content hash.
    expect(await row(page, title).locator('.culprit').textContent()).toMatch(/^Object\.checkout in app:\/\/\/[a-z-]+\.js$/);

    await page.locator('[data-errors-search]').fill('quantity must');
    await expect.poll(() => page.locator('[data-errors-rows] tr').count()).toBe(1);
    expect(scriptErrors(page)).toEqual(Array.from({ length: 3 }, () => 'quantity must be positive'));

    await page.reload();
    await page.locator('[data-error-demo][data-ready]').waitFor();
    expect(await page.locator('[data-dsn]').textContent()).toBe(dsn);
    await expect.poll(() => row(page, title).locator('[data-occurrences]').textContent()).toBe('3');
    await page.context().close();
  });

  it('opens the details view with the 24-hour graph, its hover count and the stack trace, and creates an issue holding the trace', async () => {
    const page = await openDemo();
    await startSdk(page);
    await throwErrors(page, 'TypeError', 'cart.total is not a function', 2);
    const title = 'TypeError: cart.total is not a function';
    await row(page, title).locator('[data-open-error]').click();
    await page.locator('[data-details-title]').filter({ hasText: title }).waitFor();

    expect(await page.locator('[data-fact="Occurrences"]').textContent()).toBe('2 events');
    expect(await page.locator('[data-fact="Users affected"]').textContent()).toBe('1 user');
    expect(await page.locator('[data-fact="First seen"]').textContent()).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, in 3f2a9c1$/,
    );
    expect(await page.locator('[data-fact="Last seen"]').textContent()).toBe('just now');
    expect(await page.locator('[data-fact="Last seen"]').getAttribute('title')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);

    const bars = page.locator('[data-hour-graph] .hour-bar');
    expect(await bars.count()).toBe(24);
    const current = bars.last();
    expect(await current.getAttribute('data-count')).toBe('2');
    await current.hover();
    await expect
      .poll(() => page.locator('[data-graph-tooltip]').textContent())
      .toMatch(/UTC \(this hour, so far\): 2 occurrences$/);
    expect(await current.getAttribute('title')).toMatch(/: 2 occurrences$/);
    await bars.first().hover();
    await expect.poll(() => page.locator('[data-graph-tooltip]').textContent()).toMatch(/UTC: 0 occurrences$/);

    const trace = await page.locator('[data-stack-trace]').textContent();
    expect(trace).toMatch(/^TypeError: cart\.total is not a function\n {2}at Object\.checkout \(app:\/\/\/[a-z-]+\.js:\d+:\d+\)/);

    await page.locator('[data-create-issue]').click();
    const description = (await page.locator('[data-issue-description]').textContent()) ?? '';
    expect(description).toContain('### Stack trace');
    expect(description).toContain('TypeError: cart.total is not a function\n  at Object.checkout (');
    expect(description).toContain('- Occurrences: 2');
    expect(description).toContain('(commit 3f2a9c1)');
    await page.context().close();
  });

  it('rotates the key: the old DSN is refused with 401 and the new one accepted, also by the SDK', async () => {
    const page = await openDemo();
    const oldDsn = await startSdk(page);
    await page.locator('[data-rotate-create]').click();
    await expect.poll(() => page.locator('[data-new-dsn]').textContent()).toMatch(/^http:\/\/[0-9a-f]{32}@/);
    const newDsn = await page.locator('[data-new-dsn]').textContent();
    expect(newDsn).not.toBe(oldDsn);
    expect(await page.locator('[data-old-dsn]').textContent()).toBe(oldDsn);
    expect(await page.locator('[data-dsn]').textContent()).toBe(newDsn);

    await page.locator('[data-rotate-list]').click();
    const listed = page.locator('[data-rotate-list] + .exchange [data-status="200"]');
    await listed.waitFor();
    const keys = await listed.textContent();
    expect(keys).toContain(oldDsn.slice(7, 39));
    expect(keys).toContain(newDsn?.slice(7, 39));

    await page.locator('[data-rotate-delete]').click();
    await page.locator('[data-rotate-delete] + .exchange [data-status="204"]').waitFor();

    await page.locator('[data-rotate-check-old]').click();
    const refused = page.locator('[data-rotate-check-old] + .exchange [data-status]');
    await refused.waitFor();
    expect(await refused.getAttribute('data-status')).toBe('401');
    expect(await refused.textContent()).toContain('the client key is unknown or was deleted');
    await page.locator('[data-rotate-check-new]').click();
    const accepted = page.locator('[data-rotate-check-new] + .exchange [data-status]');
    await accepted.waitFor();
    expect(await accepted.getAttribute('data-status')).toBe('200');

    // The SDK was pointed at the new DSN when it was created, so its events keep arriving.
    await throwErrors(page, 'Error', 'after rotation', 1);
    expect(await page.locator('[data-delivery="200"]').last().textContent()).toContain(`key ${newDsn?.slice(7, 15)}`);
    await page.context().close();
  });

  it('shows an error message made of markup as characters and runs none of it', async () => {
    const page = await openDemo();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const payload = '<img src=x onerror=alert(1)>';
    // The user id is event content too.
    await startSdk(page, payload);
    await throwErrors(page, 'TypeError', payload, 1);
    const title = `TypeError: ${payload}`;
    await row(page, title).waitFor();
    await row(page, title).locator('[data-open-error]').click();
    await page.locator('[data-details-title]').filter({ hasText: payload }).waitFor();
    expect(await page.locator('[data-details-title]').textContent()).toBe(title);
    expect(await page.locator('[data-stack-trace]').textContent()).toContain(title);
    expect(await page.locator('[data-fact="Latest event"]').textContent()).toBe(`error, user ${payload}`);
    await page.locator('[data-create-issue]').click();
    // The description is Markdown: the event's text in it is escaped, so the tag is characters there too.
    expect(await page.locator('[data-issue-description]').textContent()).toContain(
      '[TypeError: &lt;img src=x onerror=alert\\(1\\)&gt;](',
    );
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('[data-error-demo] img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.context().close();
  });
});
