import { describe, expect, it } from 'vitest';
import type { SiteSearch } from '../../src/browser/pagefind-client.ts';
import { answerStatus, nothingFoundHtml } from '../../src/browser/search-messages.ts';

const results = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `${index}`, data: async () => ({ url: '', excerpt: '', meta: {} }) }));

describe('answerStatus', () => {
  it('counts the results, one and many, with the query and its scope', () => {
    expect(answerStatus({ results: results(1) }, 'CI_JOB_JWT')).toBe('1 result for “CI_JOB_JWT”');
    expect(answerStatus({ results: results(2) }, 'jwt', ' (release 17.0)')).toBe('2 results for “jwt” (release 17.0)');
  });

  it('says when the results hold only some of the words, and when nothing is found', () => {
    const partial: SiteSearch = { results: results(3), partial: { words: ['a', 'b'], held: new Map() } };
    expect(answerStatus(partial, 'a b')).toBe('No page has every word of “a b”; 3 results with some of them, most words first');
    expect(answerStatus({ results: [] }, 'zzz')).toBe('Nothing found for “zzz”');
  });
});

describe('nothingFoundHtml', () => {
  it('offers fewer words, the register with its filters, and the release pages', () => {
    const html = nothingFoundHtml();
    expect(html).toContain('fewer or other words');
    expect(html).toContain('<a href="/register/">');
    expect(html).toContain('<a href="/releases/">');
  });
});
