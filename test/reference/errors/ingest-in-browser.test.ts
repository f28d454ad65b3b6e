/**
 * The ingestion core runs in a real browser: the error-tracking module, bundled for the browser (no Node
 * built-ins), takes a gzip envelope in Chromium and decompresses it with the browser's own
 * `DecompressionStream`. The page is served by a route inside the browser, so nothing reaches the network.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { launchChromium } from '../../e2e/browser.ts';

const ENTRY = `
import { createErrorTrackingModule } from './src/reference/errors/module.ts';
import { systemClock } from './src/reference/platform/clock.ts';
import { demoFixtures } from './src/reference/platform/world.ts';
globalThis.errorTracking = createErrorTrackingModule({ fixtures: demoFixtures(), clock: systemClock });
`;

async function bundle(): Promise<string> {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('ingestion in the browser', () => {
  it('bundles without Node built-ins and stores a gzip envelope decompressed by DecompressionStream', async () => {
    const script = await bundle();
    expect(script).not.toMatch(/from\s*["']node:/);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // MSW reads localStorage when it loads, so the page needs a real origin (a data: URL has no storage).
      await page.route('http://reference.test/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>ingest</title>' }),
      );
      await page.goto('http://reference.test/');
      await page.addScriptTag({ content: script });
      const outcome = await page.evaluate(async () => {
        type Module = {
          state: {
            keys: { create(projectId: number): { publicKey: string } };
            errors: { size(): number; list(id: number): { latest: { message?: string } }[] };
          };
          ingest(request: unknown): Promise<{ status: number; body: unknown }>;
        };
        const module = (globalThis as unknown as { errorTracking: Module }).errorTracking;
        const key = module.state.keys.create(1);
        const text = '{"event_id":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}\n{"type":"event"}\n{"message":"from the browser"}\n';
        const gzip = new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip')));
        const body = new Uint8Array(await gzip.arrayBuffer());
        const result = await module.ingest({
          kind: 'envelope',
          projectId: '1',
          headers: new Headers({ 'content-encoding': 'gzip' }),
          query: new URLSearchParams({ sentry_key: key.publicKey }),
          body,
          clientAddress: '127.0.0.1',
        });
        const truncated = await module.ingest({
          kind: 'envelope',
          projectId: '1',
          headers: new Headers({ 'content-encoding': 'gzip' }),
          query: new URLSearchParams({ sentry_key: key.publicKey }),
          body: body.subarray(0, body.length - 8),
          clientAddress: '127.0.0.1',
        });
        return {
          result,
          truncated: truncated.status,
          stored: module.state.errors.size(),
          message: module.state.errors.list(1)[0]?.latest.message,
        };
      });
      expect(outcome).toEqual({
        result: { status: 200, body: { id: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' } },
        truncated: 400,
        stored: 1,
        message: 'from the browser',
      });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
