/**
 * The generated readiness site in Debian's Chromium: it reads and navigates with JavaScript turned off,
 * and axe finds no WCAG 2.2 AA violation on any kind of page, in the light and the dark scheme.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectSlug } from '../../src/readiness/readiness-model.ts';
import { runCli } from '../check/run-cli.ts';
import { launchChromium } from '../e2e/browser.ts';
import { serveStatic } from '../e2e/static-server.ts';
import { type FixtureSet, writeFixtureReports } from './fixture-reports.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let fixtures: FixtureSet;
let browser: Browser;
let server: Server;
let base: string;

beforeAll(async () => {
  fixtures = await writeFixtureReports();
  const result = await runCli(['readiness', 'reports', '--out', 'site', '--projects', 'projects.txt'], fixtures.dir);
  expect(result.code, result.stderr).toBe(0);
  ({ url: base, server } = await serveStatic(path.join(fixtures.dir, 'site')));
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(fixtures.dir, { recursive: true, force: true });
});

async function audit(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map(
      (violation) => `${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }, TAGS);
}

describe('the readiness site in Chromium', () => {
  it('reads and navigates with JavaScript turned off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/index.html`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Ready for 18.0?');
    expect(await page.locator('[data-total="projects"]').textContent()).toBe(String(fixtures.counted.length));
    await page.locator('#blocking a').first().click();
    await page.waitForURL(/\/entries\/[a-z0-9-]+\.html$/);
    expect(await page.locator('#projects li').count()).toBeGreaterThan(0);
    await page.locator('#projects li a').first().click();
    await page.waitForURL(/\/projects\/[a-z0-9-]+\.html#[a-z0-9-]+$/);
    const slug = new URL(page.url()).hash.slice(1);
    expect(await page.locator(`section.project[id="${slug}"] .finding-groups li`).count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Trends' }).click();
    await page.waitForURL(/\/trends\.html$/);
    expect(await page.locator('figure.trend-chart svg').first().isVisible()).toBe(true);
    expect(await page.locator('#entry-trends tbody tr').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('has no axe violation on any kind of page, light or dark', async () => {
    const site = path.join(fixtures.dir, 'site');
    // The page that holds team/uses-copy's section, among other projects'.
    const project = readdirSync(path.join(site, 'projects')).find((name) =>
      readFileSync(path.join(site, 'projects', name), 'utf8').includes(`id="${projectSlug('team/uses-copy')}"`),
    ) as string;
    const pages = [
      'index.html',
      'entries.html',
      'entries/ci-job-jwt-removed.html',
      'projects/index.html',
      `projects/${project}`,
      'coverage.html',
      'trends.html',
    ];
    const problems: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      for (const pathname of pages) {
        await page.goto(`${base}/${pathname}`);
        for (const violation of await audit(page)) problems.push(`${colorScheme} ${pathname}: ${violation}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
