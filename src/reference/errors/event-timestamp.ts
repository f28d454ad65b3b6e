/**
 * Event timestamps arrive as ISO 8601 strings (with or without a zone; without one means UTC, as the
 * Python and Ruby SDKs intend) or as seconds since the epoch, possibly fractional.
 */
import { ApiError } from '../platform/api-error.ts';

const HAS_ZONE = /(?:z|[+-]\d{2}(?::?\d{2})?)$/i;
const NUMERIC = /^\s*\d+(?:\.\d+)?\s*$/;

/** Milliseconds since the epoch for a timestamp value, or a 400 that says what was wrong. */
export function parseTimestamp(value: unknown, path: string): number {
  if (typeof value === 'number') {
    if (Number.isFinite(value) && value >= 0) return value * 1000;
  } else if (typeof value === 'string') {
    if (NUMERIC.test(value)) return Number(value) * 1000;
    const text = value.trim();
    const time = Date.parse(HAS_ZONE.test(text) || !text.includes('T') ? text : `${text}Z`);
    if (!Number.isNaN(time)) return time;
  }
  throw new ApiError(
    400,
    `${path} is ${JSON.stringify(value)}; send an ISO 8601 date such as "2025-01-31T12:00:00Z" or seconds since the epoch`,
  );
}

/**
 * When an occurrence happened: the event's own timestamp, or the time it was received when the event
 * has none or claims a time in the future (a client clock running ahead cannot move "last seen" ahead).
 */
export function occurrenceTime(value: unknown, receivedAt: number, path: string): number {
  if (value === undefined || value === null) return receivedAt;
  return Math.min(parseTimestamp(value, path), receivedAt);
}
