import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage, siteUrl } from './browser.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

async function audit(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: await axeSource });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } })
      .axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target })),
    }));
  }, TAGS);
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.help}) at ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(siteUrl('/sitemap.xml'))).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname);
}

const chromium = chromiumForFile();

describe('accessibility (axe, WCAG 2.2 AA)', () => {
  it('finds no violation on any page of the sitemap', async () => {
    const paths = await sitemapPaths();
    expect(paths.length).toBeGreaterThan(10);
    const context = await chromium.browser.newContext({ colorScheme: 'light' });
    const problems: string[] = [];
    const page = await context.newPage();
    for (const pathname of paths) {
      await page.goto(siteUrl(pathname));
      for (const violation of await audit(page)) problems.push(`${pathname}: ${violation}`);
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 900_000);

  it('finds no violation in the dark theme on the main pages, with scripts run', async () => {
    const problems: string[] = [];
    for (const pathname of [
      '/',
      '/register/',
      '/register/ci-job-jwt-removed/',
      '/upgrade/?from=16.0&to=17.0',
      '/api/product-analytics-load/',
      '/search/?q=CI_JOB_JWT',
      '/flags/',
    ]) {
      const page = await openPage(chromium.browser, pathname, { colorScheme: 'dark' });
      await page.waitForLoadState('networkidle');
      for (const violation of await audit(page)) problems.push(`${pathname}: ${violation}`);
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
});

describe('machine-readable outputs in the browser', () => {
  it('parse as XML: the feed and the sitemap', async () => {
    const page = await openPage(chromium.browser, '/');
    for (const file of ['/feed.xml', '/sitemap.xml']) {
      const error = await page.evaluate(async (url) => {
        const text = await (await fetch(url)).text();
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        return doc.querySelector('parsererror')?.textContent ?? null;
      }, file);
      expect(error, file).toBeNull();
    }
    await page.context().close();
  });
});
