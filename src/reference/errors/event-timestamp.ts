/**
 * Event timestamps arrive as ISO 8601 strings (with or without a zone; without one means UTC, as the
 * Python and Ruby SDKs intend) or as seconds since the epoch, possibly fractional.
 */
import { ApiError } from '../platform/api-error.ts';

const HAS_ZONE = /(?:z|[+-]\d{2}(?::?\d{2})?)$/i;
const NUMERIC = /^\s*\d+(?:\.\d+)?\s*$/;

/** The latest time `Date` holds, in milliseconds (ECMAScript's ±8.64e15); a later one is no time at all. */
export const MAX_TIME_MS = 8.64e15;

/** Seconds since the epoch as milliseconds, when `Date` can hold them. */
const fromSeconds = (seconds: number): number | undefined => {
  const ms = seconds * 1000;
  return Number.isFinite(ms) && ms >= 0 && ms <= MAX_TIME_MS ? ms : undefined;
};

/** Milliseconds since the epoch for a timestamp value, or a 400 that says what was wrong. */
export function parseTimestamp(value: unknown, path: string): number {
  if (typeof value === 'number') {
    const ms = fromSeconds(value);
    if (ms !== undefined) return ms;
  } else if (typeof value === 'string') {
    if (NUMERIC.test(value)) {
      const ms = fromSeconds(Number(value));
      if (ms !== undefined) return ms;
      return outOfRange(value, path);
    }
    const text = value.trim();
    const time = Date.parse(HAS_ZONE.test(text) || !text.includes('T') ? text : `${text}Z`);
    if (!Number.isNaN(time)) return time;
  }
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return outOfRange(value, path);
  throw new ApiError(
    400,
    `${path} is ${JSON.stringify(value)?.slice(0, 100)}; send an ISO 8601 date such as "2025-01-31T12:00:00Z" or seconds since the epoch`,
  );
}

function outOfRange(value: unknown, path: string): never {
  throw new ApiError(
    400,
    `${path} is ${JSON.stringify(value).slice(0, 100)} seconds since the epoch, past the year 275760 that a date can hold; send seconds, not milliseconds`,
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
