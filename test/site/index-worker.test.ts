import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexerAnswer, IndexerMessage } from '../../src/site/integrations/index-worker.ts';
import { writtenPages } from '../../src/site/integrations/written-pages.ts';

const WORKER = new URL('../../src/site/integrations/index-worker.ts', import.meta.url);
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>T</title></head><body><main data-pagefind-body>${body}</main></body></html>`;

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A written site: its pages by path below a fresh folder. */
function site(pages: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sunset-index-worker-'));
  roots.push(root);
  for (const [name, html] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), html);
  }
  return root;
}

/** Starts the index thread, offers `offered` as rendered pages, then finishes over `root`. */
async function index(
  root: string,
  offered: [string, string][],
  handled?: SharedArrayBuffer,
  pages: string[] = writtenPages(root),
): Promise<IndexerAnswer> {
  const worker = new Worker(WORKER, handled ? { workerData: { handled } } : {});
  try {
    // Two pages to a message, as the build gathers them: the order within and across messages is kept.
    for (let at = 0; at < offered.length; at += 2) {
      const pages = offered.slice(at, at + 2).map(([sourcePath, text]) => ({ sourcePath, html: new TextEncoder().encode(text) }));
      worker.postMessage({ kind: 'pages', pages } satisfies IndexerMessage);
    }
    return await new Promise<IndexerAnswer>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage({ kind: 'finish', root, outputPath: path.join(root, 'pagefind'), pages } satisfies IndexerMessage);
    });
  } finally {
    await worker.terminate();
  }
}

describe('the index thread', () => {
  it('indexes the pages offered and those only written, and writes the index', async () => {
    const pages = {
      'index.html': page('<h1>Home</h1>'),
      'limits/index.html': page('<h1>Limits</h1><p>600 requests per minute</p>'),
      '404.html': page('<h1>Not found</h1>'),
    };
    const root = site(pages);
    const answer = await index(root, [
      ['limits/index.html', pages['limits/index.html']],
      ['index.html', pages['index.html']],
    ]);
    expect(answer).toEqual({ kind: 'done', pages: 3, rendered: 2 });
    const entry = JSON.parse(readFileSync(path.join(root, 'pagefind', 'pagefind-entry.json'), 'utf8'));
    expect(entry.languages.en.page_count).toBe(3);
  }, 30_000);

  it('counts each page offered once it has dealt with it, for the render to wait on', async () => {
    const home = page('<h1>Home</h1>');
    const root = site({ 'index.html': home, 'plain/index.html': '<html lang="en"><body><p>no mark</p></body></html>' });
    const handled = new SharedArrayBuffer(4);
    const answer = await index(
      root,
      [
        ['index.html', home],
        ['plain/index.html', '<html lang="en"><body><p>no mark</p></body></html>'],
        ['index.html', home],
      ],
      handled,
    );
    expect(answer).toEqual({ kind: 'done', pages: 1, rendered: 3 });
    expect(Atomics.load(new Int32Array(handled), 0)).toBe(3);
  }, 30_000);

  it('says so when a page was offered that the site does not hold, and writes no index', async () => {
    const root = site({ 'index.html': page('<h1>Home</h1>') });
    const answer = await index(root, [['ghost/index.html', page('<h1>Ghost</h1>')]]);
    expect(answer).toEqual({ kind: 'stray', message: expect.stringContaining('ghost/index.html') });
    expect(existsSync(path.join(root, 'pagefind'))).toBe(false);
  }, 30_000);

  it('fails, saying why, when a written page cannot be read', async () => {
    const root = site({ 'index.html': page('<h1>Home</h1>') });
    // Listed as written, gone when read (or never readable).
    const answer = await index(root, [['index.html', page('<h1>Home</h1>')]], undefined, ['index.html', 'gone/index.html']);
    expect(answer).toEqual({ kind: 'failed', errors: [expect.stringContaining('ENOENT')] });
  }, 30_000);
});
