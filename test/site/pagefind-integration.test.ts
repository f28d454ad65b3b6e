import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger, AstroPrerenderer } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexerAnswer, IndexerMessage } from '../../src/site/integrations/index-worker.ts';
import {
  BYTES_PER_MESSAGE,
  finishIndex,
  type IndexThread,
  MAX_PAGES_WAITING,
  offeringPrerenderer,
  PAGES_PER_MESSAGE,
  pageBatches,
  pagefindIntegration,
  pageGate,
  renderOrder,
  writtenPagePath,
} from '../../src/site/integrations/pagefind.ts';
import { tempTree } from '../check/scan/temp-tree.ts';

describe('writtenPagePath', () => {
  it('names the file Astro writes a page to with the directory format', () => {
    expect(writtenPagePath('https://sunset.example.com/')).toBe('index.html');
    expect(writtenPagePath('https://sunset.example.com/releases/17.0/')).toBe('releases/17.0/index.html');
    expect(writtenPagePath('https://sunset.example.com/releases/17.0')).toBe('releases/17.0/index.html');
    expect(writtenPagePath('https://sunset.example.com/404/')).toBe('404.html');
    expect(writtenPagePath('https://sunset.example.com/500')).toBe('500.html');
    // Only the status pages themselves: a page below one, or one whose name starts alike, has its own folder.
    expect(writtenPagePath('https://sunset.example.com/404/more/')).toBe('404/more/index.html');
    expect(writtenPagePath('https://sunset.example.com/4040/')).toBe('4040/index.html');
    // Written under the decoded name, as Astro writes it.
    expect(writtenPagePath('https://sunset.example.com/register/caf%C3%A9/')).toBe('register/café/index.html');
  });
});

describe('offeringPrerenderer', () => {
  const route = (type: 'page' | 'endpoint') => ({ routeData: { type } }) as Parameters<AstroPrerenderer['render']>[1];
  type Rendered = Awaited<ReturnType<AstroPrerenderer['render']>>;
  const base = (answer: () => Rendered): AstroPrerenderer => ({
    name: 'astro:default',
    getStaticPaths: async () => [],
    render: async () => answer(),
  });
  const html = (body: string, status = 200) =>
    new Response(body, { status, headers: { 'content-type': 'text/html', 'x-kept': 'yes' } });
  const request = new Request('https://sunset.example.com/limits/');

  it('offers each HTML page with the file it is written to, and gives Astro the same answer', async () => {
    const offered: [string, string][] = [];
    const prerenderer = offeringPrerenderer(
      base(() => html('<main>limits</main>')),
      (sourcePath, bytes) => void offered.push([sourcePath, new TextDecoder().decode(bytes)]),
    );
    expect(prerenderer.name).toBe('astro:default+sunset:search-index');
    // The render waits for what `offer` returns (the gate that holds it back).
    let released = false;
    const held = offeringPrerenderer(
      base(() => html('<main>held</main>')),
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            released = true;
            resolve();
          }, 20),
        ),
    );
    await held.render(request, route('page'));
    expect(released).toBe(true);
    const answer = (await prerenderer.render(request, route('page'))) as Response;
    expect(offered).toEqual([['limits/index.html', '<main>limits</main>']]);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-kept')).toBe('yes');
    expect(await answer.text()).toBe('<main>limits</main>');
  });

  it('offers a page rendered with a status of its own (the 404 page), and keeps the metadata of a result', async () => {
    const offered: string[] = [];
    const metadata = { contentEntryKeys: ['a'] } as unknown as Exclude<Rendered, Response>['metadata'];
    const prerenderer = offeringPrerenderer(
      base(() => ({ response: html('<main>not found</main>', 404), metadata })),
      (sourcePath) => void offered.push(sourcePath),
    );
    const result = (await prerenderer.render(new Request('https://sunset.example.com/404/'), route('page'))) as {
      response: Response;
      metadata: object;
    };
    expect(offered).toEqual(['404.html']);
    expect(result.metadata).toBe(metadata);
    expect(result.response.status).toBe(404);
    expect(await result.response.text()).toBe('<main>not found</main>');
  });

  it("calls each of the base's parts on the base itself, as one that keeps its state in `this` needs", async () => {
    class Stateful implements AstroPrerenderer {
      name = 'adapter';
      calls: string[] = [];
      private app?: string;
      async setup() {
        this.app = 'ready';
        this.calls.push('setup');
      }
      async getStaticPaths() {
        this.calls.push(`paths with ${this.app}`);
        return [];
      }
      async render() {
        return html(`<main>${this.app}</main>`);
      }
      async collectStaticImages() {
        this.calls.push('images');
        return new Map();
      }
      async teardown() {
        this.calls.push(`teardown of ${this.app}`);
      }
    }
    const stateful = new Stateful();
    const offered: string[] = [];
    const prerenderer = offeringPrerenderer(stateful, (_, bytes) => void offered.push(new TextDecoder().decode(bytes)));
    await prerenderer.setup?.();
    await prerenderer.getStaticPaths();
    await prerenderer.render(request, route('page'));
    await prerenderer.collectStaticImages?.();
    await prerenderer.teardown?.();
    expect(stateful.calls).toEqual(['setup', 'paths with ready', 'images', 'teardown of ready']);
    expect(offered).toEqual(['<main>ready</main>']);
    // Parts the base does not have, the wrapper does not claim.
    const bare = offeringPrerenderer(
      base(() => html('x')),
      () => undefined,
    );
    expect([bare.setup, bare.collectStaticImages, bare.teardown]).toEqual([undefined, undefined, undefined]);
  });

  it('offers no redirect, endpoint, empty answer or answer of another type, and leaves each untouched', async () => {
    const answers: [Response, 'page' | 'endpoint'][] = [
      [new Response(null, { status: 301, headers: { location: '/elsewhere/', 'content-type': 'text/html' } }), 'page'],
      [html('<main>an endpoint</main>'), 'endpoint'],
      [new Response(null, { status: 200, headers: { 'content-type': 'text/html' } }), 'page'],
      [new Response('{"a":1}', { headers: { 'content-type': 'application/json' } }), 'page'],
    ];
    for (const [response, type] of answers) {
      const offered: string[] = [];
      const prerenderer = offeringPrerenderer(
        base(() => response),
        (sourcePath) => void offered.push(sourcePath),
      );
      expect(await prerenderer.render(request, route(type))).toBe(response);
      expect(offered).toEqual([]);
    }
  });
});

describe('renderOrder', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('offers pages in the order their renders began, whatever order they end in, and a passed turn holds nothing up', async () => {
    const offered: string[] = [];
    const order = renderOrder((sourcePath) => void offered.push(sourcePath));
    const [first, second, third, fourth] = [order.begin(), order.begin(), order.begin(), order.begin()];
    // The last two end first: neither goes before the first two have.
    const fourthOffered = fourth?.offer('d.html', bytes('d'));
    const thirdOffered = third?.offer('c.html', bytes('c'));
    await Promise.resolve();
    expect(offered).toEqual([]);
    second?.pass();
    expect(offered).toEqual([]);
    // The first ends: it goes, the passed second is skipped, and the third and fourth follow in their order.
    await first?.offer('a.html', bytes('a'));
    await Promise.all([thirdOffered, fourthOffered]);
    expect(offered).toEqual(['a.html', 'c.html', 'd.html']);
    // Turns begun later, in order, go at once.
    await order.begin().offer('e.html', bytes('e'));
    expect(offered).toEqual(['a.html', 'c.html', 'd.html', 'e.html']);
  });

  it("settles each offer with its own page's answer from `offer`, and a turn is used once", async () => {
    const order = renderOrder(async (sourcePath) => {
      if (sourcePath === 'bad.html') throw new Error('no room');
    });
    const [good, bad] = [order.begin(), order.begin()];
    const badOffered = bad?.offer('bad.html', bytes('x'));
    await expect(good?.offer('good.html', bytes('y'))).resolves.toBeUndefined();
    await expect(badOffered).rejects.toThrow('no room');
    expect(() => good?.pass()).toThrow(/offered its page or passed already/);
    // A later turn still goes: the failed one took its place in the order.
    await expect(order.begin().offer('later.html', bytes('z'))).resolves.toBeUndefined();
  });
});

describe('offeringPrerenderer, with renders under way at once', () => {
  type Rendered = Awaited<ReturnType<AstroPrerenderer['render']>>;
  const page = { routeData: { type: 'page' } } as Parameters<AstroPrerenderer['render']>[1];

  it('offers pages in the order Astro began them when they end in another, and a failed or pageless render passes its turn', async () => {
    // Each render ends when the test says so.
    const endings = new Map<string, (answer: Rendered | Error) => void>();
    const base: AstroPrerenderer = {
      name: 'astro:default',
      getStaticPaths: async () => [],
      render: (request) =>
        new Promise<Rendered>((resolve, reject) => {
          endings.set(new URL(request.url).pathname, (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)));
        }),
    };
    const offered: string[] = [];
    const prerenderer = offeringPrerenderer(base, (sourcePath) => void offered.push(sourcePath));
    const render = (pathname: string) => prerenderer.render(new Request(`https://sunset.example.com${pathname}`), page);
    const html = (text: string) => new Response(text, { headers: { 'content-type': 'text/html' } });
    const results = Promise.allSettled(['/a/', '/b/', '/c/', '/d/', '/e/'].map(render));
    endings.get('/e/')?.(html('<main>e</main>'));
    endings.get('/d/')?.(new Response(null, { status: 302, headers: { location: '/a/' } }));
    endings.get('/c/')?.(new Error('the page threw'));
    endings.get('/b/')?.(html('<main>b</main>'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Nothing goes while the first render is under way.
    expect(offered).toEqual([]);
    endings.get('/a/')?.(html('<main>a</main>'));
    const settled = await results;
    expect(offered).toEqual(['a/index.html', 'b/index.html', 'e/index.html']);
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    // Each page Astro gets back is its own.
    const text = async (result: PromiseSettledResult<Rendered>) =>
      result.status === 'fulfilled' ? (result.value as Response).text() : '';
    expect(await text(settled[0] as PromiseSettledResult<Rendered>)).toBe('<main>a</main>');
    expect(await text(settled[4] as PromiseSettledResult<Rendered>)).toBe('<main>e</main>');
  });

  it('passes the turn of a page whose written path cannot be told, so the pages after it still go', async () => {
    const html = () => new Response('<main>x</main>', { headers: { 'content-type': 'text/html' } });
    const offered: string[] = [];
    const prerenderer = offeringPrerenderer(
      { name: 'astro:default', getStaticPaths: async () => [], render: async () => html() },
      (sourcePath) => void offered.push(sourcePath),
    );
    // A malformed escape: the page's file name cannot be decoded.
    const broken = prerenderer.render(new Request('https://sunset.example.com/bad%E0%A4/'), page);
    const after = prerenderer.render(new Request('https://sunset.example.com/after/'), page);
    await expect(broken).rejects.toThrow(URIError);
    await expect(after).resolves.toBeInstanceOf(Response);
    expect(offered).toEqual(['after/index.html']);
  });
});

describe('finishIndex', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  /** A written site of two marked pages. */
  const site = () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sunset-finish-index-'));
    roots.push(root);
    for (const name of ['index.html', 'limits/index.html']) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(
        path.join(root, name),
        `<!doctype html><html lang="en"><head><title>${name}</title></head><body><main data-pagefind-body><h1>${name}</h1></main></body></html>`,
      );
    }
    return root;
  };
  const logger = () => {
    const said: string[] = [];
    const log = (level: string) => (message: string) => void said.push(`${level}: ${message}`);
    return { said, logger: { info: log('info'), warn: log('warn'), error: log('error') } as unknown as AstroIntegrationLogger };
  };
  /** A thread that answers `finish` as told (or stops with `exit`), and is ended once answered. */
  const thread = (answer: IndexerAnswer | { exit: number } | { error: string }) => {
    const events = new EventEmitter();
    const sent: IndexerMessage[] = [];
    let terminated = false;
    const fake = {
      postMessage(message: IndexerMessage) {
        sent.push(message);
        queueMicrotask(() => {
          if ('exit' in answer) events.emit('exit', answer.exit);
          else if ('error' in answer) events.emit('error', new Error(answer.error));
          else events.emit('message', answer);
        });
      },
      once: (event: string, listener: (...args: unknown[]) => void) => events.once(event, listener),
      terminate: async () => {
        terminated = true;
        return 0;
      },
    } as IndexThread;
    return { fake, sent, terminated: () => terminated };
  };
  const entry = (root: string) => path.join(root, 'pagefind', 'pagefind-entry.json');

  it("takes the thread's count when it wrote the index, and ends the thread", async () => {
    const root = site();
    const { fake, sent, terminated } = thread({ kind: 'done', pages: 2, rendered: 1 });
    const { logger: log, said } = logger();
    expect(await finishIndex(fake, root, path.join(root, 'pagefind'), log)).toEqual({ pages: 2, rendered: 1 });
    expect(sent).toEqual([{ kind: 'finish', root, outputPath: path.join(root, 'pagefind'), pages: expect.any(Array) }]);
    // The site's pages as written go with it, listed on this thread.
    expect((sent[0] as { pages: string[] }).pages.sort()).toEqual(['index.html', 'limits/index.html']);
    expect(terminated()).toBe(true);
    expect(said).toEqual([]);
    // The thread wrote it, not this function.
    expect(existsSync(entry(root))).toBe(false);
  });

  it('indexes the written site instead, saying why, when the thread indexed a stray page, stopped or failed', async () => {
    for (const answer of [
      { kind: 'stray', message: 'pages were indexed that the site does not hold: ghost/index.html' } as const,
      { exit: 1 },
      { error: 'out of memory' },
    ]) {
      const root = site();
      const { fake } = thread(answer);
      const { logger: log, said } = logger();
      expect(await finishIndex(fake, root, path.join(root, 'pagefind'), log)).toEqual({ pages: 2, rendered: 0 });
      expect(JSON.parse(readFileSync(entry(root), 'utf8')).languages.en.page_count).toBe(2);
      expect(said).toEqual([
        expect.stringMatching(/^warn: .*(ghost\/index\.html|exit code 1|out of memory).*indexing the site as written instead$/),
      ]);
    }
  }, 60_000);

  it('indexes the written site when there was no thread (a build that did not start one)', async () => {
    const root = site();
    expect(await finishIndex(undefined, root, path.join(root, 'pagefind'), logger().logger)).toEqual({ pages: 2, rendered: 0 });
    expect(existsSync(entry(root))).toBe(true);
  }, 30_000);

  it("fails the build with Pagefind's errors, each logged", async () => {
    const root = site();
    const { fake } = thread({ kind: 'failed', errors: ['bad page', 'disk full'] });
    const { logger: log, said } = logger();
    await expect(finishIndex(fake, root, path.join(root, 'pagefind'), log)).rejects.toThrow('Pagefind reported 2 error(s)');
    expect(said).toEqual(['error: Pagefind: bad page', 'error: Pagefind: disk full']);
    expect(existsSync(entry(root))).toBe(false);
  });
});

describe('pageGate', () => {
  /** Whether a promise has settled after the tasks queued so far have run. */
  const settledSoon = async (promise: Promise<void>) => {
    let settled = false;
    void promise.then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    return settled;
  };

  it('lets the render run ahead of the index by the limit, holds it past it, and lets it go as pages are handled', async () => {
    const handled = new Int32Array(new SharedArrayBuffer(4));
    const gate = pageGate(handled, 2, () => false);
    expect(await settledSoon(gate.offered())).toBe(true);
    expect(await settledSoon(gate.offered())).toBe(true);
    // A third page waiting: the render waits.
    const third = gate.offered();
    expect(await settledSoon(third)).toBe(false);
    Atomics.add(handled, 0, 1);
    Atomics.notify(handled, 0);
    expect(await settledSoon(third)).toBe(true);
    // Two wait again (the second and third); a fourth waits until one more is handled.
    const fourth = gate.offered();
    expect(await settledSoon(fourth)).toBe(false);
    Atomics.add(handled, 0, 1);
    Atomics.notify(handled, 0);
    expect(await settledSoon(fourth)).toBe(true);
  });

  it('keeps the process alive while it holds the render (a pending wait alone would let it end mid-build)', () => {
    const run = spawnSync(process.execPath, [fileURLToPath(new URL('./helpers/held-render.ts', import.meta.url))], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('released\n');
  });

  it('stops holding the render once the index thread is gone', async () => {
    const handled = new Int32Array(new SharedArrayBuffer(4));
    let stopped = false;
    const gate = pageGate(handled, 0, () => stopped);
    const first = gate.offered();
    expect(await settledSoon(first)).toBe(false);
    stopped = true;
    // Asked again within the second it waits at most.
    await first;
    expect(await settledSoon(gate.offered())).toBe(true);
  }, 5_000);
});

describe('pageBatches', () => {
  const page = (sourcePath: string, bytes = 10) => ({ sourcePath, html: new Uint8Array(bytes) });
  const sink = () => {
    const sent: string[][] = [];
    return { sent, batches: pageBatches((pages) => void sent.push(pages.map((each) => each.sourcePath))) };
  };

  it('sends pages in the order added, a message as soon as one is full, and the rest when flushed', () => {
    const { sent, batches } = sink();
    const names = Array.from({ length: PAGES_PER_MESSAGE * 2 + 3 }, (_, index) => `p${index}/index.html`);
    for (const [at, name] of names.entries()) {
      batches.add(page(name));
      expect(sent).toHaveLength(Math.floor((at + 1) / PAGES_PER_MESSAGE));
    }
    batches.flush();
    expect(sent.map((message) => message.length)).toEqual([PAGES_PER_MESSAGE, PAGES_PER_MESSAGE, 3]);
    expect(sent.flat()).toEqual(names);
    // Nothing left: no empty message.
    batches.flush();
    expect(sent).toHaveLength(3);
  });

  it('sends a message once its pages reach the byte limit, however few they are', () => {
    const { sent, batches } = sink();
    batches.add(page('a', BYTES_PER_MESSAGE - 1));
    expect(sent).toEqual([]);
    batches.add(page('b', 1));
    expect(sent).toEqual([['a', 'b']]);
    batches.add(page('large', BYTES_PER_MESSAGE));
    expect(sent).toEqual([['a', 'b'], ['large']]);
  });

  it("holds back fewer pages than the render's bound lets wait, so the bound never waits on pages not sent", () => {
    expect(PAGES_PER_MESSAGE).toBeLessThan(MAX_PAGES_WAITING);
  });
});

describe('pagefindIntegration', () => {
  it('gives the index thread every page as rendered, the last ones too, before it tells it to finish', async () => {
    // One more than a message holds, and then some: the last message is a part one.
    const count = PAGES_PER_MESSAGE + 5;
    const html = (index: number) =>
      `<!doctype html><html lang="en"><head><title>P${index}</title></head><body><main data-pagefind-body><h1>Page ${index}</h1></main></body></html>`;
    const root = tempTree(Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}/index.html`, html(index)])));
    const said: string[] = [];
    const logger = {
      info: (message: string) => void said.push(`info: ${message}`),
      warn: (message: string) => void said.push(`warn: ${message}`),
      error: (message: string) => void said.push(`error: ${message}`),
    } as unknown as AstroIntegrationLogger;
    const base: AstroPrerenderer = {
      name: 'astro:default',
      getStaticPaths: async () => [],
      render: async (request) =>
        new Response(html(Number(/p(\d+)/.exec(request.url)?.[1])), { headers: { 'content-type': 'text/html' } }),
    };
    let prerenderer: AstroPrerenderer | undefined;
    const integration = pagefindIntegration();
    const start = integration.hooks['astro:build:start'] as (options: unknown) => Promise<void> | void;
    const done = integration.hooks['astro:build:done'] as (options: unknown) => Promise<void>;
    await start({
      logger,
      setPrerenderer: (wrap: (base: AstroPrerenderer) => AstroPrerenderer) => {
        prerenderer = wrap(base);
      },
    });
    for (let index = 0; index < count; index++)
      await prerenderer?.render(new Request(`https://sunset.example.com/p${index}/`), {
        routeData: { type: 'page' },
      } as Parameters<AstroPrerenderer['render']>[1]);
    await done({ dir: pathToFileURL(`${root}/`), logger });
    expect(said).toEqual([
      expect.stringMatching(
        new RegExp(`^info: indexed ${count} pages \\([\\d.]+ s after the render; ${count} pages came as they were rendered\\)$`),
      ),
    ]);
    expect(JSON.parse(readFileSync(path.join(root, 'pagefind', 'pagefind-entry.json'), 'utf8')).languages.en.page_count).toBe(
      count,
    );
  }, 60_000);
});
