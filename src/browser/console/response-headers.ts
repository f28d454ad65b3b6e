/** A `Link` header's targets: each URL with its `rel`. */
export interface LinkTarget {
  url: string;
  rel: string;
}

/** Reads a `Link` header (`<url>; rel="deprecation", <url2>; rel="sunset"`) into its targets. */
export function parseLinkHeader(value: string): LinkTarget[] {
  const targets: LinkTarget[] = [];
  for (const match of value.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel="?([^";,]+)"?/i.exec(match[2] ?? '')?.[1] ?? '';
    targets.push({ url: match[1] ?? '', rel });
  }
  return targets;
}

/**
 * A header value as a reader wants it: a `Deprecation` date given as `@<seconds>` (RFC 9745) gets the
 * date in words beside it; other values are shown as sent.
 */
export function readableHeaderValue(name: string, value: string): string {
  if (name.toLowerCase() !== 'deprecation') return value;
  const seconds = /^@(-?\d{1,12})$/.exec(value.trim())?.[1];
  if (seconds === undefined) return value;
  const date = new Date(Number(seconds) * 1000);
  const words = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `${value} (deprecated since ${words})`;
}

/** Whether a link target is safe to make clickable: http(s) or a path on this site. */
export function isSafeLink(url: string): boolean {
  return /^(https?:\/\/|\/(?!\/))/i.test(url);
}
