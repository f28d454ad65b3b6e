import { describe, expect, it } from 'vitest';
import {
  deprecationHeaders,
  deprecationLink,
  entryPageUrl,
  httpDate,
  structuredFieldDate,
} from '../../../src/reference/versioned/deprecation-headers.ts';

describe('deprecation headers', () => {
  it('writes Deprecation as a structured-field date of whole seconds (RFC 9745)', () => {
    expect(structuredFieldDate(new Date('2023-06-30T23:59:59.900Z'))).toBe('@1688169599');
  });

  it('writes Sunset as an HTTP-date (RFC 8594)', () => {
    expect(httpDate(new Date('2025-05-15T00:00:00Z'))).toBe('Thu, 15 May 2025 00:00:00 GMT');
  });

  it('links the entry page with rel="deprecation" and type text/html, relative when the site URL is empty', () => {
    expect(deprecationLink(entryPageUrl('https://sunset.example.com/', 'a-b'))).toBe(
      '<https://sunset.example.com/register/a-b/>; rel="deprecation"; type="text/html"',
    );
    expect(entryPageUrl('', 'a-b')).toBe('/register/a-b/');
  });

  it('takes the earliest dates of several notices and links each entry once', () => {
    const headers = deprecationHeaders([
      { deprecatedAt: new Date('2024-05-16T00:00:00Z'), sunsetAt: new Date('2026-05-21T00:00:00Z'), url: '/register/b/' },
      { deprecatedAt: new Date('2023-05-18T00:00:00Z'), sunsetAt: new Date('2025-05-15T00:00:00Z'), url: '/register/a/' },
      { deprecatedAt: new Date('2024-05-16T00:00:00Z'), sunsetAt: new Date('2025-05-15T00:00:00Z'), url: '/register/a/' },
    ]);
    expect(headers).toEqual({
      Deprecation: '@1684368000',
      Sunset: 'Thu, 15 May 2025 00:00:00 GMT',
      Link: '</register/b/>; rel="deprecation"; type="text/html", </register/a/>; rel="deprecation"; type="text/html"',
    });
    expect(deprecationHeaders([])).toEqual({});
  });

  it('takes the earliest Sunset and Deprecation whatever order the notices come in', () => {
    const notices = [
      { deprecatedAt: new Date('2024-05-16T00:00:00Z'), sunsetAt: new Date('2027-05-20T00:00:00Z'), url: '/register/c/' },
      { deprecatedAt: new Date('2023-05-18T00:00:00Z'), sunsetAt: new Date('2026-05-21T00:00:00Z'), url: '/register/b/' },
      { deprecatedAt: new Date('2025-05-15T00:00:00Z'), sunsetAt: new Date('2025-05-15T00:00:00Z'), url: '/register/a/' },
    ];
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    for (const order of orders) {
      const headers = deprecationHeaders(order.map((index) => notices[index] as (typeof notices)[number]));
      expect(headers.Sunset, order.join()).toBe('Thu, 15 May 2025 00:00:00 GMT');
      expect(headers.Deprecation, order.join()).toBe('@1684368000');
    }
  });
});
