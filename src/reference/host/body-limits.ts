/**
 * How many bytes of request body the local HTTP host reads per route (reference design; the spec states
 * only the error-tracking limits). The host checks `Content-Length` before reading and counts bytes while it
 * reads, so a body over the limit is refused with 413 without being held in memory.
 */
import { COLLECTOR_PATH } from '../analytics/collector/collector-handlers.ts';
import { DSN_PATH_PREFIX } from '../errors/dsn.ts';
import { MAX_BODY_BYTES } from '../errors/ingestion-limits.ts';

/** The event collector: a tracker batch, 1 MiB (trackers post well under 64 KiB per batch). */
export const COLLECTOR_BODY_BYTES = 1024 * 1024;

/** Every JSON endpoint (queries, settings, onboarding, client keys): 256 KiB. */
export const JSON_BODY_BYTES = 256 * 1024;

/** The byte limit of a request body to `pathname`, with the name of the route it falls under. */
export function bodyLimitFor(pathname: string): { bytes: number; route: string } {
  if (pathname.startsWith(`${DSN_PATH_PREFIX}/`)) return { bytes: MAX_BODY_BYTES, route: 'error-tracking ingestion' };
  if (pathname === COLLECTOR_PATH) return { bytes: COLLECTOR_BODY_BYTES, route: 'the event collector' };
  return { bytes: JSON_BODY_BYTES, route: 'API' };
}
