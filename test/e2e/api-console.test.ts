import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FIRST_SEND_BUDGET } from '../../src/site/page-budget.ts';
import { chromiumForFile, openPage, scriptErrors, siteUrl } from './browser.ts';

/** Requests that carry console code, MSW or the reference implementation. */
const CONSOLE_CODE = /console-island|start-browser-reference|browser-world|mockServiceWorker\.js|reference-data\.json/;

const chromium = chromiumForFile();

/** Opens a page in `context`, recording every request it makes and its script errors. */
async function open(context: BrowserContext, pathname: string): Promise<Page & { seen: string[] }> {
  const page = (await context.newPage()) as Page & { seen: string[]; scriptErrors: string[] };
  page.seen = [];
  page.scriptErrors = [];
  page.on('request', (request) => page.seen.push(request.url()));
  page.on('pageerror', (error) => page.scriptErrors.push(error.message));
  await page.goto(siteUrl(pathname));
  return page;
}

/** Sends the console's request and waits for its answer; headers come back one `name: value` per line. */
async function send(page: Page): Promise<{ status: string; headers: string; body: string }> {
  await page.evaluate(() => {
    const status = document.querySelector('[data-response-status]');
    if (status) status.textContent = '';
  });
  await page.locator('[data-api-console] button[type="submit"]').click();
  await page.waitForFunction(() => {
    const box = document.querySelector<HTMLElement>('[data-console-output]');
    return box !== null && !box.hidden && (document.querySelector('[data-response-status]')?.textContent ?? '') !== '';
  });
  return page.evaluate(() => {
    const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';
    const terms = [...document.querySelectorAll('[data-response-headers] dt')];
    return {
      status: text('[data-response-status]'),
      headers: terms.map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`).join('\n'),
      body: text('[data-response-body]'),
    };
  });
}

describe('API consoles', () => {
  it('take a request body from the link that opened them', async () => {
    const context = await chromium.browser.newContext();
    const query = { measures: ['TrackedEvents.pageViewsCount'], dimensions: ['TrackedEvents.docPath'], limit: 5 };
    const page = await open(
      context,
      `/api/product-analytics-load/?${new URLSearchParams({ body: JSON.stringify({ query }) })}#console`,
    );
    const body = await page.locator('[data-api-console] textarea[name="body"]').inputValue();
    expect(JSON.parse(body)).toEqual({ query });
    const answer = await send(page);
    expect(answer.status).toMatch(/^200 OK/);
    expect(answer.body).toContain('TrackedEvents.pageViewsCount');
    await context.close();
  });

  it('load no console code before the first interaction, then answer from the in-browser reference', async () => {
    const context = await chromium.browser.newContext();
    const page = await open(context, '/api/product-analytics-load/');
    await page.waitForLoadState('networkidle');
    expect(page.seen.filter((url) => CONSOLE_CODE.test(url))).toEqual([]);
    expect(await page.locator('[data-sunset-console]').count()).toBe(1);

    const answer = await send(page);
    expect(answer.status).toMatch(/^200 OK · \d+ ms · in-browser reference, as 20\.0$/);
    expect(answer.headers).toContain('content-type: application/json');
    const body = JSON.parse(answer.body) as { data: unknown[] };
    // The example asks for three days; missing days are filled, so three rows come back.
    expect(body.data).toHaveLength(3);
    expect(answer.body).toContain('\n  "data": [');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/mockServiceWorker\.js\?scope=%2Fapi%2F$/,
    );
    expect(scriptErrors(page)).toEqual([]);
    await context.close();
  });

  it('answer runner registration with 410 as 18.0 and with 201 and deprecation headers as 17.0', async () => {
    const context = await chromium.browser.newContext();
    const page = await open(context, '/api/runners-create/');
    await page.selectOption('select[name="release"]', '18.0');
    const gone = await send(page);
    expect(gone.status).toMatch(/^410 Gone · .* as 18\.0$/);
    expect(JSON.parse(gone.body).message).toMatch(/^410 Gone: /);

    await page.selectOption('select[name="release"]', '17.0');
    const created = await send(page);
    expect(created.status).toMatch(/^201 Created · .* as 17\.0$/);
    expect(created.headers).toMatch(/^deprecation: @\d+ \(deprecated since \d{1,2} \w+ \d{4}\)$/m);
    expect(created.headers).toMatch(/^sunset: \w{3}, \d{2} \w{3} 2025 00:00:00 GMT$/m);
    expect(created.headers).toContain('/register/runner-registration-token-removed/ (rel deprecation)');
    expect(JSON.parse(created.body)).toMatchObject({ token: expect.any(String) });

    // The body is checked against the endpoint's schema as it is typed.
    await page.locator('textarea[name="body"]').fill('{"tag_list": "docker"}');
    await expect
      .poll(() => page.locator('[data-body-problems] li').allTextContents())
      .toEqual(['the body needs the field "token"', 'tag_list must be array, not string']);
    await page.locator('textarea[name="body"]').fill('{"token": "demo-registration-token"}');
    await expect.poll(() => page.locator('[data-body-problems] li').count()).toBe(0);
    await context.close();
  });

  it('keep a created client key across a reload and in other tabs, until the demo data is reset', async () => {
    const context = await chromium.browser.newContext();
    const create = await open(context, '/api/error-tracking-client-keys-create/');
    const created = await send(create);
    expect(created.status).toMatch(/^201 Created/);
    const key = (JSON.parse(created.body) as { public_key: string }).public_key;

    const list = await open(context, '/api/error-tracking-client-keys-list/');
    expect((await send(list)).body).toContain(key);
    await list.reload();
    expect((await send(list)).body).toContain(key);

    // A key created in one tab shows in another that is already running.
    const second = JSON.parse((await send(create)).body) as { public_key: string };
    await expect.poll(async () => (await send(list)).body).toContain(second.public_key);

    await list.locator('[data-reset-demo]').click();
    await expect.poll(() => list.locator('[data-reset-demo-status]').textContent()).toContain('Demo data reset');
    const afterReset = (await send(list)).body;
    expect(afterReset).not.toContain(key);
    expect(afterReset).toContain('5a4d1e0f9b8c7a6d5e4f3a2b1c0d9e8f');
    await list.reload();
    expect((await send(list)).body).not.toContain(key);
    expect(scriptErrors(list)).toEqual([]);
    await context.close();
  });

  it('leave pages without a console alone: no MSW, no worker in control', async () => {
    const context = await chromium.browser.newContext();
    const consolePage = await open(context, '/api/error-tracking-client-keys-list/');
    expect((await send(consolePage)).status).toMatch(/^200 OK/);
    for (const pathname of ['/limits/', '/register/', '/api/']) {
      const page = await open(context, pathname);
      await page.waitForLoadState('networkidle');
      expect(
        page.seen.filter((url) => /console-island|start-browser-reference|browser-world|mockServiceWorker\.js/.test(url)),
      ).toEqual([]);
      if (pathname !== '/api/') expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    }
    await context.close();
  });

  it('send to the reader’s own instance for real, past the worker, and copy the request as code', async () => {
    // A stand-in instance on another origin that allows the site with CORS and echoes what it got.
    const instance: Server = createServer((request, response) => {
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader('Access-Control-Allow-Headers', 'private-token, content-type');
      response.setHeader('Access-Control-Expose-Headers', 'x-instance');
      if (request.method === 'OPTIONS') return void response.writeHead(204).end();
      response.writeHead(200, { 'Content-Type': 'application/json', 'X-Instance': 'yes' });
      response.end(JSON.stringify({ path: request.url, token: request.headers['private-token'] }));
    });
    await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
    const { port } = instance.address() as AddressInfo;
    const context = await chromium.browser.newContext();
    const page = await open(context, '/api/error-tracking-client-keys-list/');
    expect((await send(page)).status).toMatch(/in-browser reference/);

    await page.locator('input[name="target"][value="instance"]').check();
    await page.locator('input[name="instance-url"]').fill(`http://127.0.0.1:${port}`);
    await page.locator('input[name="instance-token"]').fill('my-own-token');
    const answer = await send(page);
    expect(answer.status).toMatch(/^200 OK · \d+ ms · your instance$/);
    expect(answer.headers).toContain('x-instance: yes');
    expect(JSON.parse(answer.body)).toEqual({ path: '/api/v4/projects/1/error_tracking/client_keys', token: 'my-own-token' });

    await page.locator('input[name="target"][value="reference"]').check();
    await page.locator('[data-copy="curl"]').click();
    await expect
      .poll(() => page.locator('[data-snippet]').textContent())
      .toContain("curl --include --request GET 'http://localhost:8787/api/v4/projects/1/error_tracking/client_keys'");
    expect(await page.locator('[data-snippet]').textContent()).toContain("--header 'PRIVATE-TOKEN: demo-maintainer-token'");
    await context.close();
    await new Promise<void>((resolve) => instance.close(() => resolve()));
  });

  it('keep an example picked before the console loads, and answer the funnel example with 200', async () => {
    const context = await chromium.browser.newContext();
    const page = await open(context, '/api/product-analytics-load/');
    await page.waitForLoadState('networkidle');
    // Picking the example is the first touch of the console: its code loads only now.
    const funnel = await page
      .locator('select[name="example"] option')
      .evaluateAll((options) => options.findIndex((option) => option.textContent?.startsWith('Funnel query')));
    expect(funnel).toBeGreaterThan(0);
    await page.locator('select[name="example"]').selectOption({ index: funnel });
    await expect.poll(() => page.locator('textarea[name="body"]').inputValue()).toContain('completed_purchase.count');
    expect(await page.locator('input[name="query:queryType"]').inputValue()).toBe('');
    const answer = await send(page);
    expect(answer.status).toMatch(/^200 OK/);
    expect(answer.body).toContain('completed_purchase.step');
    // Labels with inline code keep the code in the line of text, not as a full-width block.
    const label = page.locator('label.console-wide', { hasText: 'Body (' });
    const [labelWidth, codeWidth] = await label.evaluate((element) => [
      element.getBoundingClientRect().width,
      element.querySelector('code')?.getBoundingClientRect().width ?? 0,
    ]);
    expect(codeWidth).toBeGreaterThan(0);
    expect(codeWidth).toBeLessThan(labelWidth / 2);
    expect(scriptErrors(page)).toEqual([]);
    await context.close();
  });

  it('show the Deprecation date in words and the Link as links, and remember the release across reloads', async () => {
    const context = await chromium.browser.newContext();
    const page = await open(context, '/api/runners-create/');
    await page.selectOption('select[name="release"]', '17.0');
    const created = await send(page);
    expect(created.headers).toMatch(/^deprecation: @\d+ \(deprecated since \d{1,2} \w+ \d{4}\)$/m);
    const link = page.locator('[data-response-headers] dd a[href="/register/runner-registration-token-removed/"]');
    expect(await link.textContent()).toBe('/register/runner-registration-token-removed/');
    await page.reload();
    expect(await page.locator('select[name="release"]').inputValue()).toBe('17.0');
    const again = await send(page);
    expect(again.status).toMatch(/as 17\.0$/);
    // The console and the page's badges speak to readers, without the project's own jargon.
    const text = `${await page.locator('[data-api-console]').textContent()} ${await page.locator('main p.endpoint-path').textContent()}`;
    expect(text).not.toMatch(/reference design|npm run reference|of the spec/i);
    await context.close();
  });

  it('say "Sending…" at the first press, before the console code has arrived, and answer once it has', async () => {
    const context = await chromium.browser.newContext();
    const page = await open(context, '/api/error-tracking-client-keys-list/');
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A slow connection: the console's own code is held back until the page has given its feedback.
    await page.route(/console-island/, async (route) => {
      await arrived;
      await route.continue();
    });
    const sendButton = page.locator('[data-api-console] [data-send]');
    await sendButton.click();
    expect(await page.locator('[data-console-status]').textContent()).toBe('Sending…');
    expect(await sendButton.getAttribute('aria-disabled')).toBe('true');
    expect(await page.locator('[data-console-output]').isHidden()).toBe(true);
    release();
    await page.locator('[data-console-output]:not([hidden])').waitFor();
    expect(await page.locator('[data-console-status]').textContent()).toMatch(/^200 OK · \d+ ms/);
    expect(await sendButton.getAttribute('aria-disabled')).toBeNull();
    await context.close();
  });

  it("keep a first Send to 100 kB gzip, counting every file it downloads, the worker's script included", async () => {
    const context = await chromium.browser.newContext();
    const page = await open(context, '/api/product-analytics-load/');
    await page.waitForLoadState('networkidle');
    const fetched: string[] = [];
    // The context sees the page's requests and the service worker's own script.
    context.on('request', (request) => fetched.push(request.url()));
    await send(page);
    const files = [...new Set(fetched)].filter((url) => !new URL(url).pathname.startsWith('/api/v4/'));
    expect(files.some((url) => url.includes('/mockServiceWorker.js'))).toBe(true);
    expect(files.some((url) => url.includes('/reference-data.json'))).toBe(true);
    let total = 0;
    for (const url of files) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
    expect(total, `${files.length} files: ${files.map((url) => new URL(url).pathname).join(', ')}`).toBeLessThanOrEqual(
      FIRST_SEND_BUDGET,
    );
    await context.close();
  });

  it('without JavaScript show no form that would only reload the page, and say what needs JavaScript', async () => {
    const page = await openPage(chromium.browser, '/api/product-analytics-load/', { javaScriptEnabled: false });
    expect(await page.locator('[data-console-form]').isVisible()).toBe(false);
    expect(await page.locator('[data-api-console] .note', { hasText: 'JavaScript' }).textContent()).toContain(
      'Sending this request from the page needs JavaScript',
    );
    expect(await page.locator('[data-reset-demo]').isVisible()).toBe(false);
    // Nothing on the console can be pressed to send: no visible button, so no reload with the form in the URL.
    expect(await page.locator('[data-api-console] button:visible').count()).toBe(0);
    expect(await page.locator('[data-api-console] textarea:visible, [data-api-console] input:visible').count()).toBe(0);
    await page.context().close();
  });
});
