/**
 * The errors list (reference design; the spec shows only that open errors are listed): filter by
 * status (open by default) and search, sort newest first by `last_seen`, `first_seen` or `frequency`
 * (occurrences), and page with an opaque cursor carried in a `Link: <…>; rel="next"` header.
 */
import { ApiError } from '../platform/api-error.ts';
import { ERROR_STATUSES, type ErrorRecord, type ErrorStatus } from './error-store.ts';
import { type ErrorSummary, summarize } from './error-views.ts';
import { LIST_LIMIT } from './ingestion-limits.ts';

/** Sort orders, each newest (or most frequent) first. */
export const LIST_SORTS = ['last_seen', 'first_seen', 'frequency'] as const;
/** A sort order. */
export type ListSort = (typeof LIST_SORTS)[number];

/** A parsed list request. */
export interface ListQuery {
  sort: ListSort;
  status: ErrorStatus | 'all';
  search: string;
  limit: number;
  /** Position after which the page starts: the last item's sort value and id. */
  after?: { value: number; id: number };
}

/** A page of errors. */
export interface ListPage {
  items: ErrorSummary[];
  /** The cursor of the next page; undefined on the last page. */
  nextCursor?: string;
}

function encodeCursor(sort: ListSort, value: number, id: number): string {
  return btoa(JSON.stringify([sort, value, id]))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function decodeCursor(cursor: string, sort: ListSort): { value: number; id: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(atob(cursor.replaceAll('-', '+').replaceAll('_', '/')));
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || typeof parsed[1] !== 'number' || typeof parsed[2] !== 'number') {
    throw new ApiError(400, 'cursor is not one this endpoint gave out; follow the Link header of the previous page');
  }
  if (parsed[0] !== sort) {
    throw new ApiError(400, `cursor belongs to sort=${String(parsed[0])}; keep the sort of the page it came from`);
  }
  return { value: parsed[1], id: parsed[2] };
}

/** Reads `sort`, `status`, `search`, `limit` and `cursor`; rejects bad values with a 400 that lists the valid ones. */
export function parseListQuery(query: URLSearchParams): ListQuery {
  const sort = query.get('sort') ?? 'last_seen';
  if (!LIST_SORTS.includes(sort as ListSort)) {
    throw new ApiError(400, `sort must be one of ${LIST_SORTS.join(', ')}; got "${sort}"`);
  }
  const status = query.get('status') ?? 'open';
  if (status !== 'all' && !ERROR_STATUSES.includes(status as ErrorStatus)) {
    throw new ApiError(400, `status must be one of ${ERROR_STATUSES.join(', ')} or all; got "${status}"`);
  }
  const limitText = query.get('limit');
  const limit = limitText === null ? LIST_LIMIT.default : Number(limitText);
  if (!Number.isInteger(limit) || limit < LIST_LIMIT.min || limit > LIST_LIMIT.max) {
    throw new ApiError(400, `limit must be a whole number from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}; got "${limitText}"`);
  }
  const parsed: ListQuery = {
    sort: sort as ListSort,
    status: status as ListQuery['status'],
    search: (query.get('search') ?? '').trim().toLowerCase(),
    limit,
  };
  const cursor = query.get('cursor');
  if (cursor) parsed.after = decodeCursor(cursor, parsed.sort);
  return parsed;
}

function sortValue(summary: ErrorSummary, sort: ListSort): number {
  if (sort === 'frequency') return summary.occurrences;
  return Date.parse(sort === 'first_seen' ? summary.first_seen.at : summary.last_seen);
}

function matches(summary: ErrorSummary, record: ErrorRecord, search: string): boolean {
  if (search === '') return true;
  const haystack = [summary.title, summary.culprit, summary.type ?? '', record.latest.message ?? ''];
  return haystack.some((text) => text.toLowerCase().includes(search));
}

/** One page of a project's errors at `now`. */
export function listErrors(records: ErrorRecord[], query: ListQuery, now: number): ListPage {
  const rows = records
    .filter((record) => query.status === 'all' || record.status === query.status)
    .map((record) => ({ record, summary: summarize(record, now) }))
    .filter(({ record, summary }) => matches(summary, record, query.search))
    .map(({ summary }) => ({ summary, value: sortValue(summary, query.sort) }))
    .sort((a, b) => b.value - a.value || b.summary.id - a.summary.id);
  const { after } = query;
  const start = after
    ? rows.findIndex(({ value, summary }) => value < after.value || (value === after.value && summary.id < after.id))
    : 0;
  const page = start === -1 ? [] : rows.slice(start, start + query.limit);
  const last = page.at(-1);
  const more = start !== -1 && start + query.limit < rows.length;
  return {
    items: page.map(({ summary }) => summary),
    ...(more && last ? { nextCursor: encodeCursor(query.sort, last.value, last.summary.id) } : {}),
  };
}

/** The `Link` header for the next page, built on the request's own URL. */
export function nextLink(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl);
  url.searchParams.set('cursor', cursor);
  return `<${url.toString()}>; rel="next"`;
}
