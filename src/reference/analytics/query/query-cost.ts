/**
 * The cost of a load request, estimated before any of its queries runs (reference design; the spec states no
 * such bound). A query's cost is the rows it scans times the time buckets it can group them into; a list's cost
 * is the sum over its queries, so a list of identical queries costs rows × buckets × queries. A request over
 * {@link MAX_QUERY_COST} is refused with 422 before it holds the server: twenty second-granularity queries over
 * days of events would otherwise build answers of many megabytes each.
 */
import { ApiError } from '../../platform/api-error.ts';
import type { EventStore } from '../store/event-store.ts';
import { zoneOffsetsBetween } from '../time/zone-offsets.ts';
import type { CompiledQuery, RowFilter } from './compiled-query.ts';
import { unitIndex } from './time-buckets.ts';

/**
 * The most a load request may cost, in rows scanned × time buckets summed over its queries (the reference's
 * own limit). A million events grouped by hour over 30 days (7.2 × 10^8) passes; twenty queries grouping a
 * thousand events by second over 14 hours (10^9) is at the limit.
 */
export const MAX_QUERY_COST = 1_000_000_000;

/** One query's estimate. */
export interface QueryCost {
  /** Rows the query scans: every event of the project, as its filters test each one. */
  rows: number;
  /** Time buckets its grouping can produce (the product over its time dimensions; 1 without one). */
  buckets: number;
  /** `max(rows, 1) × buckets`: a filled day range costs its days even over no events. */
  cost: number;
}

/**
 * The hull of the time ranges a filter keeps every row inside of, when it has one: a top-level time filter that
 * is not negated, or such a filter among a top-level `and`. Other filters narrow nothing the estimate can see.
 */
function timeHull(filter: RowFilter | undefined): [number, number] | undefined {
  if (!filter) return undefined;
  if (filter.kind === 'time') {
    if (filter.test.negate || filter.test.ranges.length === 0) return undefined;
    const starts = filter.test.ranges.map((range) => range[0]);
    const ends = filter.test.ranges.map((range) => range[1]);
    return [Math.min(...starts), Math.max(...ends)];
  }
  if (filter.kind !== 'and') return undefined;
  let hull: [number, number] | undefined;
  for (const child of filter.children) {
    const inner = timeHull(child);
    if (!inner) continue;
    hull = hull ? [Math.max(hull[0], inner[0]), Math.min(hull[1], inner[1])] : inner;
  }
  return hull;
}

/**
 * Estimates one compiled query over a store without running it. Time buckets are counted as the executor
 * makes them: over the span of the store's times (narrowed by a time filter's hull), in the query's zone.
 */
export function estimateQueryCost(store: EventStore, query: CompiledQuery): QueryCost {
  const rows = store.size;
  let buckets = 1;
  if (query.kind === 'events') {
    const [earliest, latest] = store.timeRange();
    const hull = timeHull(query.filter);
    const from = hull ? Math.max(earliest, hull[0]) : earliest;
    const to = hull ? Math.min(latest, hull[1]) : latest;
    for (const spec of query.dimensions) {
      if (spec.kind !== 'time' || !spec.granularity || rows === 0 || from > to) continue;
      const offsets = zoneOffsetsBetween(query.timezone, from, to).offsets;
      const first = unitIndex(spec.granularity, from + Math.min(...offsets));
      const last = unitIndex(spec.granularity, to + Math.max(...offsets));
      buckets *= last - first + 1;
    }
    if (query.fill) buckets = Math.max(buckets, query.fill.lastDay - query.fill.firstDay + 1);
  }
  return { rows, buckets, cost: Math.max(rows, 1) * buckets };
}

/**
 * Refuses, with 422, a request whose queries together cost more than `limit`. The JSON body carries the
 * request's `cost`, the `limit` and each query's estimate, so a client can see which query to narrow.
 */
export function assertQueryCost(costs: readonly QueryCost[], limit = MAX_QUERY_COST): void {
  const total = costs.reduce((sum, each) => sum + each.cost, 0);
  if (total <= limit) return;
  throw new ApiError(
    422,
    `query: the request would cost ${total} (rows scanned × time buckets, summed over its ${costs.length} ${costs.length === 1 ? 'query' : 'queries'}); the reference runs at most ${limit} per request; use a coarser granularity, a narrower date range or fewer queries`,
    {},
    { cost: total, limit, queries: costs },
  );
}
