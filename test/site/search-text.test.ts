import { describe, expect, it } from 'vitest';
import { indexedText, spaceBlocks, splitPathSegments } from '../../src/site/search-text.ts';

describe('spaceBlocks', () => {
  it('puts a space between a block end and the tag that follows it', () => {
    expect(spaceBlocks('<dl><dt>Result</dt><dd>HTTP 410 Gone</dd></dl>')).toBe(
      '<dl><dt>Result</dt> <dd>HTTP 410 Gone</dd> </dl>',
    );
    expect(spaceBlocks('<td>a</td><td>b</td>')).toBe('<td>a</td> <td>b</td>');
  });

  it('leaves inline ends and ends followed by text alone', () => {
    expect(spaceBlocks('<code>a</code><code>b</code>')).toBe('<code>a</code><code>b</code>');
    expect(spaceBlocks('<p>a</p> text')).toBe('<p>a</p> text');
  });
});

describe('the indexed copy of a page', () => {
  it('splits a path at its slashes and keeps an identifier whole', () => {
    expect(splitPathSegments('<code>/api/<wbr>v4/<wbr>runners</code> <code>CI_<wbr>JOB_<wbr>JWT</code>')).toBe(
      '<code>/api/ v4/ runners</code> <code>CI_<wbr>JOB_<wbr>JWT</code>',
    );
  });

  it("files an endpoint page's path keys as search filters before the element that names the path", () => {
    const html = indexedText('<main><p data-search-path="GET /api/v4/users">x</p></main>');
    expect(html).toContain('<span data-pagefind-filter="path:api/v4/users"></span>');
    expect(html).toContain('<span data-pagefind-filter="path:get v4/users"></span><p data-search-path');
    expect(indexedText('<p>no path</p>')).toBe('<p>no path</p>');
  });
});
