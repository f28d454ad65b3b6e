import { describe, expect, it } from 'vitest';
import {
  type IndexedPage,
  indexPages,
  isIndexedPage,
  pageStream,
  preparedPage,
  StrayPagesError,
  withoutChrome,
  withoutIgnored,
  withoutRestOfMain,
} from '../../src/site/index-pages.ts';
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

describe('withoutIgnored', () => {
  it('drops each element marked data-pagefind-ignore, with the same-named elements inside it', () => {
    const html =
      '<main><nav class="crumbs" data-pagefind-ignore><ol><li>Home</li></ol></nav><h1>Title</h1>' +
      '<p data-pagefind-ignore><span>badge</span></p><div data-pagefind-ignore><div>inner</div><div>two</div></div>' +
      '<p>kept</p></main>';
    expect(withoutIgnored(html)).toBe('<main><h1>Title</h1><p>kept</p></main>');
  });

  it('keeps an ignored element that holds a filter or meta, unless it is marked all, and one that never closes', () => {
    const filtered = '<div data-pagefind-ignore><span data-pagefind-filter="area:CI"></span>x</div>';
    expect(withoutIgnored(`<main>${filtered}</main>`)).toBe(`<main>${filtered}</main>`);
    const all = '<div data-pagefind-ignore="all"><span data-pagefind-meta="a:b"></span>x</div>';
    expect(withoutIgnored(`<main>${all}<p>y</p></main>`)).toBe('<main><p>y</p></main>');
    // Another ignored element inside is no reason to keep it.
    const nested = '<div data-pagefind-ignore><p data-pagefind-ignore>a</p>b</div>';
    expect(withoutIgnored(`<main>${nested}<p>y</p></main>`)).toBe('<main><p>y</p></main>');
    const open = '<main><div data-pagefind-ignore><div>never closed</div></main>';
    expect(withoutIgnored(open)).toBe(open);
  });

  it('reads attribute values whole, so a < or > in one (Astro leaves them) is no tag, nor a mark in a value', () => {
    const html =
      '<main><p data-pagefind-ignore title="a > b"><a title="</p><p>" href="/x">x</a></p><h1>Title</h1>' +
      '<p title="data-pagefind-ignore">kept</p><span data-pagefind-meta="summary:DELETE /v2/<name>/tags">m</span></main>';
    expect(withoutIgnored(html)).toBe(
      '<main><h1>Title</h1><p title="data-pagefind-ignore">kept</p><span data-pagefind-meta="summary:DELETE /v2/<name>/tags">m</span></main>',
    );
  });

  it('reads a script or style element and a comment whole, and takes the mark however it is written', () => {
    const html =
      "<main><div data-pagefind-ignore><script>if (a <div) x('</div>')</script><!-- </div> -->gone</div>" +
      '<div DATA-PAGEFIND-IGNORE=\'all\' data-pagefind-filter="x:y">gone too</div><p>kept</p></main>';
    expect(withoutIgnored(html)).toBe('<main><p>kept</p></main>');
  });

  it('leaves a page without the mark, and elements whose names only begin alike, as they are', () => {
    const plain = '<main><p>plain</p></main>';
    expect(withoutIgnored(plain)).toBe(plain);
    expect(withoutIgnored('<p data-pagefind-ignore><pre>x</pre><param>y</p>z')).toBe('z');
    // A mark in text, not in a tag, is no mark.
    const mention = '<main><p>data-pagefind-ignore is an attribute</p></main>';
    expect(withoutIgnored(mention)).toBe(mention);
  });
});

describe('withoutRestOfMain', () => {
  const body =
    '<div data-pagefind-body><span data-pagefind-filter="kind:Upgrade checklist"></span><h1>Upgrade</h1><p>What breaks.</p></div>';
  const checklist = '<section class="plan"><ul><li><a href="/register/a/">a</a></li><li><div>b</div></li></ul></section>';

  it('drops what follows the last body element inside <main>, whatever its own elements are called', () => {
    const html = page(`<main><nav>crumbs</nav>${body}<p hidden>for one offering</p>${checklist}</main>`);
    expect(withoutRestOfMain(html, 0)).toBe(page(`<main><nav>crumbs</nav>${body}</main>`));
    // The body inside a wrapper: the wrapper's end goes with the rest, and </main> still closes the page.
    const wrapped = page(`<main><article>${body}${checklist}</article></main>`);
    expect(withoutRestOfMain(wrapped, 0)).toBe(page(`<main><article>${body}</main>`));
    // Nested elements of the body's own name are counted, and a </div> inside a value or a script is no end.
    const nested = page(
      '<main><div data-pagefind-body><div><div>in</div></div><script>"</div>"</script><p title="</div>">x</p></div>' +
        `${checklist}</main>`,
    );
    expect(withoutRestOfMain(nested, 0)).toBe(
      page('<main><div data-pagefind-body><div><div>in</div></div><script>"</div>"</script><p title="</div>">x</p></div></main>'),
    );
  });

  it('keeps a rest that holds something Pagefind reads outside a body: a filter or meta, a first h1, an image', () => {
    const reads = [
      '<span data-pagefind-meta="a:b"></span>',
      '<span DATA-PAGEFIND-FILTER="area:CI"></span>',
      '<nav data-pagefind-ignore><span data-pagefind-sort="date:2026"></span></nav>',
      '<h1>Title</h1>',
      '<img src="/a.png" alt="">',
      '<IMG/>',
    ];
    for (const read of reads) {
      const html = page(`<main>${body}<section>${read}</section>${checklist}</main>`);
      expect(withoutRestOfMain(html, 0)).toBe(html);
    }
    // An element marked ignored is no reason to keep the rest, however the mark is written.
    const ignored = page(
      `<main>${body}${checklist}<nav data-pagefind-ignore="all"><a href="/">Top</a></nav><p DATA-PAGEFIND-IGNORE>x</p></main>`,
    );
    expect(withoutRestOfMain(ignored, 0)).toBe(page(`<main>${body}</main>`));
    // Only the last body counts: a second one after the first keeps everything between them.
    const two = page(`<main>${body}<p>between</p><div data-pagefind-body><p>two</p></div>${checklist}</main>`);
    expect(withoutRestOfMain(two, 0)).toBe(page(`<main>${body}<p>between</p><div data-pagefind-body><p>two</p></div></main>`));
  });

  it('leaves a page alone whose body is <main>, whose body never closes, whose mark is text, or whose rest is short', () => {
    const whole = page(`<main data-pagefind-body><h1>x</h1>${checklist}</main>`);
    expect(withoutRestOfMain(whole, 0)).toBe(whole);
    const open = page(`<main><div data-pagefind-body><p>x</p>${checklist}</main>`);
    expect(withoutRestOfMain(open, 0)).toBe(open);
    const text = page(`<main>${body}<p>set data-pagefind-body on it</p>${checklist}</main>`);
    expect(withoutRestOfMain(text, 0)).toBe(text);
    const inValue = page(`<main>${body}<p title="data-pagefind-body">x</p>${checklist}</main>`);
    expect(withoutRestOfMain(inValue, 0)).toBe(inValue);
    // A tag written inside a script, a comment or a textarea is text: the body is not found there.
    for (const raw of [
      '<script>const tip = "<div data-pagefind-body></div>";</script>',
      '<!-- <div data-pagefind-body></div> -->',
      '<textarea><div data-pagefind-body></div></textarea>',
    ]) {
      const html = page(`<main data-pagefind-body><h1>x</h1>${raw}${checklist}</main>`);
      expect(withoutRestOfMain(html, 0)).toBe(html);
    }
    const noMain = `<div data-pagefind-body>x</div>${checklist}`;
    expect(withoutRestOfMain(noMain, 0)).toBe(noMain);
    // Shorter than the default minimum: not worth reading the body for.
    const short = page(`<main>${body}${checklist}</main>`);
    expect(withoutRestOfMain(short)).toBe(short);
    const long = page(`<main>${body}${checklist.repeat(1000)}</main>`);
    expect(withoutRestOfMain(long)).toBe(page(`<main>${body}</main>`));
    // The minimum at its edge: from the mark to </main> exactly that many characters is read, one fewer is not.
    const html = page(`<main>${body}${checklist}</main>`);
    const distance = html.lastIndexOf('</main>') - html.lastIndexOf('data-pagefind-body');
    expect(withoutRestOfMain(html, distance)).toBe(page(`<main>${body}</main>`));
    expect(withoutRestOfMain(html, distance + 1)).toBe(html);
    // An empty rest: nothing to cut, and the page is the same.
    const empty = page(`<main>${body}</main>`);
    expect(withoutRestOfMain(empty, 0)).toBe(empty);
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

  it('reads the next page while the index takes in one, and no further ahead: one page at a time in its hands', async () => {
    const events: string[] = [];
    const names = ['a/index.html', 'b/index.html', '404.html'];
    await indexPages(
      names,
      async (name) => {
        events.push(`read ${name}`);
        return site[name] ?? (site['a/index.html'] as string);
      },
      async (added) => {
        events.push(`start ${added.sourcePath}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`added ${added.sourcePath}`);
      },
    );
    expect(events).toEqual([
      'read a/index.html',
      'start a/index.html',
      'read b/index.html',
      'added a/index.html',
      'start b/index.html',
      'read 404.html',
      'added b/index.html',
      'start 404.html',
      'added 404.html',
    ]);
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

describe('pageStream', () => {
  const site: Record<string, string> = {
    'a/index.html': page('<main data-pagefind-body><dl><dt>A</dt><dd>one</dd></dl></main>'),
    'list/index.html': page('<main><h1>List</h1></main>'),
    'b/index.html': page('<main data-pagefind-body><p>b</p></main>'),
    '404.html': page('<main data-pagefind-body><p>not found</p></main>'),
  };
  const read = async (name: string) => {
    const html = site[name];
    if (html === undefined) throw new Error(`ENOENT: ${name}`);
    return html;
  };
  /** A slow index, so pages are offered while earlier ones are still being added. */
  const slowIndex = () => {
    const added: IndexedPage[] = [];
    let inFlight = 0;
    let most = 0;
    const add = async (page: IndexedPage) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      added.push(page);
      inFlight--;
    };
    return { added, add, most: () => most };
  };

  it('sends the pages in the order offered, one at a time, prepared as indexPages prepares them', async () => {
    const index = slowIndex();
    const stream = pageStream(index.add);
    for (const name of ['b/index.html', 'list/index.html', 'a/index.html']) stream.offer(name, site[name] as string);
    expect(await stream.finish(['a/index.html', 'b/index.html', 'list/index.html'], read)).toBe(2);
    expect(index.added.map((added) => added.sourcePath)).toEqual(['b/index.html', 'a/index.html']);
    expect(index.most()).toBe(1);
    const fromDisk: IndexedPage[] = [];
    await indexPages(['b/index.html', 'list/index.html', 'a/index.html'], read, async (added) => void fromDisk.push(added));
    expect(index.added).toEqual(fromDisk);
  });

  it('says each offered page is handled once: when the index has it, or at once when it leaves it out', async () => {
    const events: string[] = [];
    const stream = pageStream(
      async (page) => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        events.push(`added ${page.sourcePath}`);
      },
      () => events.push('handled'),
    );
    stream.offer('a/index.html', site['a/index.html'] as string);
    stream.offer('list/index.html', site['list/index.html'] as string);
    stream.offer('a/index.html', site['a/index.html'] as string);
    // The unmarked and the repeated page are handled before the first is in the index.
    expect(events).toEqual(['handled', 'handled']);
    await stream.finish(['a/index.html', 'b/index.html', 'list/index.html'], read);
    // Pages only found on disk were not offered: nothing more to say of them.
    expect(events).toEqual(['handled', 'handled', 'added a/index.html', 'handled', 'added b/index.html']);
  });

  it('still says each page is handled once the index has failed, so a render held back is not held for ever', async () => {
    let handled = 0;
    const stream = pageStream(
      async () => {
        throw new Error('Pagefind: bad page');
      },
      () => handled++,
    );
    stream.offer('a/index.html', site['a/index.html'] as string);
    stream.offer('b/index.html', site['b/index.html'] as string);
    stream.offer('404.html', site['404.html'] as string);
    await expect(stream.finish(['404.html', 'a/index.html', 'b/index.html'], read)).rejects.toThrow('bad page');
    expect(handled).toBe(3);
  });

  it('sends a page offered twice once, as it is written once', async () => {
    const index = slowIndex();
    const stream = pageStream(index.add);
    stream.offer('a/index.html', site['a/index.html'] as string);
    stream.offer('a/index.html', site['b/index.html'] as string);
    expect(await stream.finish(['a/index.html'], read)).toBe(1);
    expect(index.added.map((added) => added.content)).toEqual([expect.stringContaining('one')]);
  });

  it('sends the written pages it was not offered after the others, in the order the site lists them', async () => {
    const index = slowIndex();
    const stream = pageStream(index.add);
    stream.offer('b/index.html', site['b/index.html'] as string);
    expect(await stream.finish(['404.html', 'a/index.html', 'b/index.html', 'list/index.html'], read)).toBe(3);
    expect(index.added.map((added) => added.sourcePath)).toEqual(['b/index.html', '404.html', 'a/index.html']);
  });

  it('sends every page whole when none marks a body, offered or found on disk', async () => {
    const index = slowIndex();
    const stream = pageStream(index.add);
    stream.offer('list/index.html', site['list/index.html'] as string);
    const other = 'other/index.html';
    site[other] = page('<main><h1>Other</h1></main>');
    try {
      expect(await stream.finish(['list/index.html', other], read)).toBe(2);
    } finally {
      delete site[other];
    }
    expect(index.added.map((added) => added.sourcePath)).toEqual(['list/index.html', other]);
    expect(index.added[0]?.content).toContain('<header>');
    expect(await pageStream(index.add).finish([], read)).toBe(0);
  });

  it('refuses a page offered that the site does not hold, naming it, before anything else is sent', async () => {
    const index = slowIndex();
    const stream = pageStream(index.add);
    stream.offer('a/index.html', site['a/index.html'] as string);
    stream.offer('ghost/index.html', site['b/index.html'] as string);
    const finished = stream.finish(['a/index.html', 'b/index.html'], read);
    await expect(finished).rejects.toBeInstanceOf(StrayPagesError);
    await expect(finished).rejects.toThrow('ghost/index.html');
    expect(index.added.map((added) => added.sourcePath)).toEqual(['a/index.html', 'ghost/index.html']);
  });

  it("fails with the index's first error, and with the error of a written page that cannot be read", async () => {
    const failing = pageStream(async (added) => {
      if (added.sourcePath === 'a/index.html') throw new Error('Pagefind: bad page');
    });
    failing.offer('a/index.html', site['a/index.html'] as string);
    failing.offer('b/index.html', site['b/index.html'] as string);
    await expect(failing.finish(['a/index.html', 'b/index.html'], read)).rejects.toThrow('bad page');
    const unreadable = pageStream(async () => undefined);
    await expect(unreadable.finish(['a/index.html', 'gone.html'], read)).rejects.toThrow('gone.html');
  });
});

describe('isIndexedPage', () => {
  it('tells a page with a body mark from one without', () => {
    expect(isIndexedPage('<main data-pagefind-body>')).toBe(true);
    expect(isIndexedPage('<main data-pagefind-ignore>')).toBe(false);
  });
});

describe('the index Pagefind writes', () => {
  it('is the same, file for file, from the pages sent whole and from what indexPages and pageStream send', async () => {
    const pagefind = await import('pagefind');
    const chrome = {
      header: '<header><a href="/">Sunset</a><nav aria-label="Main"><a href="/register/">Register</a> Search</nav></header>',
      footer: '<footer><nav><a href="/feed.xml">Atom feed</a> register.json</nav></footer>',
    };
    const site: Record<string, string> = {
      'register/a/index.html': page(
        '<main data-pagefind-body><nav data-pagefind-ignore><ol><li><a href="/">Home</a></li></ol></nav>' +
          '<span data-pagefind-filter="release:18.0"></span><h1>Token expiry</h1>' +
          '<p data-pagefind-ignore><span class="badge">Breaking</span></p>' +
          '<div data-pagefind-ignore><span data-pagefind-filter="kind:Removal"></span>kept for its filter</div>' +
          '<p>Tokens expire after a year.</p><dl class="facts" data-pagefind-ignore><dt>Area</dt><dd>Auth</dd></dl></main>',
        chrome,
      ),
      'register/index.html': page('<main><h1>Register</h1><p>Every change.</p></main>', chrome),
      'limits/index.html': page(
        '<main data-pagefind-body><h1>Limits</h1><dl><dt>Rate</dt><dd>600 per minute</dd></dl></main>',
        chrome,
      ),
      // A checklist whose body is its opening only, with more after it than is worth parsing (see withoutRestOfMain).
      'upgrade/17.0-to-18.0/index.html': page(
        '<main><nav data-pagefind-ignore><a href="/upgrade/">Upgrade</a></nav><div data-pagefind-body>' +
          '<span data-pagefind-filter="kind:Upgrade checklist"></span><h1>Upgrade from 17.0 to 18.0</h1><p>What breaks.</p></div>' +
          `<section class="plan"><ul>${'<li><a href="/register/a/">Token expiry</a> <code>CI_JOB_JWT</code></li>'.repeat(1200)}</ul></section></main>`,
        chrome,
      ),
      // A release page: its summary is the body, the list of its changes and a closing navigation are not.
      'releases/17.0/index.html': page(
        '<main><div data-pagefind-body><span data-pagefind-filter="release:17.0"></span><h1>Changes in 17.0</h1>' +
          '<p data-pagefind-weight="5">277 changes take effect.</p></div>' +
          `<ul class="changes">${'<li><a href="/register/b/">Pipelines change</a> <span class="badge">Breaking</span></li>'.repeat(1000)}</ul>` +
          '<nav data-pagefind-ignore><a href="/releases/">All releases</a></nav></main>',
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
      const streamed = await filesOf(async (index) => {
        const stream = pageStream(async (page) => void (await index.addHTMLFile(page)));
        // Offered as rendered, all but the last; that one is found on disk.
        for (const name of names.slice(0, -1)) stream.offer(name, site[name] as string);
        await stream.finish(names, async (name) => site[name] as string);
      });
      expect(whole.some(([path]) => path?.startsWith('fragment/'))).toBe(true);
      // The checklist's rest really was cut before it was sent.
      expect(
        preparedPage('upgrade/17.0-to-18.0/index.html', site['upgrade/17.0-to-18.0/index.html'] as string)?.content,
      ).not.toContain('plan');
      expect(preparedPage('releases/17.0/index.html', site['releases/17.0/index.html'] as string)?.content).not.toContain(
        'changes"',
      );
      expect(sent).toEqual(whole);
      expect(streamed).toEqual(whole);
    } finally {
      await pagefind.close();
    }
  });
});
