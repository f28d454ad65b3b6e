import { describe, expect, it } from 'vitest';
import { isSafeLink, parseLinkHeader, readableHeaderValue } from '../../../src/browser/console/response-headers.ts';

describe('response headers', () => {
  it('show a Deprecation date in words beside the raw value', () => {
    expect(readableHeaderValue('Deprecation', '@1715817600')).toBe('@1715817600 (deprecated since 16 May 2024)');
    expect(readableHeaderValue('deprecation', 'true')).toBe('true');
    expect(readableHeaderValue('sunset', '@1715817600')).toBe('@1715817600');
  });

  it('read every target of a Link header with its rel', () => {
    expect(parseLinkHeader('</register/a/>; rel="deprecation", <https://example.com/x>; rel=sunset; type="text/html"')).toEqual([
      { url: '/register/a/', rel: 'deprecation' },
      { url: 'https://example.com/x', rel: 'sunset' },
    ]);
    expect(parseLinkHeader('nonsense')).toEqual([]);
  });

  it('link only http(s) URLs and site paths', () => {
    expect(isSafeLink('/register/a/')).toBe(true);
    expect(isSafeLink('https://example.com')).toBe(true);
    expect(isSafeLink('javascript:alert(1)')).toBe(false);
    expect(isSafeLink('//evil.example')).toBe(false);
  });
});
