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

/** A row of the list: the summary and its sort value. */
interface Row {
  summary: ErrorSummary;
  value: number;
}

/** Whether `a` comes before `b` in the list: higher value first, then higher id. */
const before = (a: Row, b: Row) => a.value > b.value || (a.value === b.value && a.summary.id > b.summary.id);

/**
 * One page of a project's errors at `now`, from its errors in parts (`ErrorStore.parts`). Only the page and
 * the one row after it are held while the parts are read, so a project with many errors on disk costs
 * memory for a page; `between` runs between parts (a host lets other requests be answered there).
 */
export async function listErrors(
  parts: Iterable<ErrorRecord[]>,
  query: ListQuery,
  now: number,
  between: () => Promise<void> = async () => {},
): Promise<ListPage> {
  const { after } = query;
  const cursor = after ? { summary: { id: after.id } as ErrorSummary, value: after.value } : undefined;
  // The best `limit + 1` rows after the cursor, in list order: the page and whether another follows.
  const best: Row[] = [];
  const keep = query.limit + 1;
  let first = true;
  for (const part of parts) {
    if (!first) await between();
    first = false;
    for (const record of part) {
      if (query.status !== 'all' && record.status !== query.status) continue;
      const summary = summarize(record, now);
      if (!matches(summary, record, query.search)) continue;
      const row = { summary, value: sortValue(summary, query.sort) };
      if (cursor && !before(cursor, row)) continue;
      if (best.length === keep && !before(row, best[keep - 1] as Row)) continue;
      let at = best.length;
      while (at > 0 && before(row, best[at - 1] as Row)) at -= 1;
      best.splice(at, 0, row);
      if (best.length > keep) best.pop();
    }
  }
  const page = best.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ summary }) => summary),
    ...(best.length > query.limit && last ? { nextCursor: encodeCursor(query.sort, last.value, last.summary.id) } : {}),
  };
}

/** The `Link` header for the next page, built on the request's own URL. */
export function nextLink(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl);
  url.searchParams.set('cursor', cursor);
  return `<${url.toString()}>; rel="next"`;
}
