/**
 * The request target and `Host` of a request as the host reads them. A target that is not a path, or a
 * `Host` that is not a host name, is a 400 (never a 500 from a URL parser); a path that spells a resource
 * in a second way — a percent-escape, an empty or dot segment, a trailing slash where the route has none — is
 * a 404, so every resource has one spelling (a cache, a log or a rate limit sees one name per resource).
 */
import type { IncomingMessage } from 'node:http';
import { errorResponse } from '../platform/api-error.ts';

/**
 * The longest request target answered: 8,000 characters (reference design; RFC 9112 §3 asks servers to take
 * at least 8,000). Longer is a 414 before anything parses it.
 */
export const MAX_TARGET_CHARS = 8000;

/** The longest `Host`: a 253-character DNS name, a colon and a five-digit port. Longer is a 400. */
export const MAX_HOST_CHARS = 259;

const HOST_NAME = /^[\w.~-]+(?::\d{1,5})?$|^\[[\d:a-f.]+\](?::\d{1,5})?$/i;

/** The 414 for a target over {@link MAX_TARGET_CHARS}. */
export function targetTooLong(target: string): Response | undefined {
  if (target.length <= MAX_TARGET_CHARS) return undefined;
  return errorResponse(
    414,
    `414 URI Too Long: the request target has ${target.length} characters; the reference answers targets of at most ${MAX_TARGET_CHARS}`,
  );
}

/**
 * The 400 for a request whose `Host` is missing (HTTP/1.1 requires one), sent twice, over its length or not a
 * host name with an optional port; undefined when it is one host name. Every route checks it, ingestion too.
 */
export function badHost(req: Pick<IncomingMessage, 'rawHeaders' | 'httpVersion'>): Response | undefined {
  // The headers as sent, read once here: Node's `headersDistinct` would build a copy of all of them per request.
  const raw = req.rawHeaders;
  let host: string | undefined;
  let hosts = 0;
  for (let at = 0; at < raw.length; at += 2) {
    const name = raw[at] as string;
    if (name.length !== 4 || name.toLowerCase() !== 'host') continue;
    hosts++;
    host ??= raw[at + 1];
  }
  if (hosts > 1) return errorResponse(400, `400 Bad Request: the request has ${hosts} Host headers; send one`);
  if (host === undefined) {
    if (req.httpVersion === '1.0') return undefined;
    return errorResponse(400, '400 Bad Request: the request has no Host header, which HTTP/1.1 requires; send one');
  }
  if (host.length <= MAX_HOST_CHARS && HOST_NAME.test(host)) return undefined;
  return errorResponse(
    400,
    `400 Bad Request: the Host header ${JSON.stringify(host.slice(0, 200))}${host.length > 200 ? '…' : ''} is not a host name with an optional port`,
  );
}

/** The paths that end in a slash: the error-tracking store and envelope endpoints, as SDKs derive them. */
const SLASHED = /^\/api\/v4\/error_tracking\/collector\/api\/[^/]+\/(?:store|envelope)\/$/;

/** The request's URL, or the 400 that says which part cannot be read. */
export function requestUrl(target: string, host: string | undefined): URL | Response {
  let pathAndQuery = target;
  if (/^https?:\/\//i.test(target)) {
    // The absolute form (RFC 9112 §3.2.2), which proxies send: its path and query are the target.
    const absolute = URL.parse(target);
    if (!absolute) return badTarget(target);
    pathAndQuery = `${absolute.pathname}${absolute.search}`;
  } else if (!target.startsWith('/') || target.startsWith('//')) {
    return badTarget(target);
  }
  const authority = host ?? 'localhost';
  const url =
    authority.length <= MAX_HOST_CHARS && HOST_NAME.test(authority) ? URL.parse(`http://${authority}${pathAndQuery}`) : null;
  if (!url)
    return errorResponse(
      400,
      `400 Bad Request: the Host header ${JSON.stringify(authority.slice(0, 200))} is not a host name with an optional port`,
    );
  return url;
}

function badTarget(target: string): Response {
  return errorResponse(
    400,
    `400 Bad Request: the request target ${JSON.stringify(target.slice(0, 200))} is not a path such as /api/v4/projects/1/error_tracking/errors`,
  );
}

/**
 * Why a raw path is not the one spelling of a resource, or undefined when it is. `parsed` is the path a URL
 * parser made of it: a parser turns backslashes into slashes and resolves dot segments, so a path it changes
 * in any way is a second spelling.
 */
export function nonCanonical(rawPath: string, parsed?: string): string | undefined {
  if (rawPath.includes('%')) return 'it holds a percent-escape; write ids and names as they are';
  if (rawPath.includes('\\')) return 'it holds a backslash';
  if (rawPath.includes('#')) return 'it holds a fragment (#), which a client never sends';
  const segments = rawPath.split('/').slice(1);
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'it holds a dot segment';
  const last = segments.length - 1;
  if (segments.some((segment, index) => segment === '' && index < last)) return 'it holds an empty segment (//)';
  if (rawPath !== '/' && rawPath.endsWith('/') && !SLASHED.test(rawPath)) return 'it ends in a slash this route does not have';
  if (rawPath !== '/' && !rawPath.endsWith('/') && SLASHED.test(`${rawPath}/`)) return 'this route ends in a slash';
  if (parsed !== undefined && parsed !== rawPath) return 'a URL parser reads it as another path';
  return undefined;
}

/** The 404 for a path that is not the one spelling of a resource. */
export function notCanonicalAnswer(method: string, rawPath: string, why: string): Response {
  return errorResponse(
    404,
    `404 Not Found: the reference implementation has no ${method} ${rawPath.slice(0, 300)} (${why}; every resource has one spelling)`,
  );
}
