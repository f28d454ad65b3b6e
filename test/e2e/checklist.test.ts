import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPOS, runCli } from '../check/run-cli.ts';
import { chromiumForFile, openPage, SCREENSHOTS_DIR, scriptErrors } from './browser.ts';

const chromium = chromiumForFile();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sunset-scan-'));
});

/** Runs the real CLI over the fixture repository and writes its report where a reader would pick it. */
async function cliReport(format: 'json' | 'sarif', from: string, to: string): Promise<{ file: string; text: string }> {
  const { stdout, code } = await runCli(
    ['check', '.', '--from', from, '--to', to, '--format', format, '--fail-on', 'never'],
    path.join(REPOS, 'uses'),
  );
  expect(code).toBe(0);
  const file = path.join(dir, `sunset-${from}-${to}.${format === 'sarif' ? 'sarif' : 'json'}`);
  await writeFile(file, stdout);
  return { file, text: stdout };
}

/** Drops a file on the scan panel the way a reader drags it from their file manager. */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const data = new DataTransfer();
      data.items.add(new File([content as string], fileName as string, { type: 'application/json' }));
      return data;
    },
    [name, text],
  );
  await page.locator('[data-scan]').dispatchEvent('drop', { dataTransfer: transfer });
}

const items = (page: Page) => page.locator('[data-plan] li[data-item]');

describe('a long checklist', () => {
  it('has jump links, a sticky progress bar, a ticked look, hide done, and clear with confirm and undo', async () => {
    const page = await openPage(chromium.browser, '/upgrade/?from=16.3.1&to=18.0');
    await items(page).first().waitFor();
    expect(await page.locator('input[name="from"]').inputValue()).toBe('16.3.1');
    expect(await page.locator('#plan-title').textContent()).toBe('Upgrade from 16.3 to 18.0 (all offerings)');
    const total = await items(page).count();
    expect(total).toBeGreaterThan(60);
    const jumps = page.locator('nav[aria-label="On this checklist"] a');
    expect(await jumps.count()).toBeGreaterThan(5);
    await page
      .getByRole('navigation', { name: 'On this checklist' })
      .getByRole('link', { name: 'Plan ahead', exact: true })
      .click();
    expect(new URL(page.url()).hash).toBe('#plan-ahead');
    // Far down the page the progress bar is still in view.
    const toolbar = await page.locator('[data-plan-toolbar]').boundingBox();
    expect(toolbar?.y).toBeGreaterThanOrEqual(-1);
    expect(toolbar?.y).toBeLessThan(5);

    const first = items(page).first();
    const link = first.locator('.item-title > span');
    expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).not.toContain('line-through');
    await first.locator('input[type="checkbox"]').check();
    await items(page).nth(1).locator('input[type="checkbox"]').check();
    expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toContain('line-through');
    expect(await page.locator('[data-progress]').textContent()).toBe(`2 of ${total} done`);
    await page.getByLabel('Hide done').check();
    expect(await first.isVisible()).toBe(false);
    await page.getByLabel('Hide done').uncheck();
    expect(await first.isVisible()).toBe(true);

    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: 'Clear ticks' }).click();
    expect(await page.locator('[data-progress]').textContent()).toBe(`2 of ${total} done`);
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Clear ticks' }).click();
    expect(asked).toBe('Clear all 2 ticks of the 16.3 → 18.0 checklist?');
    await expect.poll(() => page.locator('[data-progress]').textContent()).toBe(`Ticks cleared. 0 of ${total} done`);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await page.locator('[data-progress]').textContent()).toBe(`2 of ${total} done`);

    // Only the status line speaks to screen readers; the checklist itself is not a live region.
    const live = await page
      .locator('[aria-live], [role="status"], [role="alert"]')
      .evaluateAll((nodes) => nodes.map((node) => node.querySelectorAll('li[data-item]').length));
    expect(live.every((count) => count === 0)).toBe(true);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps ticks per upgrade: the same upgrade for one offering or all shows the same ticks', async () => {
    const page = await openPage(chromium.browser, '/upgrade/?from=17.0&to=18.0&offering=hosted');
    const box = page.locator('[data-plan] input[data-key]').first();
    await box.waitFor();
    const key = await box.getAttribute('data-key');
    await box.check();
    await page.goto(page.url().replace('&offering=hosted', ''));
    await page.locator(`[data-plan] input[data-key="${key}"]`).waitFor();
    expect(await page.locator(`[data-plan] input[data-key="${key}"]`).isChecked()).toBe(true);
    await page.goto(page.url().replace(/\/upgrade\/.*/, '/upgrade/17.0-to-18.0/'));
    expect(await page.locator(`[data-plan] input[data-key="${key}"]`).isChecked()).toBe(true);
    await page.context().close();
  });

  it('without JavaScript offers no link that needs it, takes no tick it cannot keep, and says so', async () => {
    const page = await openPage(chromium.browser, '/upgrade/17.0-to-18.0/', { javaScriptEnabled: false });
    expect(await page.locator('a[href*="offering="]').count()).toBe(3);
    expect(await page.locator('a[href*="offering="]:visible').count()).toBe(0);
    expect(await page.locator('[data-scan]').isVisible()).toBe(false);
    expect(await page.locator('[data-plan] input[data-key]:enabled').count()).toBe(0);
    expect(await page.locator('[data-plan] .note', { hasText: 'need JavaScript' }).isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('your scan on your checklist', () => {
  it('marks each item found (with file:line), not found, or no rule from a real JSON report, in the browser only', async () => {
    const { file, text } = await cliReport('json', '16.0', '17.0');
    const findings = JSON.parse(text).findings as { ruleId: string; file: string; line: number }[];
    const page = await openPage(chromium.browser, '/upgrade/16.0-to-17.0/');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
    // The panel shows once its script listens; a file picked before that would go unread.
    await page.locator('[data-scan]').waitFor();
    await page.locator('[data-scan-file]').setInputFiles(file);
    await expect
      // The first report waits for the register's rules, fetched once.
      .poll(() => page.locator('[data-scan-status]').textContent(), { timeout: 10_000 })
      .toMatch(/^sunset-16\.0-17\.0\.json \(JSON, scan of 16\.0 → 17\.0\): \d+ found/);

    const found = page.locator('li[data-scan-kind="found"]');
    const foundIds = new Set(findings.map((finding) => finding.ruleId));
    const shownFound = await found.evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.item));
    expect(shownFound.length).toBeGreaterThan(0);
    for (const id of shownFound) expect(foundIds.has(id ?? '')).toBe(true);
    const one = findings.find((finding) => shownFound.includes(finding.ruleId));
    const item = page.locator(`li[data-item="${one?.ruleId}"]`);
    expect(await item.locator('[data-scan-result] strong').textContent()).toMatch(/^Found in your repository \(\d+ places?\)$/);
    expect(await item.locator('.places code').allTextContents()).toContain(`${one?.file}:${one?.line}`);
    expect(await page.locator('li[data-scan-kind="not-found"] [data-scan-result] strong').first().textContent()).toBe(
      'Not found by the scan',
    );
    expect(await page.locator('li[data-scan-kind="no-rule"] [data-scan-result] strong').first().textContent()).toBe(
      'No rule: check by hand',
    );

    await page.getByLabel('Found in my scan').check();
    expect(await page.locator('li[data-item]:visible').count()).toBe(shownFound.length);

    // The export keeps what the scan found: each found item lists its places as file:line.
    await page.locator('[data-export]').click();
    await expect
      .poll(() => page.locator('#plan-markdown').inputValue(), { timeout: 15_000 })
      .toContain('Found in your repository');
    const markdown = await page.locator('#plan-markdown').inputValue();
    const foundLines = markdown.split('\n').filter((line) => line.startsWith('  - Found in your repository'));
    expect(foundLines).toHaveLength(shownFound.length);
    expect(markdown).toContain(`\`${one?.file}:${one?.line}\``);
    await mkdir(SCREENSHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'checklist-with-scan-report.png'), fullPage: true });
    // Reading the file sent nothing: every request since is a GET of the site's own files (its scripts and
    // the register, loaded to know each entry's rules); nothing was posted and no other host was asked.
    const origin = new URL(page.url()).origin;
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((request) => !request.startsWith(`GET ${origin}/`))).toEqual([]);

    await page.reload();
    await expect.poll(() => page.locator('li[data-scan-kind="found"]').count()).toBe(shownFound.length);
    await page.getByRole('button', { name: 'Forget the report' }).click();
    expect(await page.locator('li[data-scan-kind]').count()).toBe(0);
    await page.reload();
    await page.locator('[data-scan]').waitFor();
    expect(await page.locator('li[data-scan-kind]').count()).toBe(0);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('reads a dropped SARIF report, and refuses another range or a malformed file with a clear message', async () => {
    const sarif = await cliReport('sarif', '16.0', '17.0');
    const other = await cliReport('json', '17.0', '18.0');
    const page = await openPage(chromium.browser, '/upgrade/16.0-to-17.0/');
    await page.locator('[data-scan]').waitFor();
    await dropFile(page, 'sunset.sarif', sarif.text);
    await expect
      .poll(() => page.locator('[data-scan-status]').textContent(), { timeout: 10_000 })
      .toMatch(/^sunset\.sarif \(SARIF, scan of 16\.0 → 17\.0\)/);
    expect(await page.locator('li[data-scan-kind="found"]').count()).toBeGreaterThan(0);

    await dropFile(page, 'next.json', other.text);
    await expect
      .poll(() => page.locator('[data-scan-status]').textContent())
      .toBe(
        'next.json is a scan for 17.0 → 18.0, but this checklist is 16.0 → 17.0. Run sunset check . --from 16.0 --to 17.0 --format json and drop that report here.',
      );
    // The refused file leaves the report already shown in place.
    expect(await page.locator('li[data-scan-kind="found"]').count()).toBeGreaterThan(0);
    await dropFile(page, 'notes.json', '{"findings": [');
    await expect.poll(() => page.locator('[data-scan-status]').textContent()).toMatch(/^notes\.json: is not JSON/);
    await dropFile(page, 'eslint.json', '[{"filePath": "a.js", "messages": []}]');
    await expect
      .poll(() => page.locator('[data-scan-status]').textContent())
      .toBe('eslint.json: is not a JSON object: expected the JSON or SARIF report of sunset check');
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('a checklist on a phone', () => {
  const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

  it('starts with its items, not its contents, and has 44 px targets of their own that tick, not the title, under one heading', async () => {
    const page = await openPage(chromium.browser, '/upgrade/16.0-to-17.0/', PHONE);
    const box = page.locator('[data-plan] input[data-key]').first();
    await expect.poll(() => box.isEnabled(), { timeout: 15_000 }).toBe(true);
    // The contents are folded: the first item is within two screens of the top, not three screens down.
    expect(await page.locator('details[data-open-wide]').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    const top = await box.evaluate((input) => input.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeLessThan(2 * 844);
    // One heading names the checklist.
    expect(await page.locator('h1').count()).toBe(1);
    const title = (await page.locator('h1').textContent()) ?? '';
    expect(await page.locator('h1, h2, h3').filter({ hasText: title }).count()).toBe(1);

    await mkdir(path.join(SCREENSHOTS_DIR, 'screenshots'), { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, 'screenshots', 'checklist-phone.png'), fullPage: false });
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, 'screenshots', 'checklist-phone-items.png'),
      fullPage: true,
      clip: { x: 0, y: top - 200, width: 390, height: 844 },
    });

    // Every box sits in its own label at least 44 px square: a tap there ticks it; a tap on the title does not.
    const sizes = await page
      .locator('[data-plan] li[data-item] label.tick')
      .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect()).map((box) => [box.width, box.height]));
    expect(sizes.length).toBeGreaterThan(20);
    expect(sizes.filter(([width, height]) => (width as number) < 44 || (height as number) < 44)).toEqual([]);
    const first = items(page).first();
    await first.locator('.item-title > span').tap();
    expect(await box.isChecked()).toBe(false);
    const tick = first.locator('label.tick');
    const corner = await tick.boundingBox();
    // The target's corner, well away from the box drawn in its middle, ticks it too.
    await page.touchscreen.tap((corner?.x ?? 0) + 3, (corner?.y ?? 0) + 3);
    expect(await box.isChecked()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/upgrade/16.0-to-17.0/');
    await tick.tap();
    expect(await box.isChecked()).toBe(false);

    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('shrinks to an area, to breaking changes only, and says how many it shows', async () => {
    const page = await openPage(chromium.browser, '/upgrade/16.0-to-17.0/', PHONE);
    await expect.poll(() => page.locator('[data-plan] input[data-key]').first().isEnabled(), { timeout: 15_000 }).toBe(true);
    const total = await items(page).count();
    const area = await items(page).first().getAttribute('data-area');
    await page.locator('[data-filter-area]').selectOption(area ?? '');
    const inArea = await page
      .locator('[data-plan] li[data-item]:visible')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.area));
    expect(inArea.length).toBeGreaterThan(0);
    expect(inArea.length).toBeLessThan(total);
    expect(new Set(inArea)).toEqual(new Set([area]));
    expect(await page.locator('[data-progress]').textContent()).toBe(`0 of ${total} done · ${inArea.length} shown`);

    await page.locator('[data-filter-area]').selectOption('');
    await page.getByLabel('Breaking only').check();
    const breaking = await page
      .locator('[data-plan] li[data-item]:visible')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.breaking));
    expect(breaking.length).toBeGreaterThan(0);
    expect(new Set(breaking)).toEqual(new Set(['yes']));
    // An area with nothing left to show folds away with its heading.
    const visibleHeadings = await page.locator('[data-plan] h3:visible').count();
    const visibleLists = await page.locator('[data-plan] ul.checklist:visible').count();
    expect(visibleHeadings).toBe(visibleLists);
    await page.context().close();
  });
});
