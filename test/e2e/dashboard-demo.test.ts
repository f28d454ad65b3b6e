import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { load } from 'js-yaml';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage, scriptErrors } from './browser.ts';

const DASHBOARD = path.resolve(
  import.meta.dirname,
  '../../content/examples/demo-app/.gitlab/analytics/dashboards/shop_overview.yaml',
);

const chromium = chromiumForFile();

async function ready(page: Page): Promise<void> {
  await page.locator('[data-dashboard][data-ready="true"]').waitFor({ timeout: 60_000 });
}

/** Sends a query from the page to the endpoint the in-browser reference answers, as the panels do. */
function queryInPage(page: Page, query: unknown) {
  return page.evaluate(async (body) => {
    const response = await fetch('/api/v4/projects/1/product_analytics/request/load?queryType=multi', {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': 'demo-read-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: body }),
    });
    return ((await response.json()) as { results: { data: Record<string, string | null>[] }[] }).results[0]?.data ?? [];
  }, query);
}

/**
 * Noon (UTC) of today: the sample's days and the ranges both end at the page's now, and in the first hours of a
 * UTC day today may hold no sample event yet (a day the chart then fills), so the page's clock starts at noon.
 */
const NOON = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);

describe('the dashboard demo', () => {
  it('draws every panel of shop_overview, with links joined from dimensions and days filled with 0', async () => {
    const definition = load(await readFile(DASHBOARD, 'utf8')) as { title: string; panels: { title: string }[] };
    const page = await openPage(chromium.browser, '/try/dashboard/', {}, NOON);
    await ready(page);
    expect(await page.locator('[data-dashboard-title]').textContent()).toBe(definition.title);
    const panels = page.locator('[data-panel]');
    expect(await panels.evaluateAll((sections) => sections.map((section) => section.getAttribute('data-panel')))).toEqual(
      definition.panels.map((panel) => panel.title),
    );
    for (const panel of definition.panels) {
      const section = page.locator(`[data-panel="${panel.title}"]`);
      expect(await section.locator('.problem').count(), panel.title).toBe(0);
      expect(await section.locator('.chart svg, table').count(), panel.title).toBeGreaterThan(0);
    }

    // Top pages: the title links to host and path joined into one URL, for every row the endpoint answers.
    const links = await page
      .locator('[data-panel="Top pages"] table a')
      .evaluateAll((anchors) => anchors.map((anchor) => [anchor.textContent, anchor.getAttribute('href')]));
    const rows = await queryInPage(page, {
      measures: ['TrackedEvents.pageViewsCount'],
      dimensions: ['TrackedEvents.docHost', 'TrackedEvents.docPath', 'TrackedEvents.pageTitle'],
      filters: [{ member: 'TrackedEvents.eventType', operator: 'equals', values: ['pageview'] }],
      order: { 'TrackedEvents.pageViewsCount': 'desc' },
      limit: 10,
    });
    expect(links.length).toBe(10);
    expect(links).toEqual(
      rows.map((row) => [
        row['TrackedEvents.pageTitle'],
        `https://${row['TrackedEvents.docHost']}${row['TrackedEvents.docPath']}`,
      ]),
    );

    // It opens on the days the data covers: no flat stretch of filled days before the sample starts.
    const daily = page.locator('[data-panel="Page views per day"]');
    const chartPoints = async () =>
      (
        JSON.parse((await daily.locator('.chart').getAttribute('data-chart-option')) ?? 'null') as {
          series: { data: [string, number][] }[];
        }
      ).series[0]?.data ?? [];
    expect(await page.locator('select[name="date-range"]').inputValue()).toBe('since the data starts');
    const opening = await chartPoints();
    expect(opening.length).toBeGreaterThanOrEqual(60);
    expect(opening[0]?.[1]).toBeGreaterThan(0);
    expect(Number(await daily.locator('[data-fill-note]').getAttribute('data-filled-days'))).toBe(0);
    // The panels are no live region; one short line says they were drawn.
    expect(await page.locator('[data-panels]').getAttribute('aria-live')).toBeNull();
    expect(await page.locator('[data-dashboard-status]').textContent()).toMatch(/^\d+ panels drawn, since the data starts\.$/);

    // The last 90 days reach back before the sample: those days are filled with 0.
    await page.locator('select[name="date-range"]').selectOption('last 90 days');
    await ready(page);
    await expect
      .poll(() => daily.locator('[data-fill-note]').getAttribute('data-filled-days'), { timeout: 15_000 })
      .not.toBe('0');
    const filled = Number(await daily.locator('[data-fill-note]').getAttribute('data-filled-days'));
    expect(filled).toBeGreaterThanOrEqual(29);
    expect(await daily.locator('[data-fill-note]').textContent()).toContain('filled them with 0 (missing-day fill)');
    const points = await chartPoints();
    expect(points.length).toBe(90);
    expect(points.filter(([, value]) => value === 0).length).toBe(filled);
    expect(points[0]?.[1]).toBe(0);

    // A range inside the sample has no day to fill.
    await page.locator('select[name="date-range"]').selectOption('last 7 days');
    await ready(page);
    await expect.poll(() => daily.locator('[data-fill-note]').getAttribute('data-filled-days')).toBe('0');
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('shows a page title from tracked events as text, running nothing, until the demo data is reset', async () => {
    const page = await openPage(chromium.browser, '/try/dashboard/');
    await ready(page);
    const title = '<img src=x onerror="window.__titleRan=1">';
    const status = await page.evaluate(async (pageTitle) => {
      const now = Date.now();
      const events = Array.from({ length: 2000 }, (_, index) => ({
        e: 'pv',
        url: 'https://shop.example.com/hostile',
        page: pageTitle,
        aid: 'demo-app',
        duid: `visitor-${index}`,
        dtm: String(now - index),
      }));
      const response = await fetch('/com.snowplowanalytics.snowplow/tp2', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4', data: events }),
      });
      return response.status;
    }, title);
    expect(status).toBe(200);
    // The dashboard draws again when the world changes; the new page tops the table.
    const first = page.locator('[data-panel="Top pages"] tbody tr').first().locator('a');
    await expect.poll(() => first.textContent(), { timeout: 30_000 }).toBe(title);
    expect(await first.getAttribute('href')).toBe('https://shop.example.com/hostile');
    expect(await page.locator('[data-panel="Top pages"] img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __titleRan?: number }).__titleRan)).toBeUndefined();

    // Resetting the demo data takes the tracked page away again, and the dashboard draws without it.
    await page.locator('[data-reset-demo]').click();
    await expect.poll(() => first.textContent(), { timeout: 30_000 }).not.toBe(title);
    expect(await page.locator('[data-panel="Top pages"] table').textContent()).not.toContain('onerror');
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
