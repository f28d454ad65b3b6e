// biome-ignore-all lint/suspicious/noTemplateCurlyInString: shell expansions such as ${NAME} are the input under test.
import { describe, expect, it } from 'vitest';
import {
  markWords,
  type PagefindApi,
  resultHtml,
  resultType,
  searchSite,
  searchTerm,
} from '../../src/browser/pagefind-client.ts';

describe('search results', () => {
  it('name the type of page from its section', () => {
    expect(resultType('/register/ci-job-jwt-removed/')).toBe('Register entry');
    expect(resultType('/api/runners-create/')).toBe('API endpoint');
    expect(resultType('/errors/x/')).toBe('Error condition');
    expect(resultType('/somewhere/')).toBe('Page');
  });

  it('show the Breaking and release badges and the type, and escape the title', () => {
    const html = resultHtml({
      url: '/register/a/',
      excerpt: 'the <mark>hit</mark>',
      meta: { title: 'Old <b> gone', breaking: 'yes' },
      filters: { release: ['17.0'] },
    });
    expect(html).toContain(
      '<div class="result-meta"><span class="badge badge-breaking">Breaking</span><span class="badge">17.0</span><span>Register entry</span></div>',
    );
    expect(html).toContain('Old &lt;b&gt; gone');
    expect(html).toContain('<p>the <mark>hit</mark></p>');
    expect(resultHtml({ url: '/guides/x/', excerpt: '', meta: {} })).toContain(
      '<div class="result-meta"><span>Guide</span></div>',
    );
  });

  it("render a title's inline Markdown, without links inside the result's own link", () => {
    const html = resultHtml({
      url: '/register/a/',
      excerpt: '',
      meta: { title: 'CI_JOB_JWT is removed', markdown_title: '`CI_JOB_JWT` is [removed](/x/)' },
    });
    expect(html).toContain('<a href="/register/a/"><code>CI_<wbr>JOB_<wbr>JWT</code> is removed</a>');
  });

  it('join the segments of a path the index split, marks and all', () => {
    const html = resultHtml({
      url: '/api/a/',
      excerpt: 'POST /api/ v4/ projects/ {project_id}/ <mark>product_analytics/</mark> <mark>request/</mark> load',
      meta: { title: 'Load' },
    });
    expect(html).toContain('POST /api/v4/projects/{project_id}/<mark>product_analytics/</mark><mark>request/</mark>load');
  });
});

describe('searchTerm', () => {
  it('splits a path into its segments and leaves its parameters out', () => {
    expect(searchTerm('/api/v4/projects/:id/product_analytics/request/load')).toBe(
      'api v4 projects product_analytics request load',
    );
    expect(searchTerm('POST projects/{project_id}/ci/lint')).toBe('POST projects ci lint');
    expect(searchTerm('  CI_JOB_JWT  ')).toBe('CI_JOB_JWT');
    expect(searchTerm('17.0 breaking')).toBe('17.0 breaking');
  });
});

describe('searchTerm, forgiving', () => {
  it('reads a variable without its $ or ${…}, and a pasted value without its quotes', () => {
    expect(searchTerm('$CI_JOB_JWT_V2')).toBe('CI_JOB_JWT_V2');
    expect(searchTerm('${CI_JOB_JWT}')).toBe('CI_JOB_JWT');
    expect(searchTerm('CS_DISABLE_DEPENDENCY_LIST: "true"')).toBe('CS_DISABLE_DEPENDENCY_LIST: true');
  });

  it('leaves out the words every question is made of', () => {
    expect(searchTerm('how do I replace CI_JOB_JWT')).toBe('replace CI_JOB_JWT');
    expect(searchTerm('what is /api/v4/runners')).toBe('api v4 runners');
  });
});

describe('markWords', () => {
  it('marks words of the text that begin with a word of the query, case aside, and escapes the rest', () => {
    expect(markWords('Access <tokens> expire; a TOKEN', ['token'])).toBe(
      'Access &lt;<mark>tokens</mark>&gt; expire; a <mark>TOKEN</mark>',
    );
  });

  it('marks no word inside another, no one-letter word, and nothing for no words', () => {
    expect(markWords('retoken a b', ['token', 'a'])).toBe('retoken a b');
    expect(markWords('x & y', [])).toBe('x &amp; y');
  });

  it('reads the words as text, not as patterns', () => {
    expect(markWords('CI_JOB_JWT and C.I', ['c.i', 'ci_job_jwt'])).toBe('<mark>CI_JOB_JWT</mark> and <mark>C.I</mark>');
  });
});

describe('result quotes', () => {
  it("quote the page's summary with the query's words marked, not Pagefind's excerpt of wherever the hit was", () => {
    const html = resultHtml(
      {
        url: '/register/ci-job-jwt-removed/',
        excerpt: '--rule ci-job-jwt-removed It looks for: CI/CD variable <mark>CI_JOB_JWT</mark>',
        meta: { title: 'Old tokens', summary: 'Jobs no longer get CI_JOB_JWT.' },
      },
      ['CI_JOB_JWT'],
    );
    expect(html).toContain('<p>Jobs no longer get <mark>CI_JOB_JWT</mark>.</p>');
    expect(html).not.toContain('--rule');
  });
});

/** A stand-in for Pagefind's API that answers each term from a table, recording the searches asked. */
function fakeApi(answers: Record<string, string[]>, areas: string[] = []) {
  const asked: { term: string; filters: Record<string, string> }[] = [];
  const answer = (term: string, filters: Record<string, string>) => {
    asked.push({ term, filters });
    const key = filters.area ? `${term}@${filters.area}` : term;
    const ids = answers[key] ?? [];
    return {
      results: ids.map((id, index) => ({
        id,
        score: ids.length - index,
        data: async () => ({ url: id, excerpt: '', meta: {} }),
      })),
    };
  };
  const api: PagefindApi = {
    options: async () => undefined,
    init: async () => undefined,
    filters: async () => ({ area: Object.fromEntries(areas.map((area) => [area, 1])) }),
    search: async (term, { filters }) => answer(term, filters),
    debouncedSearch: async (term, { filters }) => answer(term, filters),
  };
  return { api, asked };
}

describe('searchSite', () => {
  it('answers with the pages holding most of the words, said as partial, when no page holds them all', async () => {
    const { api } = fakeApi({ personal: ['/a/', '/b/'], token: ['/b/'], expiry: ['/b/', '/c/'] });
    const found = await searchSite(api, 'personal access token expiry', {}, 0);
    expect(found?.results.map((result) => result.id)).toEqual(['/b/', '/a/', '/c/']);
    expect(found?.partial?.words).toEqual(['personal', 'access', 'token', 'expiry']);
    expect(found?.partial?.held.get('/b/')).toEqual(['personal', 'token', 'expiry']);
  });

  it('keeps the answer whole when a page holds every word, and empty when no word is found', async () => {
    const { api } = fakeApi({ 'rate limit': ['/r/'], rate: ['/r/', '/s/'], limit: ['/r/'] });
    const whole = await searchSite(api, 'rate limit', {}, 0);
    expect(whole?.results.map((result) => result.id)).toEqual(['/r/']);
    expect(whole?.partial).toBeUndefined();
    const none = await searchSite(api, 'nothing here', {}, 0);
    expect(none?.results).toEqual([]);
    expect(none?.partial).toBeUndefined();
    expect((await searchSite(api, 'alone', {}, 0))?.results).toEqual([]);
  });

  it('searches each word with the filters the reader set', async () => {
    const { api, asked } = fakeApi({});
    await searchSite(api, 'two words', { release: '17.0' }, 0);
    expect(asked.map((search) => search.filters)).toEqual([{ release: '17.0' }, { release: '17.0' }, { release: '17.0' }]);
  });

  it('leads with the pages of an area the query names, keeping the order of the rest', async () => {
    const { api } = fakeApi(
      { 'dependency proxy': ['/rename/', '/error/', '/entry/'], 'dependency proxy@Dependency proxy': ['/entry/'] },
      ['Dependency proxy', 'Geo'],
    );
    const found = await searchSite(api, 'dependency proxy', {}, 0);
    expect(found?.results.map((result) => result.id)).toEqual(['/entry/', '/rename/', '/error/']);
    const chosen = await searchSite(api, 'dependency proxy', { area: 'Geo' }, 0);
    expect(chosen?.results).toEqual([]);
  });
});
