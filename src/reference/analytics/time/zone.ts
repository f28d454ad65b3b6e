/**
 * Time zones through `Intl`, which every host (Node, browsers) ships: no zone database of our own.
 * An offset is local time minus UTC, so Berlin in winter is +60 minutes.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether `zone` is an IANA time zone name this host knows. */
export function isTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

const isUtc = (zone: string) => zone === 'UTC' || zone === 'Etc/UTC' || zone === 'GMT' || zone === 'Etc/GMT';

/** Offset of `zone` from UTC, in milliseconds, at the instant `utcMs`. Throws a RangeError for an unknown zone. */
export function zoneOffsetMs(zone: string, utcMs: number): number {
  if (isUtc(zone)) return 0;
  const parts = formatterFor(zone).formatToParts(new Date(utcMs));
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
  const wholeSeconds = Math.floor(utcMs / 1000) * 1000;
  return asUtc - wholeSeconds;
}

/** Offset in whole minutes, as the enricher records `localTzOffset`. */
export function zoneOffsetMinutes(zone: string, utcMs: number): number {
  return Math.round(zoneOffsetMs(zone, utcMs) / 60_000);
}

/**
 * The UTC instant of a local wall-clock time in `zone`. In a gap (clocks jump forward) the later offset wins;
 * in an overlap (clocks go back) the earlier instant wins, as calendar tools do.
 */
export function localToUtc(zone: string, localMs: number): number {
  if (isUtc(zone)) return localMs;
  const first = localMs - zoneOffsetMs(zone, localMs);
  const second = localMs - zoneOffsetMs(zone, first);
  if (first === second) return first;
  const third = localMs - zoneOffsetMs(zone, second);
  return Math.min(second, third);
}
