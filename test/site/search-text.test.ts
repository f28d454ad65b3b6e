import { describe, expect, it } from 'vitest';
import { spaceBlocks } from '../../src/site/search-text.ts';

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
