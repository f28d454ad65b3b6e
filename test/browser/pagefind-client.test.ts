import { describe, expect, it } from 'vitest';
import { resultHtml, resultType, searchTerm } from '../../src/browser/pagefind-client.ts';

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
