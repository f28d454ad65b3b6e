import { describe, expect, it } from 'vitest';
import { readContent } from '../../src/register/index.ts';
import { contentDir } from '../../src/site/content-dir.ts';
import { chromiumForFile, openPage, scriptErrors } from './browser.ts';

const IDENTIFIERS = ['CI_JOB_JWT', 'previousStageJobsOrNeeds', 'afterDate', 'threshold'];

/** The pages that own an identifier: register entries naming it, else error conditions naming it. */
async function ownersOf(name: string): Promise<string[]> {
  const { data } = await readContent(contentDir());
  const named = (names: Record<string, string[] | undefined>) => Object.values(names).some((list) => list?.includes(name));
  const entries = data.entries.filter((entry) => named(entry.names)).map((entry) => `/register/${entry.id}/`);
  if (entries.length > 0) return entries;
  return data.errors.filter((error) => named(error.names)).map((error) => `/errors/${error.id}/`);
}

const chromium = chromiumForFile();

describe('search', () => {
  for (const name of IDENTIFIERS) {
    it(`returns the entry of ${name} first`, async () => {
      const owners = await ownersOf(name);
      expect(owners.length, `nothing in content names ${name}`).toBeGreaterThan(0);
      const page = await openPage(chromium.browser, `/search/?q=${encodeURIComponent(name)}`);
      const first = page.locator('#search-results li a').first();
      await first.waitFor();
      const href = new URL((await first.getAttribute('href')) ?? '', page.url()).pathname;
      expect(owners).toContain(href);
      expect(scriptErrors(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('loads Pagefind only once the field is used, and keeps the query in the URL', async () => {
    const page = await openPage(chromium.browser, '/search/');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => url.includes('/pagefind/'))).toEqual([]);
    await page.locator('#search-input').fill('id_tokens');
    await page.locator('#search-results li').first().waitFor();
    expect(requested.some((url) => url.endsWith('/pagefind/pagefind.js'))).toBe(true);
    expect(new URL(page.url()).searchParams.get('q')).toBe('id_tokens');
    await page.context().close();
  });

  /** Searches with one filter set and returns the entry ids of the results shown. */
  async function filtered(query: string, filter: string, value: string): Promise<string[]> {
    const page = await openPage(chromium.browser, `/search/?q=${query}`);
    await page.locator('#search-results li').first().waitFor();
    await page.locator(`select[name="${filter}"]`).selectOption(value);
    await page.waitForFunction(
      ([name, chosen]) => new URL(location.href).searchParams.get(name as string) === chosen,
      [filter, value],
    );
    // The status names the filters of the search the list answers, so the filtered list is the one read.
    await page.waitForFunction(
      (scope) => (document.querySelector('#search-status')?.textContent ?? '').includes(scope),
      `(${filter} ${value})`,
    );
    const links = await page.locator('#search-results li a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links.length).toBeGreaterThan(0);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
    return links.map((href) => /^\/register\/([^/]+)\/$/.exec(href ?? '')?.[1] ?? `not an entry: ${href}`);
  }

  it('narrows results with the release filter', async () => {
    const { data } = await readContent(contentDir());
    const ids = await filtered('removed', 'release', '18.0');
    // Error conditions carry the release they start in, so their pages answer the release filter too.
    const releaseOf = (id: string) =>
      data.entries.find((entry) => entry.id === id)?.removed_in ??
      data.errors.find((error) => `not an entry: /errors/${error.id}/` === id)?.since;
    for (const id of ids) expect(releaseOf(id), id).toBe('18.0');
  });

  it('narrows results with the area and kind filters', async () => {
    const { data } = await readContent(contentDir());
    const byArea = await filtered('removed', 'area', 'GraphQL API');
    for (const id of byArea) expect(data.entries.find((entry) => entry.id === id)?.area, id).toBe('graphql');
    const byKind = await filtered('renamed', 'kind', 'Rename');
    for (const id of byKind) expect(data.entries.find((entry) => entry.id === id)?.kind, id).toBe('rename');
  });

  it('reaches every result with "Show more", each with its type and release', async () => {
    const page = await openPage(chromium.browser, '/search/?q=removed');
    await page.locator('#search-results li').first().waitFor();
    const status = (await page.locator('#search-status').textContent()) ?? '';
    const total = Number(/^(\d+) results/.exec(status)?.[1]);
    expect(total, status).toBeGreaterThan(20);
    expect(await page.locator('#search-results li').count()).toBe(20);
    const more = page.getByRole('button', { name: /^Show \d+ more$/ });
    while (await more.isVisible()) {
      const before = await page.locator('#search-results li').count();
      await more.click();
      await expect.poll(() => page.locator('#search-results li').count()).toBeGreaterThan(before);
    }
    expect(await page.locator('#search-results li').count()).toBe(total);
    // Each entry shows its release as a badge, and Breaking where it is; the type of page follows.
    const metas = await page.locator('#search-results li:has(a[href^="/register/"]) .result-meta').allTextContents();
    for (const meta of metas) expect(meta).toMatch(/^(Breaking)?\d+\.\d+Register entry$/);
    expect(metas.some((meta) => meta.startsWith('Breaking'))).toBe(true);
    expect(metas.some((meta) => !meta.startsWith('Breaking'))).toBe(true);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('shows titles with their code and excerpts without the facts run together', async () => {
    const page = await openPage(chromium.browser, '/search/?q=user_email_lookup_limit');
    const first = page.locator('#search-results li').first();
    await first.waitFor();
    expect(await first.locator('a code').first().textContent()).toBe('user_email_lookup_limit');
    expect(await first.locator('a').textContent()).not.toContain('`');
    const excerpts = await page.locator('#search-results li p').allTextContents();
    for (const excerpt of excerpts) expect(excerpt).not.toMatch(/Takes effect in|Offerings|\bArea\b [A-Z]/);
    await page.context().close();
  });

  it('keeps words apart in excerpts ("Result HTTP 410", not "ResultHTTP 410")', async () => {
    const page = await openPage(chromium.browser, '/search/?q=Gone');
    await page.locator('#search-results li').first().waitFor();
    const excerpts = await page.locator('#search-results li p').allTextContents();
    expect(excerpts.length).toBeGreaterThan(0);
    for (const excerpt of excerpts) expect(excerpt).not.toMatch(/[a-z](HTTP|Since|Result)\b/);
    await page.context().close();
  });

  it('has a search box in the header of other pages that loads Pagefind only on focus', async () => {
    const page = await openPage(chromium.browser, '/limits/');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => url.includes('/pagefind/'))).toEqual([]);
    const box = page.getByRole('search').getByRole('searchbox', { name: 'Search the site' });
    await box.focus();
    await box.fill('CI_JOB_JWT');
    const first = page.locator('#header-search-results li a').first();
    await first.waitFor();
    expect(requested.some((url) => url.endsWith('/pagefind/pagefind.js'))).toBe(true);
    expect(
      await page
        .locator('#header-search-results')
        .getByRole('link', { name: /^All \d+ results?$/ })
        .getAttribute('href'),
    ).toBe('/search/?q=CI_JOB_JWT');
    await box.press('Enter');
    await page.waitForURL(/\/search\/\?q=CI_JOB_JWT$/);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
