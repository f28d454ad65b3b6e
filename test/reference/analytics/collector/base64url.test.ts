import { describe, expect, it } from 'vitest';
import { decodeBase64Url } from '../../../../src/reference/analytics/collector/base64url.ts';

describe('base64url', () => {
  const json = '{"name":"add_to_cart","ü":"ß?>"}';
  const standard = btoa(String.fromCharCode(...new TextEncoder().encode(json)));
  const url = standard.replace(/\+/g, '-').replace(/\//g, '_');

  it('decodes with and without padding, URL-safe or standard alphabet', () => {
    expect(standard.endsWith('=')).toBe(true);
    expect(decodeBase64Url(url)).toBe(json);
    expect(decodeBase64Url(url.replace(/=+$/, ''))).toBe(json);
    expect(decodeBase64Url(standard)).toBe(json);
  });

  it('refuses text that is not base64', () => {
    expect(decodeBase64Url('not base64!')).toBeUndefined();
    expect(decodeBase64Url('a')).toBeUndefined();
  });
});
