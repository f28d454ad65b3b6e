/**
 * The request target and `Host` of a request as the host reads them. A target that is not a path, or a
 * `Host` that is not a host name, is a 400 (never a 500 from a URL parser); a path that spells a resource
 * in a second way — a percent-escape, an empty or dot segment, a trailing slash where the route has none — is
 * a 404, so every resource has one spelling (a cache, a log or a rate limit sees one name per resource).
 */
import { errorResponse } from '../platform/api-error.ts';

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
  const url = /^[\w.~-]+(?::\d{1,5})?$|^\[[\d:a-f.]+\](?::\d{1,5})?$/i.test(authority)
    ? URL.parse(`http://${authority}${pathAndQuery}`)
    : null;
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

/** Why a raw path is not the one spelling of a resource, or undefined when it is. */
export function nonCanonical(rawPath: string): string | undefined {
  if (rawPath.includes('%')) return 'it holds a percent-escape; write ids and names as they are';
  const segments = rawPath.split('/').slice(1);
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'it holds a dot segment';
  const last = segments.length - 1;
  if (segments.some((segment, index) => segment === '' && index < last)) return 'it holds an empty segment (//)';
  if (rawPath !== '/' && rawPath.endsWith('/') && !SLASHED.test(rawPath)) return 'it ends in a slash this route does not have';
  if (rawPath !== '/' && !rawPath.endsWith('/') && SLASHED.test(`${rawPath}/`)) return 'this route ends in a slash';
  return undefined;
}

/** The 404 for a path that is not the one spelling of a resource. */
export function notCanonicalAnswer(method: string, rawPath: string, why: string): Response {
  return errorResponse(
    404,
    `404 Not Found: the reference implementation has no ${method} ${rawPath.slice(0, 300)} (${why}; every resource has one spelling)`,
  );
}
