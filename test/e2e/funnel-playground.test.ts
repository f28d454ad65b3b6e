import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage, scriptErrors } from './browser.ts';

const chromium = chromiumForFile();

/** What the drawn chart holds, as ECharts reports it on the chart element. */
async function chartOption(page: Page): Promise<{
  xAxis: { type: string; name?: string; data?: string[] };
  yAxis: { type: string; name?: string };
  series: { name: string; type: string; data: number[] }[];
}> {
  const text = await page.locator('[data-output] .chart').getAttribute('data-chart-option');
  return JSON.parse(text ?? 'null');
}

const FIXED = `seconds_to_convert: 3600
steps:
  - name: view_products
    action: pageview
    target: /products
  - name: reach_cart
    action: pageview
    target: /cart
  - name: pay
    action: pageview
    target: /checkout/confirmation
`;

describe('the funnel playground', () => {
  it('marks a schema problem at its line, then runs the fixed funnel and charts its steps', async () => {
    const page = await openPage(chromium.browser, '/try/playground/');
    const funnel = page.locator('#funnel-yaml');
    // On load it runs the example from project 1's repository.
    await expect
      .poll(async () => (await chartOption(page))?.xAxis.data, { timeout: 60_000 })
      .toEqual(['view_products', 'open_cart', 'start_checkout', 'purchase']);

    await funnel.fill(FIXED.replace('action: pageview\n    target: /cart', 'action: click\n    target: /cart'));
    const problems = page.locator('#funnel-problems li');
    await expect
      .poll(() => problems.allTextContents())
      .toEqual(['line 7: steps[1].action: only the action "pageview" is supported']);
    expect(await page.locator('[data-yaml-editor="funnel"] .editor-gutter .has-problem').getAttribute('data-line')).toBe('7');
    expect(await funnel.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-run]').isDisabled()).toBe(true);

    await funnel.fill(FIXED);
    await expect.poll(() => problems.count()).toBe(0);
    expect(await page.locator('[data-yaml-editor="funnel"] .editor-gutter .has-problem').count()).toBe(0);
    await page.locator('[data-run]').click();
    await expect.poll(async () => (await chartOption(page)).xAxis.data).toEqual(['view_products', 'reach_cart', 'pay']);
    const option = await chartOption(page);
    expect(option.xAxis).toMatchObject({ type: 'category', name: 'Furthest step reached' });
    expect(option.yAxis).toMatchObject({ type: 'value', name: 'Users' });
    expect(option.series).toHaveLength(1);
    expect(option.series[0]?.type).toBe('bar');
    // The counts are the endpoint's answer for the edited funnel: the rows listed under the chart.
    const rows = await page
      .locator('[data-output] .chart-rows tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows.map(([step, count]) => [step, Number(count)])).toEqual(
      option.xAxis.data?.map((step, index) => [step, option.series[0]?.data[index]]),
    );
    expect(option.series[0]?.data.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    expect(await page.locator('[data-output] .chart svg').count()).toBe(1);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('places a visualization problem at its line and draws a line chart from the type it is given', async () => {
    const page = await openPage(chromium.browser, '/try/playground/');
    await page.locator('[data-output] .chart').waitFor({ timeout: 60_000 });
    const editor = page.locator('#visualization-yaml');
    const example = await editor.inputValue();
    await editor.fill(example.replace('type: ColumnChart', 'type: PieChart'));
    await expect
      .poll(() => page.locator('#visualization-problems li').allTextContents())
      .toEqual([expect.stringMatching(/^line 3: type: "PieChart" is not a type the playground renders; use one of /)]);
    await editor.fill(example.replace('type: ColumnChart', 'type: LineChart'));
    await page.locator('[data-run]').click();
    await expect.poll(async () => (await chartOption(page)).series[0]?.type).toBe('line');
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('draws the chart in the theme colours of the page and redraws it when the theme toggles', async () => {
    const page = await openPage(chromium.browser, '/try/playground/', { colorScheme: 'light' });
    await page.locator('[data-output] .chart svg text').first().waitFor({ timeout: 60_000 });
    // The axis names' fill as ECharts wrote it, that fill as the browser resolves it, and the page's text colour.
    const colours = () =>
      page.evaluate(() => {
        const probe = document.body.appendChild(document.createElement('span'));
        const resolve = (colour: string) => {
          probe.style.color = colour;
          return getComputedStyle(probe).color;
        };
        const texts = [...document.querySelectorAll('[data-output] .chart svg text')];
        const fills = ['Furthest step reached', 'Users'].map(
          (name) => texts.find((text) => text.textContent === name)?.getAttribute('fill') ?? '',
        );
        const result = { page: getComputedStyle(document.body).color, fills, names: fills.map(resolve) };
        probe.remove();
        return result;
      });
    // ECharts is handed concrete colours it can parse and blend, not the stylesheet's light-dark() text.
    const concrete = expect.stringMatching(/^(#|rgba?\()/);
    const light = await colours();
    expect(light.fills).toEqual([concrete, concrete]);
    expect(light.names).toEqual([light.page, light.page]);
    await page.locator('[data-theme-toggle]').click();
    await expect.poll(async () => (await colours()).page).not.toBe(light.page);
    const dark = await colours();
    await expect.poll(async () => (await colours()).names).toEqual([dark.page, dark.page]);
    expect(dark.fills).toEqual([concrete, concrete]);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
