/**
 * The methods a path is served with, for the 405 a known path answers to any other method (with `Allow`, as
 * RFC 9110 §15.5.6 asks): read from the handlers' own routes, so it cannot drift from what they serve.
 */
import { type HttpHandler, matchRequestUrl } from 'msw';
import { errorResponse } from '../platform/api-error.ts';

/** The methods the handlers serve at `url`; empty for a path no handler serves. Catch-all handlers do not count. */
export function allowedMethods(handlers: readonly HttpHandler[], url: URL): string[] {
  const methods = new Set<string>();
  for (const handler of handlers) {
    const { method, path } = handler.info;
    if (typeof method !== 'string' || typeof path === 'function') continue;
    if (matchRequestUrl(url, path).matches) methods.add(method.toUpperCase());
  }
  // HEAD is answered wherever GET is.
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/** The 405 for a method a known path is not served with. */
export function methodNotAllowed(method: string, pathname: string, allowed: readonly string[]): Response {
  return errorResponse(405, `405 Method Not Allowed: ${pathname.slice(0, 300)} answers ${allowed.join(', ')}, not ${method}`, {
    Allow: allowed.join(', '),
  });
}
