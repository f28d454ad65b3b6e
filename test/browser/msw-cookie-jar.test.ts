import * as tough from 'tough-cookie';
import { describe, expect, it } from 'vitest';
import { Cookie, CookieJar, MemoryCookieStore } from '../../src/browser/msw-cookie-jar.ts';

/** Sets each cookie in both jars, then asks both which cookies each URL carries. */
async function compare(sets: [string, string][], gets: string[]) {
  const ours = new CookieJar(new MemoryCookieStore());
  const theirs = new tough.CookieJar(new tough.MemoryCookieStore());
  for (const [text, url] of sets) {
    await ours.setCookie(text, url);
    await theirs.setCookie(text, url, { ignoreError: true });
  }
  return gets.map((url) => ({
    url,
    ours: ours.getCookiesSync(url).map((cookie) => `${cookie.key}=${cookie.value}`),
    theirs: theirs.getCookiesSync(url).map((cookie) => `${cookie.key}=${cookie.value}`),
  }));
}

describe('the cookie jar MSW keeps in the browser', () => {
  it('sends back what tough-cookie would, for the cookies the reference sets and the usual attributes', async () => {
    const results = await compare(
      [
        // The collector's cookie, as collector-handlers.ts sets it.
        ['sp=abc; Path=/; Max-Age=31536000; SameSite=None; Secure', 'http://127.0.0.1:4321/com.snowplowanalytics.snowplow/tp2'],
        ['session=1', 'https://shop.example.com/cart/items'],
        ['wide=1; Domain=example.com; Path=/', 'https://shop.example.com/'],
        ['gone=1; Max-Age=0', 'https://shop.example.com/'],
        ['old=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'https://shop.example.com/'],
        ['insecure=1; Secure', 'http://shop.example.com/'],
        ['other=1; Domain=other.test', 'https://shop.example.com/'],
      ],
      [
        'http://127.0.0.1:4321/api/v4/projects/1/product_analytics/request/load',
        'https://shop.example.com/cart/items/1',
        'https://shop.example.com/',
        'https://www.example.com/',
        'http://shop.example.com/cart/',
      ],
    );
    for (const { url, ours, theirs } of results) expect(ours.sort(), url).toEqual(theirs.sort());
    expect(results[0]?.ours).toEqual(['sp=abc']);
  });

  it('removes a cookie that a later answer expires', async () => {
    const jar = new CookieJar();
    await jar.setCookie('sp=1; Path=/', 'http://localhost/');
    await jar.setCookie('sp=1; Path=/; Max-Age=0', 'http://localhost/');
    expect(jar.getCookiesSync('http://localhost/')).toEqual([]);
  });

  it("round-trips through JSON as MSW's copy in localStorage does", async () => {
    const jar = new CookieJar();
    const cookie = await jar.setCookie('sp=abc; Path=/; Max-Age=60; Secure', 'http://localhost/');
    const back = Cookie.fromJSON(JSON.parse(JSON.stringify(cookie?.toJSON())));
    expect(back).toMatchObject({ key: 'sp', value: 'abc', domain: 'localhost', path: '/', secure: true, hostOnly: true });
    expect(back?.expires).toEqual(cookie?.expires);
    expect(Cookie.fromJSON('not json')).toBeNull();
    expect(Cookie.fromJSON({ value: 'no key' })).toBeNull();
  });
});
