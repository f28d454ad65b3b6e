import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage, scriptErrors } from './browser.ts';

const chromium = chromiumForFile();

describe('upgrade checklists', () => {
  it('keep a tick across a reload and count progress', async () => {
    const page = await openPage(chromium.browser, '/upgrade/16.0-to-17.0/');
    const boxes = page.locator('[data-plan] input[data-key]');
    const total = await boxes.count();
    expect(total).toBeGreaterThan(0);
    await boxes.nth(1).check();
    await expect.poll(() => page.locator('[data-progress]').textContent()).toBe(`1 of ${total} done`);
    await page.reload();
    expect(await boxes.nth(1).isChecked()).toBe(true);
    expect(await boxes.nth(0).isChecked()).toBe(false);
    expect(await page.locator('[data-progress]').textContent()).toBe(`1 of ${total} done`);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('build a plan from the URL, keep its ticks for the upgrade and export them as Markdown', async () => {
    const page = await openPage(chromium.browser, '/upgrade/?from=17.0&to=18.0&offering=hosted');
    const box = page.locator('[data-plan] input[data-key]').first();
    await box.waitFor();
    expect(await page.locator('input[name="from"]').inputValue()).toBe('17.0');
    await box.check();
    await page.reload();
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await page.locator('[data-export]').click();
    // The export loads the plan module on demand, so the text arrives a moment after the click.
    await expect.poll(() => page.locator('#plan-markdown').inputValue()).toContain('## Upgrade plan: 17.0 → 18.0 (hosted)');
    const markdown = await page.locator('#plan-markdown').inputValue();
    expect(markdown).toMatch(/- \[x\] \[/);
    expect(markdown).toContain('### Hosted offering');
    // Another upgrade has its own ticks.
    const other = await openPage(chromium.browser, '/upgrade/?from=16.0&to=18.0&offering=hosted');
    await other.locator('[data-plan] input[data-key]').first().waitFor();
    expect(await other.locator('[data-plan] input[data-key]:checked').count()).toBe(0);
    await other.context().close();
    await page.context().close();
  });

  it('read releases as readers type them: 16, v16.0 and 16.0.3 all mean 16.0', async () => {
    for (const [from, to] of [
      ['16', '17'],
      ['v16.0', 'v17.0'],
      ['16.0.3', '17.0.1'],
    ] as const) {
      const page = await openPage(chromium.browser, '/upgrade/');
      await page.locator('input[name="from"]').fill(from);
      await page.locator('input[name="to"]').fill(to);
      await page.getByRole('button', { name: 'Show checklist' }).click();
      await expect
        .poll(() => page.locator('#plan-title').textContent(), { timeout: 15_000 })
        .toBe('Upgrade from 16.0 to 17.0 (all offerings)');
      await page.context().close();
    }
  });

  it('show placeholders apart from values: an example in lighter italics, not a release already filled in', async () => {
    const page = await openPage(chromium.browser, '/upgrade/');
    const from = page.locator('input[name="from"]');
    expect(await from.getAttribute('placeholder')).toBe('such as 16.0');
    const [placeholder, value] = await from.evaluate((input) =>
      [getComputedStyle(input, '::placeholder'), getComputedStyle(input)].map((style) => ({
        color: style.color,
        fontStyle: style.fontStyle,
      })),
    );
    expect(placeholder?.fontStyle).toBe('italic');
    expect(value?.fontStyle).toBe('normal');
    expect(placeholder?.color).not.toBe(value?.color);
    await page.context().close();
  });

  it('explain downgrades, equal and unknown releases', async () => {
    for (const [query, message] of [
      ['from=18.0&to=17.0', 'downgrades are not supported'],
      ['from=17.0&to=17.0', 'pick a later target release'],
      ['from=17.0&to=99.0', 'is not a release the register knows'],
    ] as const) {
      const page = await openPage(chromium.browser, `/upgrade/?${query}`);
      await expect.poll(() => page.locator('#plan-output [role="alert"]').textContent()).toContain(message);
      await page.context().close();
    }
  });

  it('render a static checklist without JavaScript', async () => {
    const page = await openPage(chromium.browser, '/upgrade/17.0-to-18.0/', { javaScriptEnabled: false });
    expect(await page.locator('h2#must-do').textContent()).toMatch(/^Must do before upgrading \(\d+\)$/);
    expect(await page.locator('h2#plan-ahead').count()).toBe(1);
    expect(await page.locator('#hosted').count()).toBe(1);
    expect(await page.locator('[data-plan] .checklist li').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-plan-toolbar]').isHidden()).toBe(true);
    await page.context().close();
  });
});
