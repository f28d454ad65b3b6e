import { describe, expect, it } from 'vitest';
import { resultHtml, resultType } from '../../src/browser/pagefind-client.ts';

describe('search results', () => {
  it('name the type of page from its section', () => {
    expect(resultType('/register/ci-job-jwt-removed/')).toBe('Register entry');
    expect(resultType('/api/runners-create/')).toBe('API endpoint');
    expect(resultType('/errors/x/')).toBe('Error condition');
    expect(resultType('/somewhere/')).toBe('Page');
  });

  it('show type and release, and escape the title', () => {
    const html = resultHtml({
      url: '/register/a/',
      excerpt: 'the <mark>hit</mark>',
      meta: { title: 'Old <b> gone' },
      filters: { release: ['17.0'] },
    });
    expect(html).toContain('Register entry · release 17.0');
    expect(html).toContain('Old &#60;b&#62; gone');
    expect(html).toContain('<p>the <mark>hit</mark></p>');
    expect(resultHtml({ url: '/guides/x/', excerpt: '', meta: {} })).toContain('<div class="result-meta">Guide</div>');
  });
});
