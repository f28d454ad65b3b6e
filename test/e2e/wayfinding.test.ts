import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadRegister } from '../../src/register/index.ts';
import { budgetFor, kilobytes, pageKind } from '../../src/site/page-budget.ts';
import { chromiumForFile, openPage, scriptErrors } from './browser.ts';

const DIST = path.resolve(import.meta.dirname, '../../dist');
const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

/** Every page the sitemap lists, as a path on the served build. */
async function sitemapPaths(): Promise<string[]> {
  const xml = await readFile(path.join(DIST, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
}

const builtPage = (pathname: string) => readFile(path.join(DIST, pathname, 'index.html'), 'utf8');
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

const chromium = chromiumForFile();

describe('every built page', () => {
  it('has "On this page" exactly when it has more than three sections, listing each in order', async () => {
    const problems: string[] = [];
    let long = 0;
    for (const pathname of await sitemapPaths()) {
      const main = mainOf(await builtPage(pathname));
      const sections = [...main.matchAll(/<div class="heading-wrap"><h2 id="([^"]+)"/g)].map((match) => match[1]);
      const contents = /<nav class="page-contents" aria-label="On this page"[\s\S]*?<\/nav>/.exec(main)?.[0];
      const listed = [...(contents ?? '').matchAll(/<a href="#([^"]+)"/g)].map((match) => match[1]);
      if (sections.length > 3) {
        long++;
        if (JSON.stringify(listed) !== JSON.stringify(sections))
          problems.push(`${pathname}: lists ${listed.length} of ${sections.length} sections`);
      } else if (contents) problems.push(`${pathname}: has "On this page" for ${sections.length} sections`);
    }
    expect(problems).toEqual([]);
    // The long pages the register is known for are among them.
    expect(long).toBeGreaterThan(100);
  });

  it('has a breadcrumb from Home ending in the page itself (the home page none), and every heading a link to itself', async () => {
    const problems: string[] = [];
    for (const pathname of await sitemapPaths()) {
      const main = mainOf(await builtPage(pathname));
      const crumbs = /<nav class="breadcrumbs" aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(main)?.[0];
      if (pathname === '/') {
        if (crumbs) problems.push('/: has a breadcrumb');
        continue;
      }
      if (!crumbs?.includes('<li><a href="/">Home</a></li>') || !crumbs.includes('aria-current="page"')) {
        problems.push(`${pathname}: no breadcrumb from Home to the page`);
      }
      for (const heading of main.matchAll(/<h2\b([^>]*)>([\s\S]*?)<\/h2>(<a class="heading-anchor" href="#([^"]+)")?/g)) {
        // A heading that is a link to another page (a card on /try/) is no section of this one.
        if (/^\s*<a\b[^>]*>[\s\S]*<\/a>\s*$/.test(heading[2] ?? '')) continue;
        const id = /\sid="([^"]+)"/.exec(heading[1] ?? '')?.[1];
        if (!id || heading[4] !== id) problems.push(`${pathname}: heading ${id ?? '(no id)'} has no link to itself`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the wayfinding', () => {
  it('keeps every page within its HTML budget (as npm run budget weighs it)', async () => {
    const over: string[] = [];
    for (const pathname of await sitemapPaths()) {
      const size = gzipSync(await builtPage(pathname), { level: 9 }).length;
      const budget = budgetFor(pageKind(pathname)).html;
      if (size > budget) over.push(`${pathname}: ${kilobytes(size)} over ${kilobytes(budget)}`);
    }
    expect(over).toEqual([]);
  });
});

describe.each(WIDTHS)('wayfinding at $viewport.width px', ({ viewport }) => {
  it('a release page: breadcrumb, On this page that jumps, heading anchors, previous and next release, date and edit link', async () => {
    const page = await openPage(chromium.browser, '/releases/18.0/', { viewport });
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link').allTextContents()).toEqual(['Home', 'Releases']);
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe('Release 18.0');

    const contents = page.getByRole('navigation', { name: 'On this page' });
    expect(await contents.isVisible()).toBe(true);
    const links = contents.getByRole('link');
    expect(await links.count()).toBeGreaterThan(3);
    const third = (await links.nth(2).getAttribute('href')) ?? '';
    await links.nth(2).click();
    expect(new URL(page.url()).hash).toBe(third);
    const heading = page.locator(`h2${third}`);
    expect(await heading.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(viewport.height / 2);

    // The heading's own link: named by the section, pointing at it, a 24 px target.
    const anchor = heading.locator('xpath=following-sibling::a[1]');
    expect(await anchor.getAttribute('href')).toBe(third);
    expect(await anchor.getAttribute('aria-label')).toBe(`Section “${(await heading.textContent())?.trim()}”`);
    const box = await anchor.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);

    const pager = page.getByRole('navigation', { name: 'Previous and next' });
    // The neighbours of 18.0 among the releases that hold entries, oldest first.
    const releases = (await loadRegister()).entryReleases().toReversed();
    const at = releases.indexOf('18.0');
    expect(await pager.locator('a[rel="prev"]').getAttribute('href')).toBe(`/releases/${releases[at - 1]}/`);
    expect(await pager.locator('a[rel="next"]').getAttribute('href')).toBe(`/releases/${releases[at + 1]}/`);
    expect([releases[at - 1], releases[at + 1]]).toEqual(['17.9', '19.0']);
    expect(await page.locator('.page-source time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await page.locator('[data-edit-link]').getAttribute('href')).toBe(
      'https://gitlab.example.com/sunset/sunset/-/edit/main/content/releases.yaml',
    );
    await pager.locator('a[rel="next"]').click();
    await page.waitForURL(/\/releases\/19\.0\/$/);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('an entry page leads through its release, dates and edits its own file', async () => {
    const page = await openPage(chromium.browser, '/register/ci-job-jwt-removed/', { viewport });
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link').allTextContents()).toEqual(['Home', 'Register', 'Release 17.0']);
    expect(await page.locator('[data-edit-link]').getAttribute('href')).toBe(
      'https://gitlab.example.com/sunset/sunset/-/edit/main/content/register/17.0/ci-job-jwt-removed.yaml',
    );
    const date = (await page.locator('.page-source time').getAttribute('datetime')) ?? '';
    expect(Date.parse(date)).toBeLessThanOrEqual(Date.now());
    await page.context().close();
  });

  it('guides step through in their reading order, the first with no previous, the last with no next', async () => {
    const page = await openPage(chromium.browser, '/guides/', { viewport });
    const order = await page.locator('main ul a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(order.length).toBeGreaterThan(2);
    for (const [index, href] of order.entries()) {
      await page.goto(new URL(href ?? '', page.url()).href);
      const pager = page.getByRole('navigation', { name: 'Previous and next' });
      const previous = pager.locator('a[rel="prev"]');
      const next = pager.locator('a[rel="next"]');
      expect(await previous.count()).toBe(index === 0 ? 0 : 1);
      expect(await next.count()).toBe(index === order.length - 1 ? 0 : 1);
      if (index > 0) expect(await previous.getAttribute('href')).toBe(order[index - 1]);
      if (index < order.length - 1) expect(await next.getAttribute('href')).toBe(order[index + 1]);
      expect(await page.locator('[data-edit-link]').getAttribute('href')).toMatch(/\/content\/guides\/[a-z-]+\.mdx$/);
    }
    await page.context().close();
  });

  it('the API and limits pages have On this page too, and pages built from no file have no edit link', async () => {
    const page = await openPage(chromium.browser, '/api/product-analytics-load/', { viewport });
    expect(await page.getByRole('navigation', { name: 'On this page' }).getByRole('link').count()).toBeGreaterThan(3);
    await page.goto(new URL('/limits/', page.url()).href);
    expect(await page.getByRole('navigation', { name: 'On this page' }).getByRole('link').count()).toBeGreaterThan(3);
    await page.goto(new URL('/try/', page.url()).href);
    expect(await page.locator('[data-edit-link]').count()).toBe(0);
    await page.context().close();
  });
});
