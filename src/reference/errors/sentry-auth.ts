/**
 * Where an SDK puts its public key. Three forms are in use:
 * - `X-Sentry-Auth: Sentry sentry_version=7, sentry_client=…, sentry_key=<key>` (Java omits the spaces;
 *   some older clients send the same value in `Authorization`);
 * - query parameters `?sentry_key=<key>&sentry_version=7` (@sentry/node 7 sends only these);
 * - the envelope header's `dsn`, read after the envelope is parsed.
 */
import { parseDsn } from './dsn.ts';

/** Reads `sentry_key` from a `Sentry k=v, k=v` header value; undefined when absent. */
export function keyFromAuthHeader(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (!/^sentry\s/i.test(trimmed)) return undefined;
  // The `k=v` pairs are walked in place, not split into a list: this runs for every ingested request.
  for (let start = 7; start < trimmed.length; ) {
    const comma = trimmed.indexOf(',', start);
    const end = comma === -1 ? trimmed.length : comma;
    const equals = trimmed.indexOf('=', start);
    if (equals > start && equals < end && trimmed.slice(start, equals).trim() === 'sentry_key')
      return trimmed.slice(equals + 1, end).trim() || undefined;
    start = end + 1;
  }
  return undefined;
}

/** The public key a request carries in its headers or query, before the body is read. */
export function keyFromRequest(headers: Pick<Headers, 'get'>, query: Pick<URLSearchParams, 'get'>): string | undefined {
  return (
    keyFromAuthHeader(headers.get('x-sentry-auth')) ??
    keyFromAuthHeader(headers.get('authorization')) ??
    (query.get('sentry_key')?.trim() || undefined)
  );
}

/** The public key of an envelope header's `dsn`, when it has one. */
export function keyFromEnvelopeHeader(header: Record<string, unknown>): string | undefined {
  return typeof header.dsn === 'string' ? parseDsn(header.dsn)?.publicKey : undefined;
}
