/**
 * Limits of the error-tracking reference implementation. The spec gives only the retention (read from the
 * register's limits, see `platform/reference-limits.ts`); the size
 * limits are the reference implementation's own design, chosen to sit near what Sentry-compatible
 * servers accept so real SDK traffic always fits.
 */
import { daysToMs, LIMITS_WITHOUT_REGISTER } from '../platform/reference-limits.ts';

/** Largest request body accepted as sent (compressed or not): 1 MiB. Reference design. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Largest body after decompression: 4 MiB. Reference design; with the ratio below it stops decompression bombs. */
export const MAX_DECODED_BYTES = 4 * 1024 * 1024;

/**
 * How many times its size as sent a compressed body may grow when decompressed, past
 * {@link INFLATION_FREE_BYTES}: 100×. SDK payloads compress 3–20×; a body that inflates a thousandfold is a
 * bomb, not an event. Reference design.
 */
export const MAX_INFLATION_RATIO = 100;

/** Decompressed bodies up to this size are accepted whatever their ratio (a tiny body may compress well): 64 KiB. */
export const INFLATION_FREE_BYTES = 64 * 1024;

/** The most bytes a compressed body of `sentBytes` may decompress to. */
export const decodedLimitFor = (sentBytes: number): number =>
  Math.min(MAX_DECODED_BYTES, Math.max(INFLATION_FREE_BYTES, sentBytes * MAX_INFLATION_RATIO));

/** Events one envelope may carry: 100 (SDKs send one). Reference design; more is refused whole with 413. */
export const MAX_ENVELOPE_EVENTS = 100;

/** Session updates (sessions and aggregate rows) one envelope may carry: 1,000. Reference design; more is a 413. */
export const MAX_SESSION_UPDATES = 1000;

/**
 * Errors and their occurrences are kept for the register's `error-retention` days (spec: "Retention: 90 days
 * for all errors"), in milliseconds; this default serves stores built without a register.
 */
export const RETENTION_MS = daysToMs(LIMITS_WITHOUT_REGISTER.errorRetentionDays);

/** One hour in milliseconds: the grain of "last seen" and of the frequency graph. */
export const HOUR_MS = 60 * 60 * 1000;

/** Bars in the details view's frequency graph (spec: per hour for the last 24 hours). */
export const FREQUENCY_HOURS = 24;

/** Page size of the errors list: default and bounds. Reference design. */
export const LIST_LIMIT = { default: 20, min: 1, max: 100 } as const;

/** Formats a byte count for messages, such as "1 MiB" or "4 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * Error groups one project holds in memory (the reference's own bound; the spec states none). Past it, the group
 * whose last event is the oldest in arrival order is let go: see `error-store.ts`.
 */
export const MAX_ERROR_GROUPS_PER_PROJECT = 10_000;
