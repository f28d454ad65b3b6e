import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage, scriptErrors, siteUrl } from './browser.ts';

const chromium = chromiumForFile();

async function openDemo(page: Page): Promise<void> {
  await page.goto(siteUrl('/try/analytics/'));
  await page.locator('[data-analytics-demo][data-ready]').waitFor();
}

/** Views per path as the panel shows them. */
async function panelViews(page: Page): Promise<Record<string, string>> {
  const rows = await page
    .locator('[data-views-by-path] tr[data-path]')
    .evaluateAll((elements) =>
      elements.map((row) => [row.getAttribute('data-path') ?? '', row.lastElementChild?.textContent ?? '']),
    );
  return Object.fromEntries(rows);
}

describe('analytics demo', () => {
  it('tracks nothing before the reader opts in', async () => {
    const page = await openPage(chromium.browser, '/register/');
    await openDemo(page);
    expect(await page.locator('[data-tracking-status]').textContent()).toContain('Tracking is off');
    await expect.poll(() => page.locator('[data-views-by-path]').textContent()).toBe('No page views tracked yet.');
    expect(await page.evaluate(() => localStorage.getItem('sunset-page-views'))).toBeNull();
    await page.context().close();
  });

  it('sends the site’s page views with the Snowplow tracker once opted in, content pages loading neither tracker nor reference', async () => {
    const page = await openPage(chromium.browser, '/try/analytics/');
    await page.locator('[data-analytics-demo][data-ready]').waitFor();
    await page.locator('[data-opt-in]').check();
    await expect.poll(() => panelViews(page)).toEqual({ '/try/analytics/': '1' });

    const contentRequests: string[] = [];
    page.on('request', (request) => contentRequests.push(new URL(request.url()).pathname));
    for (const path of ['/register/', '/api/', '/register/']) {
      await page.goto(siteUrl(path));
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    }
    expect(contentRequests.filter((path) => /snowplow|start-browser-reference|mockServiceWorker|tp2/.test(path))).toEqual([]);
    const noted = await page.evaluate(() => JSON.parse(localStorage.getItem('sunset-page-views') ?? '[]'));
    expect(noted.map((view: { url: string }) => new URL(view.url).pathname)).toEqual(['/register/', '/api/', '/register/']);

    await openDemo(page);
    await expect.poll(() => panelViews(page)).toEqual({ '/try/analytics/': '2', '/register/': '2', '/api/': '1' });
    expect(await page.locator('[data-views-by-path] tr[data-path="/register/"] td').nth(1).textContent()).toBe(
      'Register · Sunset',
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(await page.locator(`[data-views-by-day] tr[data-day="${today}"] td`).last().textContent()).toBe('5');
    expect(await page.locator('[data-views-by-day] tr').count()).toBe(14);

    // The events were sent by the Snowplow browser tracker: the collector keeps its version as `src`.
    const sources = await page.evaluate(async () => {
      const response = await fetch('/api/v4/projects/1/product_analytics/request/load?queryType=multi', {
        method: 'POST',
        headers: { 'PRIVATE-TOKEN': 'demo-read-token', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          query: {
            measures: ['TrackedEvents.pageViewsCount'],
            dimensions: ['TrackedEvents.src', 'TrackedEvents.apiKey'],
            filters: [{ member: 'TrackedEvents.docHost', operator: 'equals', values: [location.host] }],
          },
        }),
      });
      return (await response.json()).results[0].data;
    });
    expect(sources).toEqual([
      {
        'TrackedEvents.src': expect.stringMatching(/^js-4\./),
        'TrackedEvents.apiKey': 'demo-app',
        'TrackedEvents.pageViewsCount': '5',
      },
    ]);
    expect(await page.evaluate(() => localStorage.getItem('sunset-page-views'))).toBeNull();

    const link = new URL((await page.locator('[data-by-path-console]').getAttribute('href')) ?? '', siteUrl('/'));
    expect(link.pathname).toBe('/api/product-analytics-load/');
    expect(JSON.parse(link.searchParams.get('body') ?? '{}').query.dimensions).toEqual([
      'TrackedEvents.docPath',
      'TrackedEvents.pageTitle',
    ]);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('stops noting views and forgets the tracker’s cookies and queue when the reader opts out', async () => {
    const page = await openPage(chromium.browser, '/try/analytics/');
    await page.locator('[data-analytics-demo][data-ready]').waitFor();
    await page.locator('[data-opt-in]').check();
    await expect.poll(() => panelViews(page)).toEqual({ '/try/analytics/': '1' });
    const trackerCookies = async () => (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('_sp_'));
    expect((await trackerCookies()).length).toBeGreaterThan(0);

    await page.locator('[data-opt-in]').uncheck();
    expect(await page.locator('[data-tracking-status]').textContent()).toContain('Tracking is off');
    await expect.poll(async () => (await trackerCookies()).length).toBe(0);
    await page.goto(siteUrl('/register/'));
    expect(await page.evaluate(() => localStorage.getItem('sunset-page-views'))).toBeNull();
    await openDemo(page);
    expect(await panelViews(page)).toEqual({ '/try/analytics/': '1' });
    await page.context().close();
  });
});
