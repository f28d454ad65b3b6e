import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage, scriptErrors } from './browser.ts';

const chromium = chromiumForFile();

/** Opens the search page with a query and waits for the status that answers it. */
async function searchFor(query: string) {
  const page = await openPage(chromium.browser, `/search/?q=${encodeURIComponent(query)}`);
  await page.waitForFunction(
    (term) => (document.querySelector('#search-status')?.textContent ?? '').includes(`“${term}”`),
    query,
  );
  const hrefs = await page.locator('#search-results li > a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  const status = (await page.locator('#search-status').textContent()) ?? '';
  return { page, hrefs, status };
}

describe('search that forgives', () => {
  it('reads a variable pasted with its $ or braces as the variable', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the variable as a CI file writes it
    for (const query of ['$CI_JOB_JWT_V2', '${CI_JOB_JWT}']) {
      const { page, hrefs } = await searchFor(query);
      expect(hrefs[0], query).toBe('/register/ci-job-jwt-removed/');
      await page.context().close();
    }
  });

  it('answers with the pages holding most of the words when none holds all, and says so', async () => {
    // No page says "events" with "rate limit"; the pages about rate limits hold two words of three.
    const { page, hrefs, status } = await searchFor('rate limit events');
    expect(status).toMatch(/^No page has every word of “rate limit events”; \d+ results with some of them, most words first/);
    expect(hrefs.slice(0, 3)).toContain('/register/rate-limits-on-by-default/');
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('finds an entry by the product name the register does not use, and its page lists it as our words', async () => {
    for (const [query, entry] of [
      ['Kubernetes', '/register/certificate-based-cluster-integration-removed/'],
      ['PostgreSQL 14', '/register/database-13-unsupported/'],
      ['Redis', '/register/key-value-store-single-port-6379/'],
    ] as const) {
      const { page, hrefs } = await searchFor(query);
      expect(hrefs.slice(0, 3), query).toContain(entry);
      await page.context().close();
    }
    const page = await openPage(chromium.browser, '/register/database-13-unsupported/');
    const section = page.getByRole('region', { name: 'Other names' });
    expect(await section.getByRole('listitem').allTextContents()).toContain('PostgreSQL');
    expect(await section.textContent()).toContain("Sunset's words, not the platform documentation's");
    await page.context().close();
  });

  it('offers fewer words, the register filters and the release pages when nothing is found', async () => {
    const { page, status } = await searchFor('qwxzjk plmnbv');
    expect(status).toBe('Nothing found for “qwxzjk plmnbv”.');
    const hint = page.locator('#search-hint');
    expect(await hint.isVisible()).toBe(true);
    expect(await hint.textContent()).toContain('fewer or other words');
    expect(await hint.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/register/',
      '/releases/',
    ]);
    await page.locator('#search-input').fill('CI_JOB_JWT');
    await page.locator('#search-results li').first().waitFor();
    expect(await hint.isVisible()).toBe(false);
    await page.context().close();
  });

  it('offers the same way on in the header search when nothing is found', async () => {
    const page = await openPage(chromium.browser, '/limits/');
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Search the site' });
    await box.focus();
    await box.fill('qwxzjk plmnbv');
    const panel = page.locator('#header-search-results');
    await panel.getByText('Nothing found.').waitFor();
    expect(await panel.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/register/',
      '/releases/',
    ]);
    await box.fill('rate limit events');
    await panel.getByText('No page has every word; these have some of them, most words first.').waitFor();
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('quotes the summary under each entry, never the detection rules or Markdown marks', async () => {
    for (const query of ['CI_JOB_JWT', 'delivery_method', 'ci-job-jwt-removed']) {
      const { page } = await searchFor(query);
      const quotes = await page.locator('#search-results li p').allTextContents();
      expect(quotes.length, query).toBeGreaterThan(0);
      for (const quote of quotes) expect(quote, query).not.toMatch(/--rule|It looks for|\*\*|sunset-register check/);
      await page.context().close();
    }
  });

  it('titles error conditions by their short name, with the condition quoted below', async () => {
    const { page } = await searchFor('429 Too Many Requests');
    const first = page.locator('#search-results li').filter({ has: page.locator('a[href="/errors/rate-limit-exceeded/"]') });
    expect(await first.locator('a').textContent()).toBe('Rate limit exceeded (HTTP 429)');
    expect(await first.locator('p').textContent()).toMatch(/^A request goes over a rate limit/);
    await page.context().close();
    const errors = await searchFor('Gone');
    const titles = await errors.page.locator('#search-results li:has(a[href^="/errors/"]) > a').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title.length, title).toBeLessThanOrEqual(60);
    await errors.page.context().close();
  });
});

describe('the search page by keyboard', () => {
  it('takes Down from the field into the results, Up and Down through them, and Escape back to the field', async () => {
    const { page, hrefs } = await searchFor('CI_JOB_JWT');
    expect(hrefs.length).toBeGreaterThan(1);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('href') ?? document.activeElement?.id);
    await page.locator('#search-input').focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(hrefs[0]);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(hrefs[1]);
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe(hrefs[0]);
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('search-input');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    expect(await focused()).toBe('search-input');
    // Down on the last result stays there rather than dropping focus to the page.
    const last = hrefs.length >= 20 ? 19 : hrefs.length - 1;
    await page.locator('#search-results li > a').nth(last).focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(hrefs[last]);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
