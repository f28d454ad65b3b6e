/**
 * Bounds on the size of what one load request may ask for (reference design; the spec states none). They
 * keep one request from holding the server: a list of queries, nested filter groups, and the rows a list
 * returns together (the register's raw-export maximum).
 */
import { ApiError } from '../../platform/api-error.ts';

/** Queries in one `queryType=multi` list: dashboards send a handful. */
export const MAX_QUERIES_PER_REQUEST = 20;

/** Levels of nested `and`/`or` groups in a query's filters; deeper nesting is refused before validation. */
export const MAX_FILTER_DEPTH = 10;

/** Rejects a query list longer than {@link MAX_QUERIES_PER_REQUEST}. */
export function assertQueryCount(count: number): void {
  if (count > MAX_QUERIES_PER_REQUEST)
    throw new ApiError(
      400,
      `query: the list holds ${count} queries; one request runs at most ${MAX_QUERIES_PER_REQUEST}; send the rest in further requests`,
    );
}

/**
 * Rejects filters nested deeper than {@link MAX_FILTER_DEPTH}, naming the first group too deep. Walks with its
 * own stack, so nesting of any depth is measured without recursion.
 */
export function assertFilterDepth(query: unknown): void {
  const filters = (query as { filters?: unknown } | null)?.filters;
  if (!Array.isArray(filters)) return;
  const stack: { value: unknown; depth: number; path: string }[] = filters.map((value, index) => ({
    value,
    depth: 1,
    path: `query.filters[${index}]`,
  }));
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop() as (typeof stack)[number];
    if (value === null || typeof value !== 'object') continue;
    for (const kind of ['and', 'or'] as const) {
      const children = (value as Record<string, unknown>)[kind];
      if (!Array.isArray(children)) continue;
      if (depth > MAX_FILTER_DEPTH)
        throw new ApiError(
          400,
          `${path}.${kind}: filter groups are nested more than ${MAX_FILTER_DEPTH} levels deep; flatten the and/or groups`,
        );
      children.forEach((child, index) => {
        stack.push({ value: child, depth: depth + 1, path: `${path}.${kind}[${index}]` });
      });
    }
  }
}

/**
 * Rejects a list of results whose rows together pass `maximum`, the register's rows per request, so a list
 * cannot multiply it.
 */
export function assertRowTotal(rowCounts: readonly number[], maximum: number): void {
  const total = rowCounts.reduce((sum, count) => sum + count, 0);
  if (total > maximum)
    throw new ApiError(
      400,
      `query: the ${rowCounts.length} queries return ${total} rows together; one request returns at most ${maximum}; lower their limits or send them in separate requests`,
    );
}
