import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage } from './browser.ts';

const chromium = chromiumForFile();

const visibleRows = (page: import('playwright-core').Page) =>
  page.locator('#register-list li:not([hidden])').evaluateAll((rows) => rows.map((row) => ({ ...(row as HTMLElement).dataset })));

describe('register filters', () => {
  it('filter the list in place and write the choice into the URL', async () => {
    const page = await openPage(chromium.browser, '/register/');
    const total = await page.locator('#register-list li').count();
    await page.locator('select[name="area"]').selectOption('tokens');
    const rows = await visibleRows(page);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(total);
    expect(rows.every((row) => row.area === 'tokens')).toBe(true);
    expect(new URL(page.url()).search).toBe('?area=tokens');
    await page.locator('select[name="breaking"]').selectOption('yes');
    expect((await visibleRows(page)).every((row) => row.area === 'tokens' && row.breaking === 'yes')).toBe(true);
    expect(new URL(page.url()).search).toBe('?area=tokens&breaking=yes');
    await expect.poll(() => page.locator('#register-count').textContent()).toMatch(/of \d+ entries match/);
    await page.context().close();
  });

  it('read their state from the URL', async () => {
    const page = await openPage(chromium.browser, '/register/?release=18.0&kind=rename');
    expect(await page.locator('select[name="release"]').inputValue()).toBe('18.0');
    const rows = await visibleRows(page);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.release === '18.0' && row.kind === 'rename')).toBe(true);
    await page.context().close();
  });

  it('step through the history: Back undoes the last filter, Forward redoes it', async () => {
    const page = await openPage(chromium.browser, '/register/');
    const total = await page.locator('#register-list li').count();
    await page.locator('select[name="area"]').selectOption('tokens');
    await page.locator('select[name="breaking"]').selectOption('yes');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe('?area=tokens');
    expect(await page.locator('select[name="breaking"]').inputValue()).toBe('');
    expect((await visibleRows(page)).some((row) => row.breaking === 'no')).toBe(true);
    await page.goBack();
    await expect.poll(() => page.locator('#register-list li:not([hidden])').count()).toBe(total);
    expect(new URL(page.url()).pathname).toBe('/register/');
    await page.goForward();
    await expect.poll(() => page.locator('select[name="area"]').inputValue()).toBe('tokens');
    await page.context().close();
  });

  it('say when the URL names a release the register does not know', async () => {
    const page = await openPage(chromium.browser, '/register/?release=99.9&kind=rename');
    expect(await page.locator('#register-filter-notice').textContent()).toBe(
      'The register has no release "99.9", so that filter is not applied.',
    );
    expect(await page.locator('select[name="kind"]').inputValue()).toBe('rename');
    expect((await visibleRows(page)).every((row) => row.kind === 'rename')).toBe(true);
    await page.context().close();
  });

  it('leave a plain full list without JavaScript, and say why', async () => {
    const page = await openPage(chromium.browser, '/register/?area=tokens', { javaScriptEnabled: false });
    expect(
      await page.locator('p.note', { hasText: 'The filters need JavaScript, so every entry is listed below.' }).isVisible(),
    ).toBe(true);
    expect(await page.locator('#register-filters').isHidden()).toBe(true);
    const all = await page.locator('#register-list li').count();
    expect(await page.locator('#register-list li:visible').count()).toBe(all);
    await page.context().close();
  });
});
