/**
 * The headers that mark a deprecated request: `Deprecation` (RFC 9745, a structured-field date such as
 * `@1688169599`), `Sunset` (RFC 8594, an HTTP-date) and a `Link` with `rel="deprecation"` to the register
 * entry's page.
 */

/** One register entry a request is deprecated by. */
export interface DeprecationNotice {
  /** Since when the request is deprecated. */
  deprecatedAt: Date;
  /** From when the request stops working. */
  sunsetAt: Date;
  /** The entry's page. */
  url: string;
}

/** A date as an RFC 9651 structured-field date: `@` and whole seconds since the epoch. */
export const structuredFieldDate = (date: Date): string => `@${Math.floor(date.getTime() / 1000)}`;

/** A date as an RFC 9110 HTTP-date (IMF-fixdate), such as `Thu, 15 May 2025 00:00:00 GMT`. */
export const httpDate = (date: Date): string => date.toUTCString();

/** A `Link` header value pointing at documentation of a deprecation (RFC 9745). */
export const deprecationLink = (url: string): string => `<${url}>; rel="deprecation"; type="text/html"`;

/** The link of an entry's page; a site URL of `''` gives a link relative to the host that answers. */
export const entryPageUrl = (siteUrl: string, id: string): string => `${siteUrl.replace(/\/+$/, '')}/register/${id}/`;

/**
 * The headers for one or more notices. Several entries can concern one request: the earliest deprecation
 * and the earliest sunset are the ones a client must act on, and every entry gets its own link.
 */
export function deprecationHeaders(notices: readonly DeprecationNotice[]): Record<string, string> {
  if (notices.length === 0) return {};
  const earliest = (dates: Date[]) => new Date(Math.min(...dates.map((date) => date.getTime())));
  return {
    Deprecation: structuredFieldDate(earliest(notices.map((notice) => notice.deprecatedAt))),
    Sunset: httpDate(earliest(notices.map((notice) => notice.sunsetAt))),
    Link: [...new Set(notices.map((notice) => deprecationLink(notice.url)))].join(', '),
  };
}
