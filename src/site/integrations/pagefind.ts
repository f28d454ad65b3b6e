import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { AstroIntegration, AstroIntegrationLogger, AstroPrerenderer } from 'astro';
import { indexPages } from '../index-pages.ts';
import type { IndexerAnswer, IndexerData, IndexerMessage, RenderedPage } from './index-worker.ts';
import { checked, openIndex, PagefindErrors } from './pagefind-index.ts';
import { writtenPages } from './written-pages.ts';

/**
 * Indexes the site as written, page by page in the order its folders list them: how the index is built when
 * it could not follow the render (see {@link pagefindIntegration}).
 */
async function indexWrittenSite(root: string, outputPath: string): Promise<number> {
  const { index, close } = await openIndex();
  try {
    const count = await indexPages(
      writtenPages(root),
      (name) => readFile(path.join(root, name), 'utf8'),
      async (page) => {
        checked(await index.addHTMLFile(page));
      },
    );
    checked(await index.writeFiles({ outputPath }));
    return count;
  } finally {
    await close();
  }
}

/** Status pages Astro writes as `404.html` and `500.html` beside the others, not in a folder of their own. */
const STATUS_PAGES = new Set(['/404', '/500']);

/**
 * The file a rendered page is written to, below the output folder, as Astro writes pages with the
 * `directory` build format: `/releases/17.0/` to `releases/17.0/index.html`, `/404` to `404.html`.
 */
export function writtenPagePath(url: string): string {
  const pathname = decodeURIComponent(new URL(url).pathname).replace(/\/+$/, '');
  if (STATUS_PAGES.has(pathname)) return `${pathname.slice(1)}.html`;
  return pathname === '' ? 'index.html' : `${pathname.slice(1)}/index.html`;
}

/** A render's place in the order renders began: its page is offered, or its place passed, in that order. */
export interface RenderTurn {
  /** Offers this render's page once every render begun before it has offered its page or passed. */
  offer(sourcePath: string, html: Uint8Array): Promise<void>;
  /** This render offers nothing (a redirect, an endpoint, a failed render): the renders after it go on. */
  pass(): void;
}

/**
 * Hands pages to `offer` in the order their renders began, whatever order they end in: Astro renders several
 * pages at once (`build.concurrency`), and the index numbers pages as it takes them in, so taking them in the
 * order they end would give a different index from build to build. A render that ends before one begun
 * earlier waits for it, so at most as many pages are held as Astro renders at once.
 */
export function renderOrder(offer: (sourcePath: string, html: Uint8Array) => void | Promise<void>): { begin(): RenderTurn } {
  let begun = 0;
  let next = 0;
  /** Turns that ended before one begun earlier: each goes as soon as the turns before it have gone. */
  const ended = new Map<number, () => void>();
  const go = (turn: number, now: () => void) => {
    ended.set(turn, now);
    for (let waiting = ended.get(next); waiting; waiting = ended.get(next)) {
      ended.delete(next);
      next++;
      waiting();
    }
  };
  return {
    begin() {
      const turn = begun++;
      let settled = false;
      const once = () => {
        if (settled) throw new Error(`render ${turn} offered its page or passed already`);
        settled = true;
      };
      return {
        offer(sourcePath, html) {
          once();
          // Offered when its turn goes, not in a reaction to it: a turn that goes at once would be offered after later ones.
          return new Promise<void>((resolve, reject) => {
            go(turn, () => {
              try {
                resolve(offer(sourcePath, html));
              } catch (error) {
                reject(error);
              }
            });
          });
        },
        pass() {
          once();
          go(turn, () => undefined);
        },
      };
    },
  };
}

/**
 * A prerenderer that hands each HTML page it renders to `offer`, as the bytes Astro writes and the path it
 * writes them to, in the order the renders began (see {@link renderOrder}), then (once `offer` settles: it may
 * hold the render back) returns it to Astro unchanged. Redirects, endpoints and empty answers are not offered:
 * what Astro writes for them is not the answer's body.
 */
export function offeringPrerenderer(
  base: AstroPrerenderer,
  offer: (sourcePath: string, html: Uint8Array) => void | Promise<void>,
): AstroPrerenderer {
  const order = renderOrder(offer);
  // Each of the base's own parts is called on the base itself, whether it keeps its state in `this` or not.
  const { setup, collectStaticImages, teardown } = base;
  return {
    name: `${base.name}+sunset:search-index`,
    ...(setup ? { setup: () => setup.call(base) } : {}),
    getStaticPaths: () => base.getStaticPaths(),
    ...(collectStaticImages ? { collectStaticImages: () => collectStaticImages.call(base) } : {}),
    ...(teardown ? { teardown: () => teardown.call(base) } : {}),
    async render(request, options) {
      // Taken as Astro calls: it begins renders in the order of its paths, one after another.
      const turn = order.begin();
      let offered = false;
      try {
        const rendered = await base.render(request, options);
        const response = rendered instanceof Response ? rendered : rendered.response;
        // Astro writes the body of any answer but a redirect (a 404 page is rendered with its status).
        const written = response.status < 300 || response.status >= 400;
        const page = options.routeData.type === 'page' && written && response.body !== null;
        if (!page || !response.headers.get('content-type')?.startsWith('text/html')) return rendered;
        // Read as bytes, as Astro reads it: no decoding or encoding again on the thread that renders.
        const bytes = new Uint8Array(await response.arrayBuffer());
        const sourcePath = writtenPagePath(request.url);
        offered = true;
        await turn.offer(sourcePath, bytes);
        // The bytes as the one chunk of a stream: a Response made from bytes copies them before Astro reads
        // the body again to write it.
        const once = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes);
            controller.close();
          },
        });
        const copy = new Response(once, response);
        return rendered instanceof Response ? copy : { ...rendered, response: copy };
      } finally {
        // Whatever offered no page (not a page, or a render that failed) passes its turn: the renders after it go on.
        if (!offered) turn.pass();
      }
    },
  };
}

/**
 * Rendered pages that may wait for the index at once: past this the render waits for the index thread, so a
 * machine whose Pagefind is slower than its render holds a bounded number of pages in memory, not the site.
 */
export const MAX_PAGES_WAITING = 256;

/**
 * The render's side of that bound. `handled` counts the pages the index thread has dealt with (it raises
 * the count and notifies); `offered` counts one more page and settles while at most `limit` offered pages
 * wait, else once the thread catches up, or at once when `stopped` says the thread is gone.
 */
export function pageGate(handled: Int32Array, limit: number, stopped: () => boolean): { offered(): Promise<void> } {
  let offered = 0;
  return {
    async offered() {
      offered++;
      for (;;) {
        const done = Atomics.load(handled, 0);
        if (offered - done <= limit || stopped()) return;
        // A second at most: `stopped` is asked again then, should the thread have ended without a word.
        const wait = Atomics.waitAsync(handled, 0, done, 1000);
        if (!wait.async) continue;
        // A pending wait does not keep Node's event loop alive (the process would end mid-build); a timer does.
        const alive = setTimeout(() => undefined, 1000);
        await wait.value;
        clearTimeout(alive);
      }
    },
  };
}

/** Pages sent to the index thread in one message at most, and bytes past which a message goes at once. */
export const PAGES_PER_MESSAGE = 16;
export const BYTES_PER_MESSAGE = 1024 * 1024;

/**
 * Rendered pages gathered into messages to the index thread, in the order they are added: a message goes once
 * it holds {@link PAGES_PER_MESSAGE} pages or {@link BYTES_PER_MESSAGE} bytes, and `flush` sends what is left.
 * Each message wakes the thread, and on a machine whose threads wake slowly (a two-core virtual machine, where
 * the build measured 250 µs of its render thread per message) one message a page cost more than the copy.
 * Fewer pages wait than the render's bound ({@link MAX_PAGES_WAITING}), so the bound cannot hold the render
 * back for pages not sent.
 */
export function pageBatches(send: (pages: RenderedPage[]) => void): { add(page: RenderedPage): void; flush(): void } {
  let pages: RenderedPage[] = [];
  let bytes = 0;
  const flush = () => {
    if (pages.length === 0) return;
    const full = pages;
    pages = [];
    bytes = 0;
    send(full);
  };
  return {
    add(page) {
      pages.push(page);
      bytes += page.html.byteLength;
      if (pages.length >= PAGES_PER_MESSAGE || bytes >= BYTES_PER_MESSAGE) flush();
    },
    flush,
  };
}

/** What {@link finishIndex} needs of the index thread (a `Worker`). */
export interface IndexThread {
  postMessage(message: IndexerMessage): void;
  once(event: 'message', listener: (answer: IndexerAnswer) => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'exit', listener: (code: number) => void): unknown;
  terminate(): Promise<number>;
}

/**
 * Once the site is written: tells the index thread to finish and write the index into `outputPath`, and
 * returns how many pages it indexed and how many of those it was given as they were rendered (the rest were
 * read back from the written site). Pagefind's own errors fail the build. When the thread indexed a page the
 * site does not hold, stopped without an answer, or there is none, the written site is indexed instead.
 */
export async function finishIndex(
  thread: IndexThread | undefined,
  root: string,
  outputPath: string,
  logger: AstroIntegrationLogger,
): Promise<{ pages: number; rendered: number }> {
  const answer = thread
    ? await new Promise<IndexerAnswer | { kind: 'stopped'; message: string }>((resolve) => {
        thread.once('message', resolve);
        thread.once('error', (error) => resolve({ kind: 'stopped', message: `the index thread failed: ${error.message}` }));
        thread.once('exit', (code) => resolve({ kind: 'stopped', message: `the index thread stopped (exit code ${code})` }));
        // Listed here, while the thread takes in the last pages.
        thread.postMessage({ kind: 'finish', root, outputPath, pages: writtenPages(root) });
      }).finally(() => thread.terminate())
    : undefined;
  const failed = (errors: readonly string[]) => {
    for (const error of errors) logger.error(`Pagefind: ${error}`);
    return new Error(`Pagefind reported ${errors.length} error(s); see above`);
  };
  if (answer?.kind === 'failed') throw failed(answer.errors);
  if (answer?.kind === 'done') return { pages: answer.pages, rendered: answer.rendered };
  if (answer) logger.warn(`${answer.message}; indexing the site as written instead`);
  try {
    return { pages: await indexWrittenSite(root, outputPath), rendered: 0 };
  } catch (error) {
    throw error instanceof PagefindErrors ? failed(error.errors) : error;
  }
}

/**
 * Builds the search index into `<outDir>/pagefind/` through Pagefind's Node API, so `npm run build` yields a
 * searchable site. The index follows the render: each page goes, as Astro renders it (several to a message,
 * see {@link pageBatches}), to a thread of its own (`index-worker.ts`) that prepares it and sends it to
 * Pagefind, whose process indexes on another core while Astro renders; once the site is written the thread
 * adds any page it was not given and writes the index.
 * Should it have indexed a page the site does not hold, the written site is indexed instead. Set
 * `SUNSET_TIMINGS_FILE` to record how long the build waited for the index after the render (the build
 * benchmark reads it).
 */
export function pagefindIntegration(): AstroIntegration {
  let indexer: Worker | undefined;
  let batches: ReturnType<typeof pageBatches> | undefined;
  return {
    name: 'sunset:pagefind',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        const { Worker } = process.getBuiltinModule('node:worker_threads');
        const handled = new SharedArrayBuffer(4);
        const worker = new Worker(new URL('./index-worker.ts', import.meta.url), {
          workerData: { handled } satisfies IndexerData,
        });
        // A build that fails before its end leaves the thread behind; it must not keep the process alive.
        worker.unref();
        let stopped = false;
        worker.once('exit', () => {
          stopped = true;
        });
        indexer = worker;
        const gate = pageGate(new Int32Array(handled), MAX_PAGES_WAITING, () => stopped);
        // Copied with the message (a copy of bytes, not a string serialized); Astro writes its own.
        const pages = pageBatches((rendered) => worker.postMessage({ kind: 'pages', pages: rendered } satisfies IndexerMessage));
        batches = pages;
        setPrerenderer((base) =>
          offeringPrerenderer(base, (sourcePath, html) => {
            pages.add({ sourcePath, html });
            return gate.offered();
          }),
        );
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const worker = indexer;
        indexer = undefined;
        // The last pages rendered, before the thread is told the render is over.
        batches?.flush();
        batches = undefined;
        const { pages, rendered } = await finishIndex(
          worker,
          fileURLToPath(dir),
          fileURLToPath(new URL('./pagefind/', dir)),
          logger,
        );
        const seconds = (performance.now() - started) / 1000;
        logger.info(
          `indexed ${pages} pages (${seconds.toFixed(2)} s after the render; ${rendered} pages came as they were rendered)`,
        );
        if (process.env.SUNSET_TIMINGS_FILE) {
          await writeFile(process.env.SUNSET_TIMINGS_FILE, JSON.stringify({ indexSeconds: seconds, pages }));
        }
      },
    },
  };
}
