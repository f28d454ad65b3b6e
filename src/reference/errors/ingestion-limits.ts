/**
 * Limits of the error-tracking reference implementation. The spec gives only the retention (read from the
 * register's limits, see `platform/reference-limits.ts`); the size
 * limits are the reference implementation's own design, chosen to sit near what Sentry-compatible
 * servers accept so real SDK traffic always fits.
 */
import { daysToMs, LIMITS_WITHOUT_REGISTER } from '../platform/reference-limits.ts';

/** Largest request body accepted as sent (compressed or not): 1 MiB. Reference design. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Largest body after decompression: 20 MiB. Reference design; it also stops decompression bombs. */
export const MAX_DECODED_BYTES = 20 * 1024 * 1024;

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

/** Formats a byte count for messages, such as "1 MiB" or "20 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
