/**
 * The site built with an imported register folder (`SUNSET_REGISTER`), in Chromium: the pages that show
 * imported data pass axe, the upgrade form plans through the required stops and shows the direct list on
 * request, and search finds an identifier only imported data names.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/import/run-import.ts';
import { PLATFORM } from '../import/fixture-data.ts';
import { chromiumForFile } from './browser.ts';
import { serveStatic } from './static-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-e2e-imported-'));
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let base = '';
let server: Server | undefined;

beforeAll(async () => {
  const imported = path.join(work, 'imported');
  runImport({ inputs: ['data/deprecations'], cwd: PLATFORM, out: imported, upgradePath: 'config/upgrade_path.yml' });
  const dist = path.join(work, 'dist');
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, SUNSET_REGISTER: imported, SUNSET_OUT_DIR: dist },
    maxBuffer: 64 * 1024 * 1024,
  });
  ({ url: base, server } = await serveStatic(dist));
}, 600_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

const chromium = chromiumForFile();

async function open(pathname: string): Promise<Page> {
  const page = await (await chromium.browser.newContext()).newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL(pathname, base).href);
  (page as Page & { errors: string[] }).errors = errors;
  return page;
}

async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: await axeSource });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map(
      (violation) => `${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
}

describe('the site with an imported register', () => {
  it.each([
    '/register/17-5-metrics-rename/',
    '/register/runner-register-arguments-removed/',
    '/releases/19.2/',
    '/upgrade/16.0-to-17.0/',
    '/upgrade/?from=16.0&to=17.5',
    '/upgrade/?from=16.0&to=17.5&direct=1',
  ])('%s passes axe', async (pathname) => {
    const page = await open(pathname);
    if (pathname.includes('?')) await page.locator('[data-plan]').waitFor();
    expect(await violations(page)).toEqual([]);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.context().close();
  });

  it('plans through the required stops on the upgrade form, and gives the direct list on request', async () => {
    const page = await open('/upgrade/?from=16.0&to=17.5');
    await page.locator('[data-plan]').waitFor();
    expect(await page.locator('#stops-title').textContent()).toBe('Required upgrade stops');
    const legs = await page.locator('h3[id^="leg-"]').allTextContents();
    expect(legs.map((text) => text.replace(/\s*\(\d+\)$/, ''))).toEqual([
      'Before you upgrade: 16.0 → 16.3',
      'At stop 16.3, before moving on to 16.7',
      'At stop 16.7, before moving on to 16.11',
      'At stop 16.11, before moving on to 17.1',
      'At stop 17.1, before moving on to 17.3',
      'At stop 17.3, before moving on to 17.5',
    ]);
    await page.getByRole('link', { name: 'The whole range as one list' }).click();
    await page.locator('.plan-stops .problem').waitFor();
    expect(await page.locator('.plan-stops .problem').textContent()).toMatch(
      /^This range crosses the required upgrade stops 16\.3, 16\.7, 16\.11, 17\.1, 17\.3/,
    );
    expect(await page.locator('h3[id^="leg-"]').count()).toBe(0);
    await page.context().close();
  });

  it('finds an identifier the imported item names on the entry it merged into, which shows the platform’s data', async () => {
    // The imported item about the Geo metrics shares their names and its title with the built-in entry, so it
    // merges into it (merge-evidence.ts): the search finds the one entry, which carries the item as a source.
    const page = await open('/search/?q=geo_repositories_synced');
    const first = page.locator('#search-results li a').first();
    await first.waitFor();
    expect(new URL((await first.getAttribute('href')) ?? '', page.url()).pathname).toBe(
      '/register/geo-repository-metrics-renamed/',
    );
    await first.click();
    await page.locator('h2#platform-data').waitFor();
    // A built-in entry shows the items merged into it under a heading of its own.
    expect(await page.locator('h2#platform-data').textContent()).toBe("The platform's own data on this change");
    expect(await page.locator('main').textContent()).toContain('geo_repositories_synced');
    await page.context().close();
  });
});
