/**
 * Stands in for `tough-cookie` in the site's browser bundle (an alias in `astro.config.mjs`). MSW keeps the
 * cookies mocked responses set (the collector's `sp` cookie) in a jar of its own, since a browser drops
 * `Set-Cookie` from a response a service worker made up; tough-cookie, with its public-suffix handling,
 * was about 8 kB gzip of a console's first Send. This jar does what MSW asks of it, for the page's own
 * origin: keep a cookie per domain, path and name, honour `Path`, `Domain`, `Max-Age`, `Expires` and
 * `Secure` (sent over https and to the local host, as tough-cookie does), and round-trip through JSON for
 * MSW's copy in `localStorage`. SameSite and HttpOnly are kept but change nothing inside one page.
 */

/** A cookie as MSW's store reads and persists it. */
export class Cookie {
  key = '';
  value = '';
  domain: string | null = null;
  path: string | null = null;
  /** When it expires, or `'Infinity'` for a session cookie (tough-cookie's spelling). */
  expires: Date | 'Infinity' = 'Infinity';
  secure = false;
  httpOnly = false;
  hostOnly = true;
  sameSite: string | undefined;

  /** The cookie as plain JSON, the shape {@link Cookie.fromJSON} reads back. */
  toJSON(): Record<string, unknown> {
    return {
      key: this.key,
      value: this.value,
      domain: this.domain,
      path: this.path,
      expires: this.expires === 'Infinity' ? 'Infinity' : this.expires.toISOString(),
      secure: this.secure,
      httpOnly: this.httpOnly,
      hostOnly: this.hostOnly,
      ...(this.sameSite ? { sameSite: this.sameSite } : {}),
    };
  }

  /** A cookie from its JSON (as a string or parsed), or null when it is not one. */
  static fromJSON(json: unknown): Cookie | null {
    let data = json;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        return null;
      }
    }
    if (typeof data !== 'object' || data === null) return null;
    const raw = data as Record<string, unknown>;
    if (typeof raw.key !== 'string' || typeof raw.value !== 'string') return null;
    const cookie = new Cookie();
    cookie.key = raw.key;
    cookie.value = raw.value;
    cookie.domain = typeof raw.domain === 'string' ? raw.domain : null;
    cookie.path = typeof raw.path === 'string' ? raw.path : null;
    const expires = typeof raw.expires === 'string' && raw.expires !== 'Infinity' ? new Date(raw.expires) : undefined;
    cookie.expires = expires && !Number.isNaN(expires.getTime()) ? expires : 'Infinity';
    cookie.secure = raw.secure === true;
    cookie.httpOnly = raw.httpOnly === true;
    cookie.hostOnly = raw.hostOnly !== false;
    if (typeof raw.sameSite === 'string') cookie.sameSite = raw.sameSite;
    return cookie;
  }
}

/** Cookies by domain, path and name: the index MSW reads and replaces to persist the jar. */
export class MemoryCookieStore {
  idx: Record<string, Record<string, Record<string, Cookie>>> = {};
}

const LOCAL_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** Whether a Secure cookie may be set and sent for this URL: https, or the local host. */
function trustworthy(url: URL): boolean {
  return url.protocol === 'https:' || LOCAL_HOSTS.test(url.hostname) || url.hostname.endsWith('.localhost');
}

/** The directory of a request path, the default `Path` of a cookie it sets (RFC 6265, 5.1.4). */
function defaultPath(pathname: string): string {
  const last = pathname.lastIndexOf('/');
  return last <= 0 ? '/' : pathname.slice(0, last);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

function domainMatches(host: string, cookie: Cookie): boolean {
  if (cookie.domain === null) return false;
  return cookie.hostOnly ? host === cookie.domain : host === cookie.domain || host.endsWith(`.${cookie.domain}`);
}

/** Reads one `Set-Cookie` value for `url`; null when the cookie may not be set there. */
function parseSetCookie(text: string, url: URL, now: number): Cookie | null {
  const [pair = '', ...attributes] = text.split(';');
  const equals = pair.indexOf('=');
  const cookie = new Cookie();
  cookie.key = equals < 0 ? '' : pair.slice(0, equals).trim();
  cookie.value = (equals < 0 ? pair : pair.slice(equals + 1)).trim();
  cookie.domain = url.hostname;
  cookie.path = defaultPath(url.pathname);
  let maxAge: number | undefined;
  for (const attribute of attributes) {
    const split = attribute.indexOf('=');
    const name = (split < 0 ? attribute : attribute.slice(0, split)).trim().toLowerCase();
    const value = split < 0 ? '' : attribute.slice(split + 1).trim();
    if (name === 'path' && value.startsWith('/')) cookie.path = value;
    else if (name === 'domain' && value) {
      const domain = value.replace(/^\./, '').toLowerCase();
      // A cookie may name its own host or a parent of it, never another site.
      if (url.hostname !== domain && !url.hostname.endsWith(`.${domain}`)) return null;
      cookie.domain = domain;
      cookie.hostOnly = false;
    } else if (name === 'max-age' && /^-?\d+$/.test(value)) maxAge = Number(value);
    else if (name === 'expires') {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) cookie.expires = date;
    } else if (name === 'secure') cookie.secure = true;
    else if (name === 'httponly') cookie.httpOnly = true;
    else if (name === 'samesite') cookie.sameSite = value.toLowerCase();
  }
  if (maxAge !== undefined) cookie.expires = new Date(now + maxAge * 1000);
  if (cookie.secure && !trustworthy(url)) return null;
  return cookie;
}

const expired = (cookie: Cookie, now: number) => cookie.expires !== 'Infinity' && cookie.expires.getTime() <= now;

/** The jar MSW keeps: cookies set by mocked responses, sent back with later mocked requests. */
export class CookieJar {
  readonly store: MemoryCookieStore;

  constructor(store: MemoryCookieStore = new MemoryCookieStore()) {
    this.store = store;
  }

  /** The cookies a request to `url` carries, longest path first (as a browser orders them). */
  getCookiesSync(url: string | URL): Cookie[] {
    const target = new URL(url);
    const now = Date.now();
    const secure = trustworthy(target);
    const found: Cookie[] = [];
    for (const paths of Object.values(this.store.idx)) {
      for (const cookies of Object.values(paths)) {
        for (const cookie of Object.values(cookies)) {
          if (expired(cookie, now) || (cookie.secure && !secure)) continue;
          if (domainMatches(target.hostname, cookie) && pathMatches(target.pathname, cookie.path ?? '/')) found.push(cookie);
        }
      }
    }
    return found.sort((a, b) => (b.path ?? '').length - (a.path ?? '').length);
  }

  /** Keeps the cookie a `Set-Cookie` value sets for `url`; an expired one removes the cookie it names. */
  async setCookie(text: string, url: string | URL): Promise<Cookie | undefined> {
    const now = Date.now();
    const cookie = parseSetCookie(text, new URL(url), now);
    if (!cookie || cookie.domain === null || cookie.path === null) return undefined;
    const paths = this.store.idx[cookie.domain] ?? {};
    this.store.idx[cookie.domain] = paths;
    const cookies = paths[cookie.path] ?? {};
    paths[cookie.path] = cookies;
    if (expired(cookie, now)) {
      delete cookies[cookie.key];
      return undefined;
    }
    cookies[cookie.key] = cookie;
    return cookie;
  }
}
