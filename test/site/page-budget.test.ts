import { describe, expect, it } from 'vitest';
import {
  budgetFor,
  budgetProblems,
  CONSOLE_BUDGET,
  chunkImports,
  consoleBudgetProblems,
  containsMsw,
  FIRST_SEND_BUDGET,
  firstSendGzip,
  isChunk,
  kilobytes,
  LIST_BUDGET,
  pageKind,
  pageScripts,
} from '../../src/site/page-budget.ts';

const base = { pathname: '/register/x/', kind: 'content' as const, htmlGzip: 1000, jsGzip: 1000, msw: false, console: false };

describe('page budget', () => {
  it('tells list pages from content pages', () => {
    expect(pageKind('/register/')).toBe('list');
    expect(pageKind('/releases/17.0/')).toBe('list');
    expect(pageKind('/upgrade/16.0-to-17.0/')).toBe('list');
    expect(pageKind('/register/ci-job-jwt-removed/')).toBe('content');
    expect(pageKind('/upgrade/')).toBe('content');
    expect(pageKind('/guides/funnels/')).toBe('content');
  });

  it('holds list pages to the list budget and every other page to the content budget, in kilobytes', () => {
    expect(budgetFor('content')).toEqual({ html: 10 * 1024, js: 30 * 1024 });
    expect(budgetFor('list')).toBe(LIST_BUDGET);
    expect(kilobytes(10 * 1024)).toBe('10.0 kB');
    expect(kilobytes(1536)).toBe('1.5 kB');
  });

  it('finds module scripts, preloads and inline scripts, but not JSON data blocks', () => {
    const html = `<script>var a=1</script><script type="module" src="/_astro/a.js"></script>
      <link rel="modulepreload" href="/_astro/b.js"><script type="application/json">{"x":1}</script>`;
    expect(pageScripts(html)).toEqual({ external: ['/_astro/a.js', '/_astro/b.js'], inline: ['var a=1'] });
  });

  it('separates static imports from on-demand ones in minified chunks', () => {
    const code = `import{t as e}from"./checklist.js";import"./side.js";export{x}from"./re.js";const p=import("./plan.js");`;
    expect(chunkImports(code)).toEqual({ static: ['./checklist.js', './side.js', './re.js'], dynamic: ['./plan.js'] });
  });

  it('spots MSW by strings its browser code keeps after minification', () => {
    expect(containsMsw('const u="/mockServiceWorker.js";')).toBe(true);
    expect(containsMsw('console.warn("[MSW] x")')).toBe(true);
    expect(containsMsw('const worker = "service";')).toBe(false);
  });

  it('reports pages over budget and MSW outside a console, in words', () => {
    expect(budgetProblems(base)).toEqual([]);
    expect(budgetProblems({ ...base, htmlGzip: 11 * 1024 })[0]).toContain(
      'HTML is 11.0 kB gzip, over the 10.0 kB budget of a content page',
    );
    expect(budgetProblems({ ...base, kind: 'list', htmlGzip: 11 * 1024 })).toEqual([]);
    expect(budgetProblems({ ...base, jsGzip: 31 * 1024 })[0]).toContain('JavaScript is 31.0 kB gzip');
    expect(budgetProblems({ ...base, msw: true })[0]).toContain('loads MSW code but has no console');
    expect(budgetProblems({ ...base, msw: true, console: true })).toEqual([]);
  });

  it('follows dynamic imports a minifier wrote as template literals', () => {
    const code = 'let{start:t}=await e(async()=>{let{start:e}=await import(`./start-browser-reference.C1.js`);return e});';
    expect(chunkImports(code).dynamic).toEqual(['./start-browser-reference.C1.js']);
  });

  it('tells a chunk by the name before its hash', () => {
    expect(isChunk('/dist/_astro/console-island.BAa50rZf.js', 'console-island')).toBe(true);
    expect(isChunk('/dist/_astro/console-island-extra.BAa50rZf.js', 'console-island')).toBe(false);
  });

  it('holds the console to 60 kB gzip and to loading on interaction', () => {
    const weight = {
      console: { chunks: ['console-island.a.js', 'start-browser-reference.b.js'], gzip: 45 * 1024 },
      reference: { chunks: ['browser-world.c.js'], gzip: 40 * 1024 },
      onDemand: { chunks: ['yaml-source.d.js'], gzip: 40 * 1024 },
      data: 6 * 1024,
      worker: 3 * 1024,
      eager: [],
    };
    expect(consoleBudgetProblems(weight)).toEqual([]);
    expect(consoleBudgetProblems({ ...weight, console: { ...weight.console, gzip: CONSOLE_BUDGET + 1024 } })[0]).toContain(
      'is 61.0 kB gzip, over its 60.0 kB budget',
    );
    expect(consoleBudgetProblems({ ...weight, eager: ['/api/x/'] })).toEqual([
      '/api/x/: loads the console with the page; it must load on interaction',
    ]);
    expect(consoleBudgetProblems({ ...weight, console: { chunks: [], gzip: 0 } })[0]).toContain('no console-island chunk');
    expect(consoleBudgetProblems({ ...weight, worker: 0 })).toEqual([
      'no /mockServiceWorker.js was built; the first Send cannot be weighed',
    ]);
  });

  it("holds a console's first Send to 100 kB gzip in all, data and worker script included, on-demand chunks apart", () => {
    const weight = {
      console: { chunks: ['console-island.a.js'], gzip: 45 * 1024 },
      reference: { chunks: ['browser-world.c.js'], gzip: 42 * 1024 },
      onDemand: { chunks: ['yaml-source.d.js'], gzip: 45 * 1024 },
      data: 10 * 1024,
      worker: 3 * 1024,
      eager: [],
    };
    expect(firstSendGzip(weight)).toBe(FIRST_SEND_BUDGET);
    expect(consoleBudgetProblems(weight)).toEqual([]);
    expect(consoleBudgetProblems({ ...weight, data: 11 * 1024 })).toEqual([
      "a console's first Send loads 101.0 kB gzip (console 45.0 kB, reference 42.0 kB, reference-data.json 11.0 kB, mockServiceWorker.js 3.0 kB), over its 100.0 kB budget",
    ]);
  });
});
