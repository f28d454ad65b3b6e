import path from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** Debian's Chromium, headless, with nothing reaching out to the network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The URL of a page of the served build. */
export function siteUrl(pathname: string): string {
  return new URL(pathname, inject('baseUrl')).href;
}

/** Opens a page in a fresh context (own storage), failing the test on any script error. */
export async function openPage(
  browser: Browser,
  pathname: string,
  options: BrowserContextOptions = {},
  /** Where the page's clock starts (it runs on from there); the real time when omitted. */
  clock?: Date,
): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (clock) await page.clock.setSystemTime(clock);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  (page as Page & { scriptErrors: string[] }).scriptErrors = errors;
  await page.goto(siteUrl(pathname));
  return page;
}

/** Script errors a page raised so far. */
export function scriptErrors(page: Page): string[] {
  return (page as Page & { scriptErrors?: string[] }).scriptErrors ?? [];
}

/**
 * Launches Chromium before a test file's tests and closes it after them; `browser` is set once they start.
 * Call it at the top of the file.
 */
export function chromiumForFile(): { browser: Browser } {
  const holder = {} as { browser: Browser };
  beforeAll(async () => {
    holder.browser = await launchChromium();
  });
  afterAll(async () => {
    await holder.browser?.close();
  });
  return holder;
}

/** Where page tests leave screenshots for review. */
export const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '../../test-results');
