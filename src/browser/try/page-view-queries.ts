/**
 * The analytics demo's queries (spec endpoint 1): this site's page views by path and by day, counted from
 * the events the Snowplow tracker sent from this browser. The demo project also holds a sample shop's
 * events, so every query keeps to the site's own host.
 */
import type { QueryObject } from '../../schemas/query.ts';
/** Days the by-day table covers, today included. */
export const DAYS_SHOWN = 14;

const onHost = (host: string) => [{ member: 'TrackedEvents.docHost', operator: 'equals' as const, values: [host] }];

/** Page views by path (and title) on `host`, most viewed first. */
export function byPathQuery(host: string): QueryObject {
  return {
    measures: ['TrackedEvents.pageViewsCount'],
    dimensions: ['TrackedEvents.docPath', 'TrackedEvents.pageTitle'],
    filters: onHost(host),
    order: [
      ['TrackedEvents.pageViewsCount', 'desc'],
      ['TrackedEvents.docPath', 'asc'],
    ],
    limit: 100,
  };
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Page views per day (UTC) on `host` over the {@link DAYS_SHOWN} days ending `now`; empty days come back as 0. */
export function byDayQuery(host: string, now: number): QueryObject {
  return {
    measures: ['TrackedEvents.pageViewsCount'],
    timeDimensions: [
      {
        dimension: 'TrackedEvents.utcTime',
        granularity: 'day',
        dateRange: [isoDay(now - (DAYS_SHOWN - 1) * 24 * 3600_000), isoDay(now)],
      },
    ],
    filters: onHost(host),
  };
}

/** A row of the answer: members to values (measures are strings). */
export type ResultRow = Record<string, string | number | null>;

/** The rows of a `queryType=multi` answer's first result; empty when the answer has none. */
export function resultRows(answer: unknown): ResultRow[] {
  const results = (answer as { results?: unknown } | null)?.results;
  const data = Array.isArray(results) ? (results[0] as { data?: unknown } | undefined)?.data : undefined;
  return Array.isArray(data) ? data.filter((row): row is ResultRow => typeof row === 'object' && row !== null) : [];
}

/** A by-path row for display. */
export interface PathViews {
  path: string;
  title: string;
  views: number;
}

/** The by-path rows as paths, titles and counts. */
export function pathViews(rows: readonly ResultRow[]): PathViews[] {
  return rows.map((row) => ({
    path: String(row['TrackedEvents.docPath'] ?? ''),
    title: String(row['TrackedEvents.pageTitle'] ?? ''),
    views: Number(row['TrackedEvents.pageViewsCount'] ?? 0),
  }));
}

/** A by-day row for display. */
export interface DayViews {
  /** `YYYY-MM-DD`. */
  day: string;
  views: number;
}

/** The by-day rows as days and counts, oldest first. */
export function dayViews(rows: readonly ResultRow[]): DayViews[] {
  return rows
    .map((row) => ({
      day: String(row['TrackedEvents.utcTime.day'] ?? '').slice(0, 10),
      views: Number(row['TrackedEvents.pageViewsCount'] ?? 0),
    }))
    .sort((a, b) => a.day.localeCompare(b.day));
}

/** The query endpoint's page on this site, which carries its console. */
export const LOAD_ENDPOINT_PAGE = '/api/product-analytics-load/';

/**
 * A link to the query endpoint's console with `query` as the request body (`?body=…`, the body as JSON;
 * `#console` scrolls to the console), so a panel's query can be edited and run there.
 */
export function consoleLink(query: QueryObject): string {
  return `${LOAD_ENDPOINT_PAGE}?${new URLSearchParams({ body: JSON.stringify({ query }) })}#console`;
}
