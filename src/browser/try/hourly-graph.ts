/**
 * The model of the details view's 24-hour bar graph: one bar per clock hour (UTC), oldest first, the
 * last being the current hour. Each bar knows its height relative to the busiest hour and the words a
 * tooltip shows ("21:00–22:00 UTC: 3 occurrences"), so the page only draws what this returns.
 */
import { utcHour } from './relative-time.ts';

/** One hour as the reference's details answer gives it. */
export interface HourCount {
  /** Start of the hour, ISO 8601 UTC. */
  hour: string;
  count: number;
}

/** One bar to draw. */
export interface HourBar {
  /** Start of the hour, ISO 8601 UTC. */
  hour: string;
  count: number;
  /** Height in percent of the tallest bar; 0 for an empty hour, at least 4 for any other so it stays visible. */
  height: number;
  /** The hour as words: `21:00–22:00 UTC`. */
  span: string;
  /** The tooltip: the hour and its count. */
  label: string;
  /** Whether this is the current hour (still running). */
  current: boolean;
}

/** The whole graph. */
export interface HourlyGraph {
  bars: HourBar[];
  /** The busiest hour's count. */
  max: number;
  /** Occurrences over the 24 hours. */
  total: number;
  /** A sentence for screen readers and the graph's caption. */
  summary: string;
}

const HOUR_MS = 3600_000;
const occurrences = (count: number) => `${count} occurrence${count === 1 ? '' : 's'}`;

/** Builds the graph from the hourly counts of an error's details. */
export function hourlyGraph(frequency: readonly HourCount[]): HourlyGraph {
  const max = frequency.reduce((top, bar) => Math.max(top, bar.count), 0);
  const total = frequency.reduce((sum, bar) => sum + bar.count, 0);
  const bars = frequency.map((bar, index): HourBar => {
    const start = Date.parse(bar.hour);
    const current = index === frequency.length - 1;
    const span = `${utcHour(start)}–${utcHour(start + HOUR_MS)} UTC`;
    const height = bar.count === 0 || max === 0 ? 0 : Math.max(4, Math.round((bar.count / max) * 100));
    return {
      hour: bar.hour,
      count: bar.count,
      height,
      span,
      label: `${span}${current ? ' (this hour, so far)' : ''}: ${occurrences(bar.count)}`,
      current,
    };
  });
  const busiest = bars.find((bar) => bar.count === max && max > 0);
  const summary =
    total === 0
      ? `No occurrences in the last ${bars.length} hours.`
      : `${occurrences(total)} in the last ${bars.length} hours; the busiest hour, ${busiest?.span}, had ${max}.`;
  return { bars, max, total, summary };
}
