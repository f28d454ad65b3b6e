import { describe, expect, it } from 'vitest';
import { type IndexedPage, indexPages, isIndexedPage, withoutChrome } from '../../src/site/index-pages.ts';
import { indexedText } from '../../src/site/search-text.ts';

const page = (
  main: string,
  { header = '<header><nav><a href="/">Home</a></nav></header>', footer = '<footer>f</footer>' } = {},
) => `<!doctype html><html lang="en"><head><title>T</title></head><body>${header}${main}${footer}</body></html>`;

describe('withoutChrome', () => {
  it('drops the header and footer around a marked <main> and keeps the head and the main whole', () => {
    const html = page('<main data-pagefind-body><h1>Title</h1></main>');
    expect(withoutChrome(html)).toBe(
      '<!doctype html><html lang="en"><head><title>T</title></head><body><main data-pagefind-body><h1>Title</h1></main></body></html>',
    );
  });

  it('keeps a part of the chrome that Pagefind reads (a filter or meta outside the body)', () => {
    const header = '<header><span data-pagefind-filter="area:CI"></span></header>';
    const html = page('<main data-pagefind-body><h1>Title</h1></main>', { header });
    expect(withoutChrome(html)).toContain(header);
    expect(withoutChrome(html)).not.toContain('<footer>');
    const footer = '<footer data-pagefind-meta="x:y">f</footer>';
    expect(withoutChrome(page('<main data-pagefind-body></main>', { footer }))).toContain(footer);
  });

  it('leaves a page alone that marks no body, has no <main>, or has two', () => {
    const unmarked = page('<main><h1>List</h1></main>');
    expect(withoutChrome(unmarked)).toBe(unmarked);
    const noMain = page('<div data-pagefind-body><h1>x</h1></div>');
    expect(withoutChrome(noMain)).toBe(noMain);
    const twoMains = page('<main data-pagefind-body>a</main><main>b</main>');
    expect(withoutChrome(twoMains)).toBe(twoMains);
  });
});

describe('indexPages', () => {
  const site: Record<string, string> = {
    'a/index.html': page('<main data-pagefind-body><dl><dt>A</dt><dd>one</dd></dl></main>'),
    'list/index.html': page('<main><h1>List</h1></main>'),
    'b/index.html': page('<main data-pagefind-body><p>b</p></main>'),
  };
  const run = async (names: string[]) => {
    const added: IndexedPage[] = [];
    const sent = await indexPages(
      names,
      async (name) => site[name] as string,
      async (page) => void added.push(page),
    );
    return { sent, added };
  };

  it('sends the marked pages in order, without chrome, as the index reads them, and leaves the unmarked out', async () => {
    const { sent, added } = await run(['a/index.html', 'list/index.html', 'b/index.html']);
    expect(sent).toBe(2);
    expect(added.map((page) => page.sourcePath)).toEqual(['a/index.html', 'b/index.html']);
    // Blocks spaced apart (search-text.ts), the header gone.
    expect(added[0]?.content).toContain('<dt>A</dt> <dd>one</dd>');
    expect(added[0]?.content).not.toContain('<header>');
  });

  it('sends every page whole when no page marks a body, as Pagefind then indexes them all', async () => {
    const { sent, added } = await run(['list/index.html']);
    expect(sent).toBe(1);
    expect(added[0]?.content).toContain('<header>');
    expect(await run([])).toEqual({ sent: 0, added: [] });
  });

  it('fails with the error of a page that cannot be read', async () => {
    await expect(
      indexPages(
        ['a/index.html', 'gone.html'],
        async (name) => {
          if (name === 'gone.html') throw new Error('ENOENT: gone.html');
          return site[name] as string;
        },
        async () => undefined,
      ),
    ).rejects.toThrow('gone.html');
  });
});

describe('isIndexedPage', () => {
  it('tells a page with a body mark from one without', () => {
    expect(isIndexedPage('<main data-pagefind-body>')).toBe(true);
    expect(isIndexedPage('<main data-pagefind-ignore>')).toBe(false);
  });
});

describe('the index Pagefind writes', () => {
  it('is the same, file for file, from the pages sent whole and from what indexPages sends', async () => {
    const pagefind = await import('pagefind');
    const chrome = {
      header: '<header><a href="/">Sunset</a><nav aria-label="Main"><a href="/register/">Register</a> Search</nav></header>',
      footer: '<footer><nav><a href="/feed.xml">Atom feed</a> register.json</nav></footer>',
    };
    const site: Record<string, string> = {
      'register/a/index.html': page(
        '<main data-pagefind-body><span data-pagefind-filter="release:18.0"></span><h1>Token expiry</h1><p>Tokens expire after a year.</p></main>',
        chrome,
      ),
      'register/index.html': page('<main><h1>Register</h1><p>Every change.</p></main>', chrome),
      'limits/index.html': page(
        '<main data-pagefind-body><h1>Limits</h1><dl><dt>Rate</dt><dd>600 per minute</dd></dl></main>',
        chrome,
      ),
    };
    const names = Object.keys(site);
    const filesOf = async (
      add: (index: NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>['index']>) => Promise<void>,
    ) => {
      const { index } = await pagefind.createIndex({ includeCharacters: '_$' });
      if (!index) throw new Error('Pagefind gave no index');
      await add(index);
      const { files } = await index.getFiles();
      return files.map((file) => [file.path, Buffer.from(file.content).toString('base64')]).sort();
    };
    try {
      const whole = await filesOf(async (index) => {
        for (const name of names) await index.addHTMLFile({ sourcePath: name, content: indexedText(site[name] as string) });
      });
      const sent = await filesOf(async (index) => {
        await indexPages(
          names,
          async (name) => site[name] as string,
          async (page) => void (await index.addHTMLFile(page)),
        );
      });
      expect(whole.some(([path]) => path?.startsWith('fragment/'))).toBe(true);
      expect(sent).toEqual(whole);
    } finally {
      await pagefind.close();
    }
  });
});
