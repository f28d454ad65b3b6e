import { ApiError } from '../../platform/api-error.ts';
import { DAY_MS } from './civil-date.ts';
import { zoneOffsetMs } from './zone.ts';

/** Zones with one offset for all time, which need no walk. */
const isFixedZone = (zone: string) => zone === 'UTC' || zone === 'Etc/UTC' || zone === 'GMT' || zone === 'Etc/GMT';

/**
 * A zone's offsets over a span of time as a few constant segments, so a loop over a million rows reads a
 * number instead of calling `Intl` per row. Built by sampling daily and narrowing each change to the
 * millisecond by bisection: zones change offset at most a few times a year.
 */
export interface ZoneOffsets {
  /** Segment start instants, ascending; the first is -Infinity. */
  starts: Float64Array;
  /** Offset in ms of each segment. */
  offsets: Float64Array;
}

/**
 * The longest span walked: 200 years of daily probes (73,000 `Intl` calls, well under a second). Stored event
 * times lie in the collector's window (2000-01-01 to a day ahead) and query ranges in the years 0001-9999, so
 * no real span reaches it; past it, the walk is refused rather than left to run for minutes.
 */
export const MAX_WALK_MS = 200 * 365.25 * DAY_MS;

/** The offsets of `zone` between two UTC instants (inclusive). A span over {@link MAX_WALK_MS} is a 400. */
export function zoneOffsetsBetween(zone: string, fromMs: number, toMs: number): ZoneOffsets {
  if (toMs - fromMs > MAX_WALK_MS)
    throw new ApiError(
      400,
      `query: the selected events span ${Math.round((toMs - fromMs) / DAY_MS)} days, more than the 200 years a time query walks; narrow the date range`,
    );
  const starts: number[] = [Number.NEGATIVE_INFINITY];
  const offsets: number[] = [zoneOffsetMs(zone, fromMs)];
  if (Number.isFinite(fromMs) && Number.isFinite(toMs) && !isFixedZone(zone)) {
    let previous = fromMs;
    let previousOffset = offsets[0] as number;
    for (let at = fromMs + DAY_MS; previous < toMs; at += DAY_MS) {
      const probe = Math.min(at, toMs);
      const offset = zoneOffsetMs(zone, probe);
      if (offset !== previousOffset) {
        let low = previous;
        let high = probe;
        while (high - low > 1) {
          const middle = Math.floor((low + high) / 2);
          if (zoneOffsetMs(zone, middle) === previousOffset) low = middle;
          else high = middle;
        }
        starts.push(high);
        offsets.push(offset);
        previousOffset = offset;
      }
      previous = probe;
    }
  }
  return { starts: Float64Array.from(starts), offsets: Float64Array.from(offsets) };
}

/** The offset in ms at `utcMs`. */
export function offsetAt(table: ZoneOffsets, utcMs: number): number {
  const { starts, offsets } = table;
  let segment = starts.length - 1;
  while (segment > 0 && (starts[segment] as number) > utcMs) segment--;
  return offsets[segment] as number;
}
